/// The reading view's continuous mode: the book's pages one under another with a small gap,
/// scrolled as evince, zathura and Okular scroll a document (and as comic readers scroll a
/// vertical strip). Positions are in column points, where a page is the book's page at the
/// window's scale (`BookLayout.pageSize`); `scale` makes them window points. Moves glide
/// (an ease-out, sampled at the time passed in); a drag follows at once.
public struct ContinuousColumn: Equatable, Sendable {
    /// The display pages shown, top to bottom (the cover to the last numbered page).
    public let pages: [Int]
    /// One page, column points.
    public let page: Size
    /// The window area the pages show in (0…width, 0…height) and the reading area fits are
    /// made for, window points.
    public private(set) var viewport: Size
    public private(set) var area: Rect
    /// How the pages fit the window before any zoom.
    public private(set) var fit: FitMode
    /// Magnification over the fit's, 1…4.
    public private(set) var zoom = 1.0
    /// Column y at the window's top edge: where it is going, and on screen now.
    public private(set) var target = 0.0
    public private(set) var current = 0.0
    private var glide = Glide(at: 0.0)
    /// The column's shift right of the window's centre, window points (a zoomed page panned).
    public private(set) var pan = 0.0

    /// Seconds a scroll glides.
    public static let duration = 0.2
    static let curve = TimingCurve(0, 0, 0.58, 1, duration: duration)
    /// Gap between pages as a fraction of a page's width (about 12 points at 1280×800).
    static let gapFraction = 0.035

    public init(pages: [Int], page: Size, viewport: Size, area: Rect, fit: FitMode) {
        self.pages = pages
        self.page = Size(width: max(page.width, 1), height: max(page.height, 1))
        self.viewport = viewport
        self.area = area
        self.fit = fit
    }

    public var gap: Double { ContinuousColumn.gapFraction * page.width }
    /// From one page's top to the next's, column points.
    public var stride: Double { page.height + gap }
    var length: Double { max(Double(pages.count) * stride - gap, 0) }

    /// Column points to window points: the fit's (the page's width across the reading area,
    /// or its height within it) times the zoom.
    public var scale: Double {
        let width = area.size.width / page.width, height = area.size.height / page.height
        let fitted = fit == .width ? width : min(width, height)
        return fitted * zoom
    }

    /// Where the column's top edge meets the window when scrolled to its start: the reading
    /// area's top margin.
    var margin: Double { area.minY }
    /// Column points the window shows below `margin`.
    var window: Double { (viewport.height - margin) / scale }
    /// The furthest the column scrolls: the last page's bottom at the window's bottom edge.
    var maxTarget: Double { max(length - window, 0) }

    public var isAnimating: Bool { current != target }

    /// Window y of column y `y`, as on screen now.
    public func windowY(_ y: Double) -> Double { margin + (y - current) * scale }

    /// The window x of the pages' left edge, as on screen now.
    public var left: Double { (viewport.width - page.width * scale) / 2 + pan }

    // MARK: Places

    /// The column y of `place`'s line.
    func y(of place: ReadingPlace) -> Double {
        let index = pages.firstIndex(of: place.page) ?? (place.page < (pages.first ?? 0) ? 0 : pages.count - 1)
        return Double(max(index, 0)) * stride + place.top * page.height
    }

    /// The place at column y `y`: the page there and the fraction of it (a gap between two
    /// pages counts as the next one's top: a page shown from its top, under the margin, is
    /// the place).
    func place(at y: Double) -> ReadingPlace {
        guard !pages.isEmpty else { return ReadingPlace(page: 0) }
        let index = min(max(Int((y / stride).rounded(.down)), 0), pages.count - 1)
        let fraction = (y - Double(index) * stride) / page.height
        if fraction > 1, index + 1 < pages.count { return ReadingPlace(page: pages[index + 1]) }
        return ReadingPlace(page: pages[index], top: fraction)
    }

    /// The place at the window's top edge, where the column is going.
    public var place: ReadingPlace { place(at: target + (0 - margin) / scale) }

    /// The display page under the reading line (a third of the way down the window), as on
    /// screen now: the page the indicator names.
    public var pageRead: Int { place(at: current + (viewport.height / 3 - margin) / scale).page }

    /// The target that shows page `page` as `arrival` says: its top at the margin, its
    /// bottom at the window's bottom edge, a place on it a third of the way down, or a line
    /// of it at the window's top edge.
    func target(for page: Int, _ arrival: ReadingPlace.Arrival) -> Double {
        let top = y(of: ReadingPlace(page: page))
        switch arrival {
        case .top: return top
        case .bottom: return top + self.page.height - window
        case .at(let f): return top + min(max(f, 0), 1) * self.page.height - (viewport.height / 3 - margin) / scale
        case .line(let f): return top + min(max(f, 0), 1) * self.page.height + margin / scale
        }
    }

