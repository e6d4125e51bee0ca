/// The cover row of the shelf (SPEC §1): geometry as a pure function of the window size,
/// the number of books and the scroll position `p` (points; `p = i·stride` centres book i).
public struct ShelfLayout: Equatable, Sendable {
    public let size: Size
    public let bookCount: Int
    /// Each book's page in points at unit scale (missing ones: the tutorial's page).
    public let coverShapes: [Size]

    public init(size: Size, bookCount: Int, coverShapes: [Size] = []) {
        self.size = size
        self.bookCount = bookCount
        self.coverShapes = coverShapes
    }

    public var unit: Double { size.layoutUnit }
    /// Cell size: the tutorial's page, scaled.
    public var cellSize: Size { Size(width: PageGeometry.size.width * unit, height: PageGeometry.size.height * unit) }

    /// Book `index`'s cover before the shelf's scale: its page, scaled with the window, so a
    /// cover and its closed book are the same size.
    public func coverSize(of index: Int) -> Size {
        let shape = coverShapes.indices.contains(index) ? coverShapes[index] : PageGeometry.size
        return Size(width: shape.width * unit, height: shape.height * unit)
    }
    /// Distance between neighbouring cells' centres: cell width plus 10u spacing.
    public var stride: Double { 372 * unit }
    /// The scale every cover gets on top of the distance scale.
    public static let baseScale = 0.7

    /// Scroll positions between which the row rests.
    public var range: ClosedRange<Double> { 0...(Double(max(bookCount - 1, 0)) * stride) }

    /// The book nearest the centre of the window.
    public func centredIndex(at p: Double) -> Int {
        guard bookCount > 0 else { return 0 }
        return Int(clamp((p / stride).rounded(), 0, Double(bookCount - 1)))
    }

    /// Cover scale about the cell centre: `0.7 · clamp(1 − |p − i·s| / W, 0.75, 1)`.
    public func scale(of index: Int, at p: Double) -> Double {
        ShelfLayout.baseScale * clamp(1 - abs(p - Double(index) * stride) / size.width, 0.75, 1)
    }

    /// Window x of the centre of cell `index`.
    public func centerX(of index: Int, at p: Double) -> Double {
        Double(index) * stride - p + size.width / 2
    }

    /// Indices of covers that intersect the window (a contiguous run).
    public func visibleIndices(at p: Double) -> Range<Int> {
        guard bookCount > 0, stride > 0 else { return 0..<0 }
        // A cover is at most 0.7 of the widest page wide: that bounds the candidates.
        let half = size.width / 2 + PageGeometry.maxWidth * unit * ShelfLayout.baseScale / 2
        var first = max(0, Int(((p - half) / stride).rounded(.up)))
        var last = min(bookCount - 1, Int(((p + half) / stride).rounded(.down)))
        func onScreen(_ i: Int) -> Bool {
            let x = centerX(of: i, at: p), w = coverSize(of: i).width * scale(of: i, at: p) / 2
            return x + w > 0 && x - w < size.width
        }
        while first <= last && !onScreen(first) { first += 1 }
        while last >= first && !onScreen(last) { last -= 1 }
        return first <= last ? first..<(last + 1) : 0..<0
    }

    /// The book under a window point, if any (hit-testing the scaled cover).
    public func index(at point: Point, p: Double) -> Int? {
        for i in visibleIndices(at: p) {
            let s = scale(of: i, at: p)
            let cover = coverSize(of: i)
            let w = cover.width * s, h = cover.height * s
            let frame = Rect(x: centerX(of: i, at: p) - w / 2, y: size.height / 2 - h / 2, width: w, height: h)
            if frame.contains(point) { return i }
        }
        return nil
    }

    /// Snapping (the tutorial's targetContentOffset): with projected rest `q = rest / s`,
    /// `s·ceil(q)` for positive velocity, `s·floor(q)` for negative, `s·round(q)` at rest;
    /// clamped to the first and last book.
    public func snapTarget(rest: Double, velocity: Double) -> Double {
        guard stride > 0 else { return 0 }
        let q = rest / stride
        let index: Double
        if velocity > 0 { index = q.rounded(.up) } else if velocity < 0 { index = q.rounded(.down) } else { index = q.rounded() }
        return clamp(index * stride, range.lowerBound, range.upperBound)
    }
}
