/// The zoom into an open book's spread: a magnification from 1 (the whole spread) to 4 about
/// a window point, and a pan, as a `ScreenTransform` drawn after the 3D projection. Changes
/// of zoom glide (an ease-out over `duration`, sampled at the time passed in); a pan follows
/// the pointer at once. The shift is always clamped so the zoomed spread leaves no empty
/// window beyond its edges: along an axis where it is wider than the window it covers the
/// window, and where it is narrower it stays inside it.
public struct BookZoom: Equatable, Sendable {
    /// Largest magnification.
    public static let maxScale = 4.0
    /// What a wheel notch or a zoom key multiplies the magnification by: four reach 4×.
    public static let stepFactor = 2.0.squareRoot()
    /// Where a double-click on the whole spread zooms to.
    public static let doubleClickScale = 2.0
    /// Seconds a change of zoom takes.
    public static let duration = 0.25
    static let curve = TimingCurve(0, 0, 0.58, 1, duration: duration)

    /// The window, and the book as drawn in it unzoomed (window points).
    public private(set) var window: Size
    public private(set) var spread: Rect
    /// Where the zoom is going, and where it glides from.
    public private(set) var target = ScreenTransform.identity
    /// `target` before the clamp: a run of small zooms (a touchpad or a two-finger pinch)
    /// composes on it, so the point zoomed about stays put once the clamp lets it, instead
    /// of each step starting from where the clamp pushed the last one.
    private var ideal = ScreenTransform.identity
    /// The glide to `target` (an ease-out over `duration`, from the speed it had when sent
    /// somewhere nearer the way it moved).
    private var glide = Glide(at: ScreenTransform.identity)
    /// The zoom on screen at the last update.
    public private(set) var current = ScreenTransform.identity

    public init(window: Size, spread: Rect) {
        self.window = window
        self.spread = spread
    }

    /// Zoomed in, or on its way in (a zoom gliding back to the whole spread is not).
    public var isZoomed: Bool { target.scale > 1 }
    /// True while a change of zoom glides.
    public var isAnimating: Bool { current != target }

    /// Sets `current` for `time` (seconds on the animation clock).
    public mutating func update(at time: Double) {
        guard current != target else { return }
        current = glide.value(at: time)
    }

    /// Glides to magnification `scale` (clamped to 1…4), keeping the spread point that the
    /// zoom being reached shows at `point` there (as far as the clamp allows).
    public mutating func zoom(to scale: Double, about point: Point, at time: Double) {
        let k = min(max(scale, 1), BookZoom.maxScale)
        let p = ideal.unapply(point)
        let next = ScreenTransform(scale: k, offset: Point(x: point.x - k * p.x, y: point.y - k * p.y))
        ideal = k > 1 ? next : .identity
        glide(to: clamped(next), at: time)
    }

    /// Multiplies the magnification by `factor` about `point`.
    public mutating func zoom(by factor: Double, about point: Point, at time: Double) {
        zoom(to: target.scale * factor, about: point, at: time)
    }

    /// Glides back to the whole spread.
    public mutating func reset(at time: Double) {
        ideal = .identity
        glide(to: .identity, at: time)
    }

    /// Glides to `z` (clamped): a fit mode's view of the page.
    public mutating func show(_ z: ScreenTransform, at time: Double) {
        ideal = z.scale > 1 ? z : .identity
        glide(to: clamped(z), at: time)
    }

    /// Shows `z` (clamped) at once, with no glide: the fit a reading view opens with.
    public mutating func settle(on z: ScreenTransform) {
        ideal = z.scale > 1 ? z : .identity
        target = clamped(z)
        glide.settle(on: target)
        current = target
    }

    /// Glides the zoomed page down the window by `dy` points (negative: up, further down the
    /// page), as far as the clamp lets it; the distance it will move.
    @discardableResult
    public mutating func scroll(by dy: Double, at time: Double) -> Double {
        var next = target
        next.offset.y += dy
        let moved = clamped(next).offset.y - target.offset.y
        if abs(moved) > 0.5 { show(clamped(next), at: time) }
        return moved
    }

    /// Takes the book's drawn bounds (they change as leaves turn); the zoom itself changes
    /// with the next zoom or pan.
    public mutating func track(spread newSpread: Rect) {
        spread = newSpread
    }

    /// Moves the zoomed spread by `delta` window points at once (a drag), clamped.
    public mutating func pan(by delta: Point) {
        var next = target
        next.offset.x += delta.x
        next.offset.y += delta.y
        target = clamped(next)
        ideal = target
        glide.settle(on: target)
        current = target
    }

    /// A resized window: the spread point at the window's centre stays at the centre, at the
    /// same magnification, clamped to the new spread (no glide).
    public mutating func relayout(window newWindow: Size, spread newSpread: Rect) {
        defer { window = newWindow; spread = newSpread }
        guard target != .identity || current != .identity else { return }
        let k = target.scale
        let centre = target.unapply(Point(x: window.width / 2, y: window.height / 2))
        // The same place on the page: relative to the spread's origin, in the new spread's units.
        let ratio = newSpread.size.width / max(spread.size.width, 1e-9)
        let p = Point(x: newSpread.origin.x + (centre.x - spread.origin.x) * ratio,
                      y: newSpread.origin.y + (centre.y - spread.origin.y) * ratio)
        window = newWindow
        spread = newSpread
        let next = ScreenTransform(scale: k, offset: Point(x: newWindow.width / 2 - k * p.x, y: newWindow.height / 2 - k * p.y))
        target = clamped(next)
        ideal = target
        glide.settle(on: target)
        current = target
    }

    private mutating func glide(to next: ScreenTransform, at time: Double) {
        guard next != target else { return }
        target = next
        self.glide.retarget(from: current, to: next, keepingSpeedAlong: BookZoom.curve, at: time)
    }

    /// `z` with its offset moved the least so that no empty window shows beyond the zoomed
    /// spread's edges.
    func clamped(_ z: ScreenTransform) -> ScreenTransform {
        func axis(_ offset: Double, low: Double, high: Double, extent: Double) -> Double {
            // The zoomed spread spans k·low + offset … k·high + offset; the window 0 … extent.
            let a = extent - z.scale * high, b = -z.scale * low
            return min(max(offset, min(a, b)), max(a, b))
        }
        guard z.scale > 1 else { return .identity }
        let o = spread.origin, s = spread.size
        return ScreenTransform(scale: z.scale, offset: Point(
            x: axis(z.offset.x, low: o.x, high: o.x + s.width, extent: window.width),
            y: axis(z.offset.y, low: o.y, high: o.y + s.height, extent: window.height)))
    }
}
