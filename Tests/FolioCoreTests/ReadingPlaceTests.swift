import Foundation
import Testing
@testable import FolioCore

/// The reader's place, exact (issue 53): reading on with Space, Down or the wheel shows every
/// row of every page, and reading back too; jumps land at a page's top, Home on page 1's top
/// and End on the last page's bottom; a book never opened opens on page 1; a remembered place
/// stays on its page when the book's spreads are found. Checked through the trace's
/// `reading.visible`.
@Suite struct ReadingPlaceTests {
    /// A PDF of `pages` pages (A4), opened flat as PDFs open: its pages one under another at
    /// their width (`continuous`), else (C pressed) one page at a time at its width.
    static func document(pages: Int = 8, continuous: Bool = true, places: PlaceKeeper? = nil) -> AppDriver {
        let path = "/books/0.cbz"
        let book = Book(title: "Paper", cover: .documentPage(document: path, page: 0),
                        pages: (1..<pages).map { .documentPage(document: path, page: $0) }, pageAspect: 210 / 297)
        let s = AppDriver(places: places, library: Library(books: [book]))
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        if !continuous && s.app.reading?.isContinuous == true { s.send(.key(.c)); s.run(until: s.now + 0.5) }
        #expect(s.app.reading?.isContinuous == continuous)
        return s
    }

