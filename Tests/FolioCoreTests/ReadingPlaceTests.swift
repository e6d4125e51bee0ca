import Foundation
import Testing
@testable import FolioCore

/// The reader's place, exact (issue 53): reading on with Space, Down or the wheel shows every
/// row of every page, and reading back too; jumps land at a page's top, Home on page 1's top
/// and End on the last page's bottom; a book never opened opens on page 1; a remembered place
/// stays on its page when the book's spreads are found. Checked through the trace's
/// `reading.visible`.
@Suite struct ReadingPlaceTests {
    /// A PDF of `pages` pages (A4), opened flat as PDFs open: one page at a time at its width.
    static func document(pages: Int = 8, places: PlaceKeeper? = nil) -> AppDriver {
        let path = "/books/0.cbz"
        let book = Book(title: "Paper", cover: .documentPage(document: path, page: 0),
                        pages: (1..<pages).map { .documentPage(document: path, page: $0) }, pageAspect: 210 / 297)
        let s = AppDriver(places: places, library: Library(books: [book]))
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        return s
    }

    /// The trace's `reading.visible` now.
    static func visible(_ s: AppDriver) throws -> [TraceFrame.Visible] {
        let line = s.app.trace(frame: 0, t: s.now).json.serialized()
        let frame = try JSONDecoder().decode(TraceLine.self, from: Data(line.utf8))
        return try #require(frame.reading).visible
    }

    struct TraceLine: Decodable { var reading: TraceFrame.Reading? }

    /// Steps until the app rests (at most 3 s).
    static func settle(_ s: AppDriver) {
        let end = s.now + 3
        repeat { s.run(until: s.now + 0.1) } while !s.app.isAtRest && s.now < end
    }

    /// Presses `input` until the page `last` shows its `edge` (or `limit` presses), noting
    /// what each rest shows: the intervals of each page seen.
    static func read(_ s: AppDriver, with input: InputEvent, until last: Int, edge: Double, limit: Int = 120) throws -> [Int: [ClosedRange<Double>]] {
        var seen: [Int: [ClosedRange<Double>]] = [:]
        func note() throws {
            for v in try visible(s) { seen[v.page, default: []].append(v.top...v.bottom) }
        }
        try note()
        for _ in 0..<limit {
            if try visible(s).contains(where: { $0.page == last && ($0.top == edge || $0.bottom == edge) }) { break }
            s.send(input)
            settle(s)
            try note()
        }
        return seen
    }

    /// True when `intervals` cover 0…1 whole.
    static func covers(_ intervals: [ClosedRange<Double>]) -> Bool {
        var reached = 0.0
        for r in intervals.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            guard r.lowerBound <= reached else { return false }
            reached = max(reached, r.upperBound)
        }
        return reached == 1
    }

    @Test(arguments: [InputEvent.key(.space), .key(.down), .key(.pagedown), .wheel(dx: 0, dy: -1)])
    func readingOnShowsEveryRowOfEveryPage(input: InputEvent) throws {
        let s = Self.document()
        #expect(try Self.visible(s).first.map { $0.page == 1 && $0.top == 0 } == true, "page 1, from its top")
        let seen = try Self.read(s, with: input, until: 8, edge: 1)
        for page in 1...8 {
            #expect(Self.covers(seen[page] ?? []), "page \(page) was not read whole: \(seen[page] ?? [])")
        }
    }

    @Test(arguments: [InputEvent.key(.up), .key(.pageup), .wheel(dx: 0, dy: 1)])
    func readingBackShowsEveryRowToo(input: InputEvent) throws {
        let s = Self.document()
        s.send(.key(.end)); Self.settle(s)
        #expect(try Self.visible(s).last.map { $0.page == 8 && $0.bottom == 1 } == true, "End: the last page's bottom")
        let seen = try Self.read(s, with: input, until: 1, edge: 0)
        for page in 1...8 {
            #expect(Self.covers(seen[page] ?? []), "page \(page) was not read whole going back: \(seen[page] ?? [])")
        }
    }

    /// Each screenful shows about a line of the last again, never more than a tenth.
    @Test func aScreenfulOverlapsTheLastByALine() throws {
        let s = Self.document()
        let first = try #require(try Self.visible(s).first)
        s.send(.key(.space)); Self.settle(s)
        let second = try #require(try Self.visible(s).first)
        #expect(first.page == second.page)
        let shown = first.bottom - first.top, overlap = first.bottom - second.top
        #expect(overlap > 0 && overlap < 0.1 * shown, "overlap \(overlap) of a screenful \(shown)")
    }

    @Test func homeIsPageOnesTopAndTypedPagesAndTheStripLandAtTheTop() throws {
        let s = Self.document()
        s.send(.key(.end)); Self.settle(s)
        s.send(.key(.home)); Self.settle(s)
        #expect(try Self.visible(s).first.map { $0.page == 1 && $0.top == 0 } == true, "Home: page 1's top")
        s.send(.key(.six)); s.send(.key(.return)); Self.settle(s)
        // Going back by a typed number: its top, not its bottom.
        s.send(.key(.three)); s.send(.key(.return)); Self.settle(s)
        let back = try Self.visible(s)
        #expect(back.first.map { $0.page == 3 && $0.top == 0 } == true, "\(back)")
        // Left turns back a page: its top too.
        s.send(.key(.space)); Self.settle(s)
        s.send(.key(.left)); Self.settle(s)
        #expect(try Self.visible(s).first.map { $0.page == 2 && $0.top == 0 } == true)
    }

    @Test func aBookNeverOpenedOpensOnPageOne() throws {
        let comic = AppDriver(books: 1, pages: 12)
        comic.send(.key(.return)); comic.run(until: 1.5)
        comic.send(.key(.return)); comic.run(until: 3)
        #expect(comic.app.trace(frame: 0, t: comic.now).reading?.visiblePages == [1], "the cover alone")
        let document = Self.document()
        #expect(try Self.visible(document).map(\.page) == [1])
    }

    /// A comic left at page 21 whose double page at 14 is found only once it is opened (the
    /// shapes are measured after the opening) stays on page 21, and stores 21 again.
    @Test func aRememberedPageStaysWhenTheBooksSpreadsAreFound() throws {
        var places = Places()
        places.remember(spread: 10, page: 21, of: RememberedPlaceTests.key(0))
        let keeper = RememberedPlaceTests.keeper(places)
        let s = AppDriver(books: 1, pages: 30, places: keeper)
        s.send(.key(.return)); s.run(until: 1.5)
        let book = try #require(s.app.book)
        let numbering = { s.app.library.books[0].numbering }
        #expect(numbering().numbers(leaf: book.currentLeaf).contains(21))
        var measured = s.app.library.books[0]
        measured.spreads = [12]
        measured.pageAspect = PageGeometry.aspect
        s.app.adopt(shape: measured, ofBook: 0)
        s.run(until: s.now + 1)
        #expect(numbering().numbers(leaf: book.currentLeaf).contains(21), "\(numbering().numbers(leaf: book.currentLeaf))")
        s.send(.key(.escape)); s.run(until: s.now + 1.5)
        #expect(keeper.places.page(of: RememberedPlaceTests.key(0)) == 21)
    }
}
