/// The one page numbering, as a reader counts: the book's own pages from 1, the cover first
/// (a PDF's page 1, a folder's or archive's first image in natural order, or the one named
/// cover). In the book scene the cover is display page 0, so display page `d` is page
/// `d + 1`; the blank that evens a count and the back cover carry no number. The shelf's
/// caption, `validate`, the indicator, `--page`, the remembered places (by spread) and the
/// trace all count this way.
public struct PageNumbering: Equatable, Sendable {
    /// Pages the reader counts: the cover and every page after it.
    public let count: Int

    public init(count: Int) {
        self.count = max(count, 0)
    }

    public init(_ book: Book) {
        self.init(count: book.pages.count + 1)
    }

    /// The number display page `page` carries, or nil for the blank and the back cover.
    public func number(ofDisplayPage page: Int) -> Int? {
        page >= 0 && page < count ? page + 1 : nil
    }

    /// The display page that page `number` is (1 is the cover, display page 0).
    public func displayPage(ofNumber number: Int) -> Int {
        min(max(number, 1), max(count, 1)) - 1
    }

    /// The display page of the last numbered page: where End goes.
    public var lastDisplayPage: Int { max(count - 1, 0) }

    /// "22–23 / 64": the numbers of the spread at `leaf` (its left page is display page
    /// 2·leaf + 1, its right 2·leaf + 2) out of the count; the back cover's spread says so.
    public func label(leaf: Int) -> String {
        let numbers = [2 * leaf + 1, 2 * leaf + 2].compactMap(number(ofDisplayPage:))
        switch numbers.count {
        case 2: return "\(numbers[0])\u{2013}\(numbers[1]) / \(count)"
        case 1: return "\(numbers[0]) / \(count)"
        default: return "Back cover \u{00B7} \(countLabel)"
        }
    }

    /// "1 page", "64 pages".
    public var countLabel: String { count == 1 ? "1 page" : "\(count) pages" }
}