    static let bothModes = [true, false]

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
    static func read(_ s: AppDriver, with input: InputEvent, until last: Int, edge: Double, limit: Int = 400) throws -> [Int: [ClosedRange<Double>]] {
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

    @Test(arguments: [InputEvent.key(.space), .key(.down), .key(.pagedown), .wheel(dx: 0, dy: -1)], bothModes)
    func readingOnShowsEveryRowOfEveryPage(input: InputEvent, continuous: Bool) throws {
        let s = Self.document(continuous: continuous)
        #expect(try Self.visible(s).first.map { $0.page == 1 && $0.top == 0 } == true, "page 1, from its top")
        let seen = try Self.read(s, with: input, until: 8, edge: 1)
        for page in 1...8 {
            #expect(Self.covers(seen[page] ?? []), "page \(page) was not read whole: \(seen[page] ?? [])")
        }
    }

    @Test(arguments: [InputEvent.key(.up), .key(.pageup), .wheel(dx: 0, dy: 1)], bothModes)
    func readingBackShowsEveryRowToo(input: InputEvent, continuous: Bool) throws {
        let s = Self.document(continuous: continuous)
        s.send(.key(.end)); Self.settle(s)
        #expect(try Self.visible(s).last.map { $0.page == 8 && $0.bottom == 1 } == true, "End: the last page's bottom")
        let seen = try Self.read(s, with: input, until: 1, edge: 0)
        for page in 1...8 {
            #expect(Self.covers(seen[page] ?? []), "page \(page) was not read whole going back: \(seen[page] ?? [])")
        }
    }

    /// Each screenful shows about a line of the last again, never more than a tenth.
    @Test(arguments: bothModes)
    func aScreenfulOverlapsTheLastByALine(continuous: Bool) throws {
        let s = Self.document(continuous: continuous)
        let first = try #require(try Self.visible(s).first)
        s.send(.key(.space)); Self.settle(s)
        let second = try #require(try Self.visible(s).first)
        #expect(first.page == second.page)
        let shown = first.bottom - first.top, overlap = first.bottom - second.top
        #expect(overlap > 0 && overlap < 0.1 * shown, "overlap \(overlap) of a screenful \(shown)")
    }

    @Test(arguments: bothModes)
    func homeIsPageOnesTopAndTypedPagesLandAtTheTop(continuous: Bool) throws {
        let s = Self.document(continuous: continuous)
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

    /// C turns continuous scroll on and off keeping the same line of the same page at the
    /// top (one page at a time, a line so low on its page that the page cannot scroll that
    /// far shows with the page's bottom at the window's); the choice and the line are
    /// remembered and come back with the book.
    @Test func cKeepsTheLineAndTheChoiceAndTheLineAreRemembered() throws {
        let keeper = RememberedPlaceTests.keeper()
        let s = Self.document(places: keeper)
        for _ in 0..<5 { s.send(.key(.space)); Self.settle(s) }
        let before = try #require(try Self.visible(s).first)
        #expect(before.page > 1 && before.top > 0)
        #expect(s.app.trace(frame: 0, t: s.now).reading?.mode == "continuous")
        s.send(.key(.c)); s.run(until: s.now + 0.5)
        #expect(s.app.reading?.isContinuous == false && s.app.trace(frame: 0, t: s.now).reading?.mode == "pages")
        let after = try #require(try Self.visible(s).first)
        #expect(after.page == before.page && after.top <= before.top && before.top < after.bottom, "\(before) then \(after)")
        s.send(.key(.c)); s.run(until: s.now + 0.5)
        let again = try #require(try Self.visible(s).first)
        #expect(again.page == after.page && abs(again.top - after.top) < 0.002, "\(after) then \(again)")
        // Left in pages, closed: the pages mode, the page and the line are kept.
        s.send(.key(.c)); s.run(until: s.now + 0.5)
        s.send(.key(.escape)); s.run(until: s.now + 1.5)
        s.send(.key(.escape)); s.run(until: s.now + 1.5)
        let text = String(decoding: keeper.places.encoded(), as: UTF8.self)
        #expect(text.contains("\"mode\":\"pages\"") && text.contains("\"page\":\(before.page)"), "\(text)")
        let read = try Places.parse(keeper.places.encoded(), name: "places.json")
        let reopened = Self.document(continuous: false, places: RememberedPlaceTests.keeper(read))
        let back = try #require(try Self.visible(reopened).first)
        #expect(back.page == after.page && abs(back.top - after.top) < 0.002, "\(after) reopened at \(back)")
    }

    /// A resize keeps the same line of the same page at the top, in the column.
    @Test func aResizeKeepsTheLine() throws {
        let s = Self.document()
        for _ in 0..<4 { s.send(.key(.space)); Self.settle(s) }
        let before = try #require(try Self.visible(s).first)
        s.send(.resize(Size(width: 900, height: 700))); s.run(until: s.now + 0.5)
        let after = try #require(try Self.visible(s).first)
        #expect(after.page == before.page && abs(after.top - before.top) < 0.002, "\(before) then \(after)")
    }

    /// Continuous scroll draws every page in view one under another, a gap between them, at
    /// the reading area's width.
    @Test func theColumnDrawsThePagesOneUnderAnother() throws {
        let s = Self.document()
        s.send(.key(.space)); Self.settle(s)
        s.send(.key(.space)); Self.settle(s)
        let layers = s.app.drawList().layers.filter { if case .page = $0.content { return true } else { return false } }
        #expect(layers.count >= 2)
        let frames = layers.compactMap { layer -> Rect? in
            guard let a = layer.project(x: 0, y: 0), let b = layer.project(x: layer.size.width, y: layer.size.height) else { return nil }
            return Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
        }.sorted { $0.minY < $1.minY }
        let area = try #require(s.app.reading).book.layout.readingArea
        for (a, b) in zip(frames, frames.dropFirst()) {
            #expect(b.minY > a.maxY && b.minY - a.maxY < 0.05 * a.size.width, "a small gap between pages")
        }
        #expect(frames.allSatisfy { abs($0.size.width - area.size.width) < 1 })
    }

    /// On a document's page a click turns nothing (it is for links), and a double-click on a
    /// side zooms there; a comic's side still turns at once.
    @Test(arguments: bothModes)
    func aClickOnADocumentTurnsNothingAndADoubleClickAnywhereZooms(continuous: Bool) throws {
        let s = Self.document(continuous: continuous)
        let before = try Self.visible(s)
        let side = Point(x: 1150, y: 400)
        s.send(.pointerDown(side)); s.send(.pointerUp(side))
        s.run(until: s.now + 1)
        #expect(try Self.visible(s) == before, "a click turned the page")
        let t = s.now + 0.1
        s.run(until: t + 1, events: [(t, .pointerDown(side)), (t + 0.03, .pointerUp(side)), (t + 0.15, .pointerDown(side)), (t + 0.18, .pointerUp(side))])
        #expect(s.app.reading?.isZoomed == true, "a double-click on the side zooms")
        let comic = AppDriver(books: 1, pages: 12)
        comic.send(.key(.return)); comic.run(until: 1.5)
        comic.send(.key(.return)); comic.run(until: 3)
        comic.send(.pointerDown(side)); comic.send(.pointerUp(side))
        comic.run(until: comic.now + 1)
        #expect(comic.app.book?.currentLeaf == 0, "a comic's side turns")
    }

    /// A jump (a typed page, Home, End) remembers the line the reader was on: Backspace,
    /// Alt+Left and the back button come back to it exactly, Alt+Right goes forward again;
    /// with no history left, back goes up a level.
    @Test(arguments: bothModes)
    func backReturnsToTheLineAJumpLeft(continuous: Bool) throws {
        let s = Self.document(continuous: continuous)
        for _ in 0..<3 { s.send(.key(.space)); Self.settle(s) }
        let reading = try #require(try Self.visible(s).first)
        s.send(.key(.six)); s.send(.key(.return)); Self.settle(s)
        #expect(try Self.visible(s).first?.page == 6)
        s.send(.key(.end)); Self.settle(s)
        s.send(.key(.left, .alt)); Self.settle(s)
        #expect(try Self.visible(s).first.map { $0.page == 6 && $0.top == 0 } == true, "back from End: page 6's top")
        s.send(.key(.backspace)); Self.settle(s)
        let back = try #require(try Self.visible(s).first)
        #expect(back.page == reading.page && abs(back.top - reading.top) < 0.002, "\(reading) then \(back)")
        s.send(.key(.right, .alt)); Self.settle(s)
        #expect(try Self.visible(s).first?.page == 6, "forward again")
        s.send(.back); Self.settle(s)
        #expect(try Self.visible(s).first?.page == reading.page && s.kinds == [.shelf, .book, .reading])
        s.send(.back); s.run(until: s.now + 1.5)
        #expect(s.kinds == [.shelf, .book], "no history left: back goes up a level")
    }

    /// The indicator says what the window shows: a turn names the next spread only once the
    /// leaf has passed halfway, in the book in 3D and flat, two pages or one.
    @Test(arguments: [false, true])
    func theIndicatorChangesAsTheTurnPassesHalfway(flat: Bool) throws {
        let s = AppDriver(books: 1, pages: 12)
        s.send(.key(.return)); s.run(until: 1.5)
        s.firstSpread()
        if flat { s.send(.key(.return)); s.run(until: 3) }
        let book = try #require(s.app.book)
        let width = book.layout.size.width
        s.send(.key(.right))
        var seen: [(progress: Double, label: String)] = []
        s.run(until: s.now + 1.2) { _ in
            if let label = OnScreenTextTests.pageNumbers(s)?.text { seen.append((book.offset / width, label)) }
        }
        #expect(seen.contains { $0.progress < 0.5 } && seen.contains { $0.progress > 0.5 })
        for (progress, label) in seen where abs(progress - 0.5) > 0.01 {
            #expect(label == (progress < 0.5 ? "2\u{2013}3 / 13" : "4\u{2013}5 / 13"), "\(label) at \(progress)")
        }
    }

    /// A window and its frame that run past the screen's usable area are made to fit it; one
    /// that fits, or with no display to ask, is left as it is.
    @Test func aWindowTooLargeForTheScreenIsMadeToFit() {
        let window = Size(width: 1280, height: 800), bar = Size(width: 2, height: 24)
        #expect(window.fitted(within: Size(width: 1280, height: 800), frame: bar) == Size(width: 1278, height: 776))
        #expect(window.fitted(within: Size(width: 1920, height: 1050), frame: bar) == window)
        #expect(window.fitted(within: Size(width: 0, height: 0), frame: bar) == window)
        #expect(window.fitted(within: Size(width: 200, height: 100), frame: bar) == Size(width: 320, height: 240), "never below the smallest window")
    }

    /// The state file's mode and line are read leniently: a line off the page is the page's
    /// top, a mode Folio does not know is the book's own; neither refuses the entry.
    @Test func theRememberedModeAndLineAreReadLeniently() throws {
        let text = #"{"version":1,"books":[{"path":"/b/a.pdf","size":10,"spread":2,"page":5,"mode":"pages","top":0.42},"#
            + #"{"path":"/b/c.cbz","size":11,"spread":0,"mode":"continuous","top":7},{"path":"/b/d.cbz","size":12,"spread":0,"mode":"sideways","top":-1e300}]}"#
        let places = try Places.parse(Data(text.utf8), name: "places.json")
        let settings = places.books.map(\.settings)
        #expect(places.keptBooks.isEmpty && settings.count == 3)
        #expect(settings.map(\.continuous) == [false, true, nil])
        #expect(settings.map(\.top) == [0.42, nil, nil])
    }

    /// In the column the pages on screen are wanted first, then three below and one above,
    /// small versions further on, and no shelf covers: the budget holds what reading needs.
    @Test func theColumnWantsThePagesBelowItFirst() throws {
        let s = Self.document(pages: 30)
        for _ in 0..<12 { s.send(.key(.space)); Self.settle(s) }
        let shown = try Self.visible(s).map { $0.page - 1 }
        let wanted = s.app.prefetchContents().compactMap { content -> Int? in
            if case .page(_, let page) = content { return page } else { return nil }
        }
        let last = try #require(shown.last), first = try #require(shown.first)
        #expect(wanted == shown + [last + 1, last + 2, last + 3, first - 1], "\(wanted) around \(shown)")
        let small = s.app.standInContents().compactMap { content -> Int? in
            if case .page(_, let page) = content { return page } else { return nil }
        }
        #expect(small == Array((last + 4)...(last + 11)))
    }

    /// A page shown from its top in the column is the place (not the gap above it, the
    /// bottom of the page before): it is the page remembered.
    @Test func aPageShownFromItsTopIsThePlace() throws {
        let s = Self.document(pages: 12)
        s.send(.key(.six)); s.send(.key(.return)); Self.settle(s)
        let reading = try #require(s.app.reading)
        #expect(reading.place == ReadingPlace(page: 5, top: 0))
        #expect(try Self.visible(s).first.map { $0.page == 6 && $0.top == 0 } == true)
    }

    /// Page labels are kept bounded and only where they differ from the count; the indicator
    /// and the trace say them, and a typed number goes to the page it is printed on.
    @Test func pageLabelsAreCheckedShownAndTyped() throws {
        #expect(PageLabels.checked(["1", "2", "3"], pageCount: 3) == nil, "labels that are the numbers are none")
        #expect(PageLabels.checked(["i", "ii\n", String(repeating: "x", count: 40), "4", "5"], pageCount: 3) == ["i", "ii", String(repeating: "x", count: 31)])
        let numbering = PageNumbering(count: 4, labels: ["C", "i", "1", "2"])
        #expect(numbering.label(leaf: 0) == "i\u{2013}1 (2\u{2013}3 / 4)" && numbering.label(page: 0) == "C (1 / 4)")
        var book = Book(title: "Paper", cover: .documentPage(document: "/b/0.pdf", page: 0),
                        pages: (1..<8).map { .documentPage(document: "/b/0.pdf", page: $0) }, pageAspect: 210 / 297)
        book.pageLabels = ["", "i", "ii", "1", "2", "3", "4", "5"]
        let s = AppDriver(library: Library(books: [book]))
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        s.send(.key(.three)); s.send(.key(.return)); s.run(until: s.now + 0.3)
        // The indicator shows as the page comes, then fades.
        #expect(s.app.drawList().texts.contains { $0.text == "3 (6 / 8)" }, "\(s.app.drawList().texts.map(\.text))")
        Self.settle(s)
        let shown = try #require(try Self.visible(s).first)
        #expect(shown.page == 6 && shown.label == "3", "the page printed 3 is the sixth")
    }

    /// A column's pages stand alone (their textures round all four corners); pages that
    /// turn are a book's, each with its outer corners.
    @Test func aColumnsPagesStandAlone() throws {
        let s = Self.document(continuous: true)
        #expect(s.app.drawList().pagesStandAlone)
        s.send(.key(.c)); s.run(until: s.now + 0.5)
        #expect(s.app.reading?.isContinuous == false && !s.app.drawList().pagesStandAlone)
    }
}
