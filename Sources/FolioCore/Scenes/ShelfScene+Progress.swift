/// The bar under each cover that says how far its book was read (as a Kindle's library
/// does): a faint track as wide as the cover, just under its foot on the shelf's background
/// (legible whatever the cover's art), and over it a light fill as long as the part read; a
/// book read to its end has the whole bar in green instead; an unopened book none (a
/// right-to-left book's fills from the right). The bar
/// is two layers in the cover's plane (its position and transform, with an anchor at the
/// cover's centre), so it scales, moves and fades with the cover.
extension ShelfScene {
    /// The track under the fill: a faint line on the shelf's background.
    public static let trackColour = RGBA(1, 1, 1, 0.16)
    /// The part read: the shelf's text colour.
    public static let fillColour = RGBA(0.93, 0.91, 0.86, 0.95)
    /// A book read to its end: the whole bar, in a soft green.
    public static let finishedColour = RGBA(0.45, 0.80, 0.52, 0.95)
    /// The bar's height and its gap under the cover's foot, points at unit scale (before
    /// the shelf's scale: about 3 and 5 pixels under the centred cover at 1280×800).
    static let barHeight = 4.5
    static let barGap = 7.0

    /// The track and the fill of the bar showing `progress` on `cover` (none for nil).
    func progressBar(on cover: Layer, progress: ReadingProgress?) -> [Layer] {
        ShelfScene.progressBar(on: cover, progress: progress, unit: layout.unit)
    }

    /// The same bar on `cover` for a scene of unit `unit` (the library grid's covers wear it too).
    static func progressBar(on cover: Layer, progress: ReadingProgress?, unit: Double) -> [Layer] {
        guard let progress else { return [] }
        let track = barFrame(on: cover, unit: unit)
        guard track.size.width > 0, track.size.height > 0 else { return [] }
        if progress.finished { return [layer(track, on: cover, colour: ShelfScene.finishedColour)] }
        // A place at the cover is a track alone; any page past it shows at least a dot. A
        // right-to-left book fills from the right, the way its pages go.
        let width = min(max(track.size.width * progress.fraction, track.size.height), track.size.width)
        let x = progress.rightToLeft ? track.maxX - width : track.minX
        let read = progress.fraction > 0
            ? [layer(Rect(x: x, y: track.minY, width: width, height: track.size.height), on: cover, colour: ShelfScene.fillColour)] : []
        return [layer(track, on: cover, colour: ShelfScene.trackColour)] + read
    }

    /// Where the bar lies in `cover`'s plane, in its bounds' coordinates: under its foot,
    /// as wide as it.
    static func barFrame(on cover: Layer, unit u: Double) -> Rect {
        Rect(x: 0, y: cover.size.height + ShelfScene.barGap * u, width: cover.size.width, height: ShelfScene.barHeight * u)
    }

    /// A layer filling `frame` (in `cover`'s bounds) with `colour`, in `cover`'s plane: the
    /// anchor is the cover's centre, so the cover's position and transform place it.
    static func layer(_ frame: Rect, on cover: Layer, colour: RGBA, opacity: Double = 1) -> Layer {
        let centre = Point(x: cover.anchor.x * cover.size.width, y: cover.anchor.y * cover.size.height)
        let anchor = Point(x: (centre.x - frame.minX) / frame.size.width, y: (centre.y - frame.minY) / frame.size.height)
        return Layer(size: frame.size, position: cover.position, anchor: anchor, transform: cover.transform,
                     opacity: cover.opacity * opacity, content: .fill(colour), side: .right, cornerRadius: 0)
    }
}