    // MARK: Moves

    /// Glides to column y `y` (clamped); the distance it moves, column points.
    @discardableResult
    mutating func move(to y: Double, at time: Double) -> Double {
        let next = min(max(y, 0), maxTarget)
        let moved = next - target
        guard abs(moved) > 1e-9 else { return 0 }
        target = next
        glide.retarget(from: current, to: next, keepingSpeedAlong: ContinuousColumn.curve, at: time)
        return moved
    }

    /// Shows `page` as `arrival` says: gliding there within a couple of screens, at once
    /// further (a glide across many pages shows nothing readable; the page is decoded first).
    mutating func go(to page: Int, _ arrival: ReadingPlace.Arrival, at time: Double) {
        let y = target(for: page, arrival)
        if abs(y - current) * scale > ContinuousColumn.glideReach * viewport.height {
            settle(at: y)
        } else {
            move(to: y, at: time)
        }
    }

    /// Screens a jump glides across; further, it lands at once.
    static let glideReach = 2.0

    /// Rests at once with `place`'s line at the window's top edge.
    mutating func settle(on place: ReadingPlace) {
        settle(at: target(for: place.page, .line(place.top)))
    }

    private mutating func settle(at y: Double) {
        target = min(max(y, 0), maxTarget)
        current = target
        glide.settle(on: target)
    }

    /// Scrolls by `dy` window points (positive: further down the book), gliding; the
    /// distance moved, window points.
    @discardableResult
    mutating func scroll(by dy: Double, at time: Double) -> Double {
        move(to: target + dy / scale, at: time) * scale
    }

    /// A screenful down (or up), less the line `ReadingPlace.overlap` shows again.
    mutating func scrollScreen(down: Bool, at time: Double) {
        let step = (1 - ReadingPlace.overlap) * viewport.height
        scroll(by: down ? step : -step, at: time)
    }

    /// A drag: the pages follow the pointer at once, `delta` window points.
    mutating func drag(by delta: Point) {
        settle(at: target - delta.y / scale)
        pan = clampedPan(pan + delta.x)
    }

    /// Multiplies the zoom by `factor` (within 1…4) about window point `point`, at once: the
    /// page point under it stays there as far as the edges allow.
    mutating func zoom(by factor: Double, about point: Point) {
        zoom(to: zoom * factor, about: point)
    }

    mutating func zoom(to value: Double, about point: Point) {
        let next = min(max(value, 1), BookZoom.maxScale)
        guard next != zoom else { return }
        let y = target + (point.y - margin) / scale
        let x = (point.x - left) / scale
        zoom = next
        pan = clampedPan(point.x - x * scale - (viewport.width - page.width * scale) / 2)
        settle(at: y - (point.y - margin) / scale)
    }

    /// The pan kept within the pages: none while they are narrower than the window.
    private func clampedPan(_ value: Double) -> Double {
        let spare = (page.width * scale - viewport.width) / 2
        return spare > 0 ? min(max(value, -spare), spare) : 0
    }

    /// A new window, fit or strip: the same line of the same page stays at the top edge.
    mutating func relayout(viewport newViewport: Size, area newArea: Rect, fit newFit: FitMode) {
        let kept = place
        viewport = newViewport
        area = newArea
        if newFit != fit { zoom = 1 }
        fit = newFit
        pan = clampedPan(pan)
        settle(on: kept)
    }

    public mutating func update(at time: Double) {
        guard current != target else { return }
        current = glide.value(at: time)
    }

    // MARK: What shows

    /// Each page on screen now: its index in `pages`, display page and window rectangle.
    public func shown() -> [(page: Int, frame: Rect)] {
        guard !pages.isEmpty else { return [] }
        let first = max(Int(((current - margin / scale) / stride).rounded(.down)), 0)
        var out: [(Int, Rect)] = []
        var index = first
        while index < pages.count {
            let top = windowY(Double(index) * stride)
            guard top < viewport.height else { break }
            let frame = Rect(x: left, y: top, width: page.width * scale, height: page.height * scale)
            if frame.maxY > 0 { out.append((pages[index], frame)) }
            index += 1
        }
        return out
    }

    /// How much of each page shows (the trace's `reading.visible`).
    public func visible() -> [ReadingPlace.Visible] {
        shown().compactMap { ReadingPlace.Visible(page: $0.page, span: $0.frame.minY...$0.frame.maxY, height: viewport.height) }
    }
}
