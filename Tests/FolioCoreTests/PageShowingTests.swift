import Testing
@testable import FolioCore

/// The page services over a scene that is neither the book in 3D nor the reading view: a
/// stand-in "sheet" showing one page of the open book at a time, registered in one line,
/// that only says it shows pages (`PageShowing`). The strip, a typed page number, the page
/// label under the pages and search's start find it as they find the built-in scenes; laid
/// flat, search marks its page where it says and the reading history keeps its places.
@Suite struct PageShowingTests {
    /// One page of book `bookIndex` at a time, drawn as a band; it goes where it is asked.
    final class Sheet: PageShowing {
        static let context = KeyContext("sheet", heading: "On the sheet:")
        let kind = SceneKind(rawValue: "sheet")
        let bookIndex: Int
        private(set) var size: Size
        /// The display page it shows.
        private(set) var page: Int
        /// Every place it was asked to go, in order (the display page and how it arrives).
        private(set) var wentTo: [(page: Int, arriving: ReadingPlace.Arrival)] = []
        private(set) var bottomInset = 0.0
        /// Its page lies flat, at `pageFrame`, and it keeps a history (`flatPages`,
        /// `historyPlace`); otherwise it says neither, as the book in 3D.
        var laysFlat = false
        let pageFrame = Rect(x: 300, y: 40, width: 400, height: 560)
        /// Every box it was asked to bring into view.
        private(set) var revealed: [Rect] = []
        init(book: Int, page: Int, size: Size) {
            bookIndex = book
            self.page = page
            self.size = size
        }
        var inputContext: KeyContext { Sheet.context }
        var restingPose: Double { 1 }
        var transitionAnimator: (any TransitionAnimator)? { nil }
        var deeper: SceneRequest? { nil }
        var back: SceneRequest? { .leave }
        var isAtRest: Bool { true }
        func isOpaque(in pose: Double) -> Bool { true }
        func draw(into list: inout DrawList, in pose: Double) {
            list.bands.append((Rect(x: 0, y: 0, width: size.width, height: size.height - bottomInset), RGBA(1, 1, 1, 1)))
        }
        func resize(to size: Size) { self.size = size }
        func update(at time: Double) {}
        func handle(_ input: SceneInput, at time: Double) -> SceneRequest? {
            guard case .key(let key, _) = input else { return nil }
            let action = KeyBindings.action(for: key, in: PageShowingTests.entry.bindings)
            return action == .close ? .leave : SceneRequest.inBook(action, key: key)
        }
        var pagesAtRest: [Int] { [page] }
        var pageRead: Int? { page }
        var pagesShown: [Int] { [page] }
        var pagesBottom: Double { size.height * 0.8 }
        var mirrored: Bool { false }
        var pagesMoving: Bool { false }
        func makeRoom(bottom inset: Double) { bottomInset = inset }
        func go(toPage page: Int, arriving: ReadingPlace.Arrival, at time: Double) {
            self.page = page
            wentTo.append((page, arriving))
        }
        func flatPages() -> [(page: Int, frame: Rect)]? { laysFlat ? [(page, pageFrame)] : nil }
        var historyPlace: ReadingPlace? { laysFlat ? ReadingPlace(page: page) : nil }
        func reveal(_ box: Rect, at time: Double) -> Bool {
            revealed.append(box)
            return true
        }
    }

    /// G over the book in 3D brings the sheet up at the page the book is at.
    static let entry = SceneEntry(
        key: .g, from: .book, help: "the sheet", context: Sheet.context,
        bindings: [KeyBinding(keys: [.t], context: Sheet.context, action: .thumbnails, help: "the strip"),
                   KeyBinding(keys: Key.digitsOneToNine, context: Sheet.context, action: .typePage, help: "a page number"),
                   KeyBinding(keys: [.escape], context: Sheet.context, action: .close, help: "back")],
        make: { making in
            guard let book = making.below as? BookScene else { return nil }
            return Sheet(book: book.bookIndex, page: max(2 * book.currentLeaf + 1, 0), size: making.size)
        })

