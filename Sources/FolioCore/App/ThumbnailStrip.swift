/// The thumbnail strip along the bottom of the window in a book: every page, the page being
/// read marked, one selected (the keys move it, Enter goes there), scrolled by the wheel.
/// It shows with T, or when the pointer rests at the window's bottom edge (and then hides
/// when the pointer leaves it). Only the thumbnails on screen are layers, so a book of
/// 100,000 pages costs what one of ten does.
public struct ThumbnailStrip: Sendable {
    public private(set) var isShown = false
    /// Shown because the pointer rested at the bottom edge: leaving the strip hides it.
    private(set) var byPointer = false
    /// The page selected (the reader's numbering: 1 is the cover).
    public private(set) var selected = 1
    /// The strip's scroll, points from its first thumbnail's slot.
    private(set) var scroller = Scroller(range: 0...0, dimension: 1)
    /// When the pointer came to rest at the bottom edge, while it stays there.
    private(set) var edgeSince: Double?

    /// Seconds the pointer rests at the bottom edge before the strip shows.
    public static let restTime = 0.4

    public init() {}

    /// Where the thumbnails go in a window: their size, the pitch between their left edges,
    /// and the band they sit in.
    public struct Geometry: Equatable, Sendable {
        public var window: Size
        public var thumb: Size
        public var pitch: Double
        public var band: Rect
        public var count: Int
        /// Left edge of the first thumbnail when the strip is not scrolled.
        public var margin: Double
        /// Where the caption's line sits, across the band's top.
        public var captionY: Double
        public var captionSize: Double

        /// The band and thumbnails for `count` pages of `pageShape` in `window`.
        public init(window: Size, pageShape: Size, count: Int) {
            let u = window.layoutUnit
            let height = max(48, 92 * u), gap = max(6, 12 * u), pad = max(6, 12 * u)
            captionSize = max(14 * u, 11)
            let aspect = pageShape.height > 0 ? pageShape.width / pageShape.height : PageGeometry.aspect
            self.window = window
            self.count = max(count, 0)
            thumb = Size(width: height * min(max(aspect, 0.2), 3), height: height)
            pitch = thumb.width + gap
            margin = pad
            let caption = captionSize * 1.6
            band = Rect(x: 0, y: window.height - height - 2 * pad - caption, width: window.width, height: height + 2 * pad + caption)
            captionY = band.minY + pad + caption / 2
        }

        /// The farthest the strip scrolls: the last thumbnail at the right margin.
        var maxScroll: Double { max(0, Double(count) * pitch - (pitch - thumb.width) + 2 * margin - window.width) }

        /// The bottom edge where a resting pointer shows the strip.
        public func isAtEdge(_ p: Point) -> Bool {
            p.y >= window.height - max(6, 0.02 * window.height) && p.y <= window.height && p.x >= 0 && p.x <= window.width
        }
    }

    // MARK: Showing

    /// Shows the strip with `current` (the page being read) selected and in view.
    public mutating func show(current: Int, in geometry: Geometry, byPointer: Bool = false) {
        isShown = true
        self.byPointer = byPointer
        edgeSince = nil
        scroller = Scroller(range: 0...geometry.maxScroll, dimension: geometry.window.width)
        selected = min(max(current, 1), max(geometry.count, 1))
        scroller.jump(to: centring(selected, in: geometry))
    }

    public mutating func hide() {
        isShown = false
        byPointer = false
        edgeSince = nil
    }

    /// The pointer moved to `point` at `time`: resting at the bottom edge starts the clock
    /// that shows the strip; leaving a strip the edge showed hides it.
    public mutating func pointerMoved(to point: Point, in geometry: Geometry, at time: Double) {
        if geometry.isAtEdge(point) {
            if edgeSince == nil { edgeSince = time }
        } else {
            edgeSince = nil
        }
        if isShown && byPointer && point.y < geometry.band.minY - geometry.thumb.height / 2 { hide() }
    }

    /// True once the pointer has rested at the edge long enough (the app then shows it).
    public func restedAtEdge(at time: Double) -> Bool {
        !isShown && edgeSince.map { time - $0 >= ThumbnailStrip.restTime } == true
    }

    /// The pointer left the window: no rest at the edge.
    public mutating func pointerLeft() { edgeSince = nil }

    // MARK: Moving

    /// Selects page `number` (clamped), scrolling it into view.
    public mutating func select(_ number: Int, in geometry: Geometry, at time: Double) {
        selected = min(max(number, 1), max(geometry.count, 1))
        let x = x(of: selected, in: geometry) - scroller.target
        if x < geometry.margin || x + geometry.thumb.width > geometry.window.width - geometry.margin {
            scroller.scroll(to: centring(selected, in: geometry), at: time)
        }
    }

    /// Scrolls by `notches` of the wheel (positive: on towards later pages), three
    /// thumbnails a notch.
    public mutating func scroll(notches: Double, in geometry: Geometry, at time: Double) {
        scroller.scroll(to: scroller.target + notches * 3 * geometry.pitch, at: time)
    }

    public mutating func update(at time: Double) {
        scroller.update(at: time)
    }

    public var isAnimating: Bool { scroller.isAnimating }
    /// The pointer rests at the bottom edge and the strip is about to show (keep drawing).
    public var isWaitingAtEdge: Bool { !isShown && edgeSince != nil }

    // MARK: Geometry

    /// The left edge of page `number`'s thumbnail in the unscrolled strip.
    func x(of number: Int, in geometry: Geometry) -> Double {
        geometry.margin + Double(number - 1) * geometry.pitch
    }

    /// The scroll that puts page `number` in the middle of the window (clamped).
    func centring(_ number: Int, in geometry: Geometry) -> Double {
        let x = x(of: number, in: geometry) + geometry.thumb.width / 2 - geometry.window.width / 2
        return min(max(x, 0), geometry.maxScroll)
    }

    /// Page `number`'s thumbnail on screen now (`mirrored`: a right-to-left book's strip runs
    /// from the right).
    public func frame(of number: Int, in geometry: Geometry, mirrored: Bool) -> Rect {
        let x = x(of: number, in: geometry) - scroller.position
        let y = geometry.band.maxY - geometry.margin - geometry.thumb.height
        let left = mirrored ? geometry.window.width - x - geometry.thumb.width : x
        return Rect(x: left, y: y, width: geometry.thumb.width, height: geometry.thumb.height)
    }

    /// The pages whose thumbnails are on screen now.
    public func visible(in geometry: Geometry) -> ClosedRange<Int>? {
        guard geometry.count > 0 else { return nil }
        let first = Int(((scroller.position - geometry.margin) / geometry.pitch).rounded(.down)) + 1
        let last = Int(((scroller.position + geometry.window.width - geometry.margin) / geometry.pitch).rounded(.up)) + 1
        let low = max(first, 1), high = min(last, geometry.count)
        return low <= high ? low...high : nil
    }

    /// The page whose thumbnail is under `point`, if any.
    public func number(at point: Point, in geometry: Geometry, mirrored: Bool) -> Int? {
        guard geometry.band.contains(point), let pages = visible(in: geometry) else { return nil }
        return pages.first { frame(of: $0, in: geometry, mirrored: mirrored).contains(point) }
    }
}
