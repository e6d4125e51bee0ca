/// How far a book has been read, from its remembered place: what the bar along the foot of
/// its cover on the shelf shows (`ShelfScene`). An unopened book has none.
public struct ReadingProgress: Equatable, Sendable {
    /// The part read, 0 (the cover) to 1 (the last page): the page's number less one, over
    /// the pages after the cover.
    public var fraction: Double
    /// The place is on the last spread (the one showing the last page, or the back cover
    /// after it): the book was read to its end.
    public var finished: Bool
    /// The book reads right to left (manga): its bar fills from the right.
    public var rightToLeft = false

    public init(fraction: Double, finished: Bool, rightToLeft: Bool = false) {
        self.fraction = clamp(fraction, 0, 1)
        self.finished = finished
        self.rightToLeft = rightToLeft
    }

    /// The progress of a place in a book numbered `numbering`: at page `page` (the book's
    /// own number, 1 the cover), else, from a file that kept only spreads, at `spread`
    /// (whose first number is taken). Nil when there is no place.
    public init?(page: Int?, spread: Int?, in numbering: PageNumbering) {
        guard page != nil || spread != nil else { return nil }
        let lastLeaf = BookScene.leaf(showing: numbering.lastDisplayPage)
        let leaf = page.map { BookScene.leaf(showing: numbering.displayPage(ofNumber: $0)) } ?? max(spread ?? 0, 0)
        let number = page ?? spread.flatMap { numbering.numbers(leaf: $0).first }
        let finished = leaf >= lastLeaf
        let fraction: Double
        if finished {
            fraction = 1
        } else if let number, numbering.count > 1 {
            fraction = Double(min(max(number, 1), numbering.count) - 1) / Double(numbering.count - 1)
        } else {
            fraction = 0
        }
        self.init(fraction: fraction, finished: finished)
    }
}
