/// The one page numbering, as a reader counts: the book's own pages from 1, the cover first
/// (a PDF's page 1, a folder's or archive's first image in natural order, or the one named
/// cover). In the book scene the cover is display page 0; a page whose image spans a spread
/// carries its one number on both halves; the blanks and the back cover carry none. The
/// shelf's caption, `validate`, the indicator, `--page`, the remembered places (by spread)
/// and the trace all count this way.
public struct PageNumbering: Equatable, Sendable {
    /// Pages the reader counts: the cover and every page after it.
    public let count: Int
    /// What each display page shows.
    public let order: PageOrder

    /// A book of `count` pages with no spreads and no shift.
    public init(count: Int) {
        self.count = max(count, 0)
        order = PageOrder(pageCount: self.count - 1)
    }

    public init(_ book: Book) {
        count = book.pages.count + 1
        order = book.order
    }

    /// The number display page `page` carries, or nil for a blank and the back cover.
    public func number(ofDisplayPage page: Int) -> Int? {
        guard order.slots.indices.contains(page) else { return nil }
        switch order.slots[page] {
        case .cover: return 1
        case .page(let i), .half(let i, _): return i + 2
        case .blank, .backCover: return nil
        }
    }

    /// The display page that page `number` is on (1 is the cover, display page 0; a
    /// spread's left half), `number` clamped to the book.
    public func displayPage(ofNumber number: Int) -> Int {
        let number = min(max(number, 1), max(count, 1))
        return order.slots.firstIndex { slot in
            switch slot {
            case .page(let i), .half(let i, _): return i + 2 == number
            default: return false
            }
        } ?? 0
    }

    /// The numbers on the spread at `leaf`, left to right, a spread's one number once (none
    /// on the back cover's spread).
    public func numbers(leaf: Int) -> [Int] {
        var numbers: [Int] = []
        for number in [2 * leaf + 1, 2 * leaf + 2].compactMap(number(ofDisplayPage:)) where numbers.last != number {
            numbers.append(number)
        }
        return numbers
    }

    /// The display page of the last numbered page: where End goes.
    public var lastDisplayPage: Int { displayPage(ofNumber: count) }

    /// "22–23 / 64": the numbers of the spread at `leaf` (its left page is display page
    /// 2·leaf + 1, its right 2·leaf + 2) out of the count, a spread's one number once; the
    /// back cover's spread says so.
    public func label(leaf: Int) -> String {
        let numbers = self.numbers(leaf: leaf)
        switch numbers.count {
        case 2: return "\(numbers[0])\u{2013}\(numbers[1]) / \(count)"
        case 1: return "\(numbers[0]) / \(count)"
        default: return "Back cover \u{00B7} \(countLabel)"
        }
    }

    /// "22 / 64": display page `page` alone (one page at a time in the reading view); a
    /// blank says "–", the back cover as the spread's label does.
    public func label(page: Int) -> String {
        if let number = number(ofDisplayPage: page) { return "\(number) / \(count)" }
        return page >= lastDisplayPage ? "Back cover \u{00B7} \(countLabel)" : "\u{2013} / \(count)"
    }

    /// "1 page", "64 pages".
    public var countLabel: String { count == 1 ? "1 page" : "\(count) pages" }
}