    /// An app with book 0 of `library` (40 pages of pictures) open in 3D, then the sheet over it.
    static func sheet(library: Library = .synthetic(books: 2, pages: 40)) throws -> (FolioApp, Sheet, Double) {
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800), scenes: [entry])
        var t = 0.0
        app.update(at: t)
        app.handle(.key(.return, []), at: t)
        settle(app, from: &t, for: 2)
        app.handle(.key(.g, []), at: t)
        settle(app, from: &t)
        let sheet = try #require(app.navigation.top as? Sheet)
        return (app, sheet, t)
    }

    static func settle(_ app: FolioApp, from t: inout Double, for seconds: Double = 1) {
        let end = t + seconds
        while t < end { t += 1.0 / 60; app.update(at: t) }
    }

    @Test func theStripShowsOverItWithItsPageAndGoesWhereItIsClicked() throws {
        var (app, sheet, t) = try Self.sheet()
        let numbering = app.library.books[0].numbering
        let here = try #require(numbering.number(ofDisplayPage: sheet.page))
        app.handle(.key(.t, []), at: t)
        Self.settle(app, from: &t)
        #expect(app.strip.isShown && app.strip.selected == here)
        // The sheet kept the strip's band free, as a book makes room above it.
        let geometry = StripContext.geometry(of: 0, in: app)
        #expect(sheet.bottomInset == geometry.band.size.height && sheet.bottomInset > 0)
        // Its thumbnails are of the sheet's book.
        #expect(app.drawList().overlays.contains { $0.content == .thumbnail(book: 0, number: here) })
        // A click on page 6's thumbnail sends the sheet there.
        let frame = app.strip.frame(of: 6, in: geometry, mirrored: false)
        let point = Point(x: frame.midX, y: frame.midY)
        for event: InputEvent in [.pointerMoved(point), .pointerDown(point), .pointerUp(point)] { app.handle(event, at: t) }
        Self.settle(app, from: &t)
        #expect(sheet.page == numbering.displayPage(ofNumber: 6) && numbering.number(ofDisplayPage: sheet.page) == 6)
        // Hidden, the room goes back.
        app.handle(.key(.escape, []), at: t)
        Self.settle(app, from: &t)
        #expect(!app.strip.isShown && sheet.bottomInset == 0)
    }

    @Test func aTypedNumberGoesThereAndTheLabelUnderItsPageNamesIt() throws {
        var (app, sheet, t) = try Self.sheet()
        let numbering = app.library.books[0].numbering
        for key: Key in [.one, .two] { app.handle(.key(key, []), at: t) }
        // The number as it is typed, on the line under the sheet's pages.
        #expect(app.drawList().texts.contains { $0.text.hasPrefix("Go to page 12") })
        app.handle(.key(.return, []), at: t)
        Self.settle(app, from: &t)
        #expect(sheet.wentTo.count == 1 && sheet.page == numbering.displayPage(ofNumber: 12))
        #expect(sheet.wentTo.first?.arriving == .top)
        // The page label names the sheet's page.
        let label = numbering.label(page: sheet.page)
        #expect(label.hasPrefix("12"))
        let line = try #require(app.drawList().texts.first { $0.text == label })
        #expect(line.position.y > sheet.pagesBottom)
        // Escape leaves the sheet: the book is on top again, at the spread it was at.
        app.handle(.key(.escape, []), at: t)
        Self.settle(app, from: &t)
        #expect(app.navigation.top is BookScene)
    }

    @Test func searchStartsOverItAndSaysWhenTheBookHasNoText() throws {
        let (app, _, t) = try Self.sheet()
        app.handle(.text("/"), at: t)
        // The synthetic books are pictures: search says so, under the sheet's pages.
        #expect(app.onScreen.notice?.text.hasPrefix("Nothing to search") == true)
        #expect(app.modals.first(SearchContext.self) == nil)
    }

    /// Laid flat, it keeps a history: back after a typed page returns to the page it left,
    /// and forward goes to the typed page again. Not flat, it keeps none: back returns nowhere.
    @Test(arguments: [true, false])
    func backAfterAJumpReturnsWhenItKeepsAHistory(flat: Bool) throws {
        var (app, sheet, t) = try Self.sheet()
        sheet.laysFlat = flat
        let numbering = app.library.books[0].numbering, left = sheet.page
        for key: Key in [.one, .two, .return] { app.handle(.key(key, []), at: t) }
        Self.settle(app, from: &t)
        #expect(sheet.page == numbering.displayPage(ofNumber: 12))
        app.handle(.key(.backspace, []), at: t)
        Self.settle(app, from: &t)
        if flat {
            #expect(app.navigation.top === sheet && sheet.page == left)
            #expect(sheet.wentTo.last?.arriving == .line(0))
            app.handle(.key(.right, [.alt]), at: t)
            Self.settle(app, from: &t)
            #expect(sheet.page == numbering.displayPage(ofNumber: 12))
        } else {
            #expect(sheet.page == numbering.displayPage(ofNumber: 12) && sheet.wentTo.count == 1, "with no history, back returns nowhere")
        }
    }

    /// A search's hits are marked on its flat page where the page lies, and the hit gone to
    /// is brought into view there; not flat, they are marked on its pages' layers.
    @Test func aSearchMarksItsFlatPageWhereItLies() throws {
        let path = "/sheet.pdf"
        let document = Book(title: "Sheet", cover: .documentPage(document: path, page: 0),
                            pages: (1..<40).map { .documentPage(document: path, page: $0) })
        var (app, sheet, t) = try Self.sheet(library: Library(books: [document]))
        sheet.laysFlat = true
        let number = try #require(app.library.books[0].numbering.number(ofDisplayPage: sheet.page))
        let area = Rect(x: 0.25, y: 0.5, width: 0.5, height: 0.1)
        app.documents = DocumentReader(inspector: OneHit(page: number, area: area))
        app.handle(.text("/"), at: t)
        for character in "word" {
            app.handle(.key(try #require(Key(rawValue: String(character))), []), at: t)
            app.handle(.text(String(character)), at: t)
        }
        app.handle(.key(.return, []), at: t)
        Self.settle(app, from: &t)
        let box = PagePicture.onScreen(area, of: sheet.pageFrame)
        func near(_ a: Rect, _ b: Rect) -> Bool {
            [a.minX - b.minX, a.minY - b.minY, a.maxX - b.maxX, a.maxY - b.maxY].allSatisfy { abs($0) < 1e-6 }
        }
        #expect(app.drawList().bands.contains { near($0.0, box) }, "the hit is marked on the flat page")
        #expect(sheet.revealed.last.map { near($0, box) } == true, "the hit gone to is brought into view")
    }

    /// A document with one hit, on page `page` (from 1) at `area`, whatever is searched for.
    final class OneHit: DocumentInspector, @unchecked Sendable {
        let page: Int, area: Rect
        init(page: Int, area: Rect) {
            self.page = page
            self.area = area
        }
        func inspect(_ path: String) throws -> DocumentInfo { DocumentInfo(pageCount: 40, title: "Sheet") }
        func links(_ path: String, page: Int) -> [PageLink] { [] }
        func find(_ text: String, in path: String, first: Int, count: Int) -> TextSearchStretch? {
            let hits = (first + 1...first + count).contains(page) ? [TextHit(number: page, area: area)] : []
            return TextSearchStretch(hits: hits, searched: count, hasText: true)
        }
    }
}
