/// The library grid's cells: rows of equal boxes across the window, one cover in each (kept
/// to its own shape, standing on the box's foot, centred across it), its reading bar and
/// title under it. Geometry is a pure function of the window size, the number of books,
/// their shapes, the density and the scroll offset `y` (points down the rows; 0 shows the
/// first row under the heading). Everything here counts slots (the grid's order).
public struct LibraryGridLayout: Equatable, Sendable {
    /// How large the covers are (Ctrl+= and Ctrl+− step between them).
    public enum Density: Int, CaseIterable, Comparable, Sendable {
        case small, medium, large

        /// A cover box's height, points at unit scale (1280×800): nine, six and four
        /// covers across that window.
        var boxHeight: Double {
            switch self {
            case .small: return 150
            case .medium: return 225
            case .large: return 330
            }
        }

        public var name: String {
            switch self {
            case .small: return "small"
            case .medium: return "medium"
            case .large: return "large"
            }
        }

        public static func < (a: Density, b: Density) -> Bool { a.rawValue < b.rawValue }
    }

    public let size: Size
    public let count: Int
    public let density: Density
    /// Each slot's page shape in points at unit scale (missing ones: the tutorial's page).
    public let shapes: [Size]

    public init(size: Size, count: Int, density: Density = .medium, shapes: [Size] = []) {
        self.size = size
        self.count = max(count, 0)
        self.density = density
        self.shapes = shapes
    }

    /// Points per unit (1 at 1280×800), never below a half: in a tiny window the covers stay
    /// big enough to tell apart and fewer fit.
    public var unit: Double { max(size.layoutUnit, 0.5) }
    /// A cover box: as tall as the density says, as wide as a portrait comic's page.
    public var box: Size {
        let height = density.boxHeight * unit
        return Size(width: (height * 0.7).rounded(), height: height.rounded())
    }
    /// Room between boxes across a row.
    public var gap: Double { (30 * unit).rounded() }
    /// Under a box: the bar, the title and the room before the next row.
    public var under: Double { (58 * unit).rounded() }
    /// Distance between the tops of two rows.
    public var rowStride: Double { box.height + under }
    /// The heading line's band at the top (the count and the order), over the first row.
    public var top: Double { (64 * unit).rounded() }
    public var bottom: Double { (24 * unit).rounded() }

    /// Boxes in a row: as many as fit between margins of at least 40 points.
    public var columns: Int {
        let room = size.width - 2 * 40 * unit + gap
        return max(1, Int((room / (box.width + gap)).rounded(.down)))
    }
    public var rows: Int { (count + columns - 1) / columns }
    /// Left edge of the first column: the row centred in the window.
    public var left: Double {
        let width = Double(columns) * box.width + Double(columns - 1) * gap
        return ((size.width - width) / 2).rounded()
    }
    /// Offsets between which the grid rests: from the first row to where the last one shows whole.
    public var range: ClosedRange<Double> {
        let content = top + Double(rows) * rowStride - (under - (40 * unit).rounded()) + bottom
        return 0...max(0, content - size.height)
    }

    public func row(of slot: Int) -> Int { slot / columns }
    public func column(of slot: Int) -> Int { slot % columns }

    /// Slot `slot`'s box in the window at offset `y`.
    public func boxFrame(of slot: Int, at y: Double) -> Rect {
        Rect(x: left + Double(column(of: slot)) * (box.width + gap), y: top + Double(row(of: slot)) * rowStride - y,
             width: box.width, height: box.height)
    }

    /// Slot `slot`'s cover at offset `y`: its shape fitted into its box, on the box's foot.
    public func coverFrame(of slot: Int, at y: Double) -> Rect {
        let box = boxFrame(of: slot, at: y)
        let shape = shapes.indices.contains(slot) ? shapes[slot] : PageGeometry.size
        let aspect = shape.height > 0 ? shape.width / shape.height : PageGeometry.size.width / PageGeometry.size.height
        var width = box.size.width, height = box.size.height
        if aspect < width / height { width = height * aspect } else { height = width / aspect }
        return Rect(x: box.midX - width / 2, y: box.maxY - height, width: width, height: height)
    }

    /// The slots whose box or words show in the window at offset `y` (a contiguous run).
    public func visibleSlots(at y: Double) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let first = max(0, Int(((y - top - box.height - under) / rowStride).rounded(.up)))
        let last = min(rows - 1, Int(((y + size.height - top) / rowStride).rounded(.down)))
        guard first <= last else { return 0..<0 }
        return (first * columns)..<min(count, (last + 1) * columns)
    }

    /// The slot whose box holds window point `point` at offset `y`, if any.
    public func slot(at point: Point, y: Double) -> Int? {
        let column = Int(((point.x - left) / (box.width + gap)).rounded(.down))
        let row = Int(((point.y + y - top) / rowStride).rounded(.down))
        guard column >= 0, column < columns, row >= 0, point.x >= left else { return nil }
        let slot = row * columns + column
        guard slot < count, boxFrame(of: slot, at: y).contains(point) else { return nil }
        return slot
    }

    /// The nearest offset to `y` (clamped to the range) at which slot `slot`'s box and words
    /// show whole.
    public func offset(showing slot: Int, from y: Double) -> Double {
        let rowTop = top + Double(row(of: slot)) * rowStride
        let lowest = rowTop + rowStride - size.height + bottom
        let highest = rowTop - top
        var target = y
        if target > highest { target = highest }
        if target < lowest { target = lowest }
        return clamp(target, range.lowerBound, range.upperBound)
    }

    /// The offset that puts slot `slot`'s row in the window's middle (clamped): where the
    /// grid opens, on the book the shelf centres.
    public func offset(centring slot: Int) -> Double {
        let rowMiddle = top + Double(row(of: slot)) * rowStride + box.height / 2
        return clamp(rowMiddle - size.height / 2, range.lowerBound, range.upperBound)
    }
}
