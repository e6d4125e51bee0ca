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
    /// The labels printed on the pages, from the cover (`Book.pageLabels`); nil: their numbers.
    public let labels: [String]?

    /// A book of `count` pages with no spreads and no shift.
    public init(count: Int, labels: [String]? = nil) {
        self.count = max(count, 0)
        order = PageOrder(pageCount: self.count - 1)
        self.labels = labels
    }

    public init(_ book: Book) {
        count = book.pages.count + 1
        order = book.order
        labels = book.pageLabels
    }

    /// What page `number` has printed on it: its label, else the number.
    public func label(ofNumber number: Int) -> String {
        guard let labels, labels.indices.contains(number - 1), !labels[number - 1].isEmpty else { return String(number) }
        return labels[number - 1]
    }

    /// "Page 17 (20 of 36)" where page `number` is printed with a label other than its
    /// number, else "Page 20 of 36": the strip's caption and the search's line.
    public func sentence(ofNumber number: Int) -> String {
        let printed = label(ofNumber: number)
        return printed == String(number) ? "Page \(number) of \(count)" : "Page \(printed) (\(number) of \(count))"
    }

    /// The page a reader typed: the one whose printed label it is (the first), else the page
    /// of that number; nil for neither.
    public func number(typed text: String) -> Int? {
        number(labelled: text) ?? Int(text)
    }

    /// The first page printed with `label`, if the book has labels and one is.
    public func number(labelled label: String) -> Int? {
        labels?.firstIndex(of: label).map { $0 + 1 }
    }

    /// "17 (20 / 64)" where the printed label differs from the count, else "20 / 64".
    private func counted(_ numbers: [Int]) -> String {
        let counts = numbers.map(String.init).joined(separator: "\u{2013}") + " / \(count)"
        let printed = numbers.map(label(ofNumber:))
        return printed == numbers.map(String.init) ? counts : printed.joined(separator: "\u{2013}") + " (\(counts))"
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

    /// The numbers on display pages `pages`, in their order, a spread's one number once (none
    /// for blanks and the back cover).
    public func numbers(onPages pages: [Int]) -> [Int] {
        var numbers: [Int] = []
        for number in pages.compactMap(number(ofDisplayPage:)) where numbers.last != number {
            numbers.append(number)
        }
        return numbers
    }

    /// The numbers on the spread at `leaf`, left to right (none on the back cover's spread).
    public func numbers(leaf: Int) -> [Int] {
        numbers(onPages: [2 * leaf + 1, 2 * leaf + 2])
    }

    /// The display page of the last numbered page: where End goes.
    public var lastDisplayPage: Int { displayPage(ofNumber: count) }

    /// "22–23 / 64": the numbers of the spread at `leaf` (its left page is display page
    /// 2·leaf + 1, its right 2·leaf + 2) out of the count, a spread's one number once; the
    /// back cover's spread says so.
    public func label(leaf: Int) -> String {
        label(pages: [2 * leaf + 1, 2 * leaf + 2])
    }

    /// The same for display pages `pages` shown together (a spread's two).
    public func label(pages: [Int]) -> String {
        let numbers = self.numbers(onPages: pages)
        return numbers.isEmpty ? "Back cover \u{00B7} \(countLabel)" : counted(numbers)
    }

    /// "22 / 64": display page `page` alone (one page at a time in the reading view); a
    /// blank says "–", the back cover as the spread's label does.
    public func label(page: Int) -> String {
        if let number = number(ofDisplayPage: page) { return counted([number]) }
        return page >= lastDisplayPage ? "Back cover \u{00B7} \(countLabel)" : "\u{2013} / \(count)"
    }

    /// "1 page", "64 pages".
    public var countLabel: String { count == 1 ? "1 page" : "\(count) pages" }
}
