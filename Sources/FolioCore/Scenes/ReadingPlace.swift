/// Where the reader is in a book, exactly: the page and the line on it at the window's top
/// edge. Every move in the reading view lands on a place (a key, the wheel, a jump, the
/// remembered place); the trace reports what each page shows of itself.
public struct ReadingPlace: Equatable, Sendable {
    /// The display page (the cover is 0).
    public var page: Int
    /// The fraction of the page's height at the window's top edge: 0 its top, 1 its bottom.
    public var top: Double

    public init(page: Int, top: Double = 0) {
        self.page = page
        self.top = top.isFinite ? min(max(top, 0), 1) : 0
    }

    /// What one screenful shows again of the last, as a fraction of the window's height: the
    /// line a reader's eye keeps its place by (zathura's and evince's steps keep about one).
    public static let overlap = 0.05

    /// Where a page the reader goes to comes into view.
    public enum Arrival: Equatable, Sendable {
        /// Its top: reading on, a jump, Home.
        case top
        /// Its bottom: reading back past a page's top, End.
        case bottom
        /// A place on it (a fraction of its height), a third of the way down the window: a
        /// contents entry's, a link's or a search hit's destination.
        case at(Double)
        /// That line of it (a fraction of its height) at the window's top edge: a place the
        /// reader was, come back to.
        case line(Double)
    }

    /// One page as the window shows it: the fractions of its height at the window's top and
    /// bottom edges, clipped to 0…1 (the trace's `reading.visible`).
    public struct Visible: Equatable, Sendable {
        public var page: Int
        public var top: Double
        public var bottom: Double

        /// Page `page` drawn over `span` (window points, top to bottom) in a window whose
        /// reading area runs from 0 to `height`; nil when none of it shows.
        public init?(page: Int, span: ClosedRange<Double>, height: Double) {
            let extent = span.upperBound - span.lowerBound
            guard extent > 0, span.upperBound > 0, span.lowerBound < height else { return nil }
            self.page = page
            // Within a ten-thousandth of an edge is the edge (the projection's rounding).
            func snapped(_ x: Double) -> Double { x < 1e-4 ? 0 : x > 1 - 1e-4 ? 1 : x }
            top = snapped((0 - span.lowerBound) / extent)
            bottom = snapped((height - span.lowerBound) / extent)
        }
    }
}
