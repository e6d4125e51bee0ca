import Foundation
import Testing
@testable import FolioCore
import FolioTestFixtures
import FolioThreads

/// A PDF's links and search in a book: a click on a link riffles to its page and Backspace
/// (or the back button) returns; an address is named, and handed on only at a second click;
/// "/" types a search whose first hit from the page read is gone to, N and Shift+N step
/// through the hits round the book, and the hits on the pages shown are marked.
@Suite struct LinksAndSearchTests {
    static let path = "/books/manual.pdf"

    /// A document's links and words, as a decoder would read them (by the PDF's pages, from 0).
    struct FakeDocument: DocumentInspector {
        var links: [Int: [PageLink]] = [:]
        var words: [Int: [String]] = [:]
        func inspect(_ path: String) throws -> DocumentInfo { DocumentInfo(pageCount: 40, title: "Manual") }
        func links(_ path: String, page: Int) -> [PageLink] { links[page] ?? [] }
        /// Each occurrence of `text` on a page is a hit in its own row of the page.
        func find(_ text: String, in path: String, first: Int, count: Int) -> TextSearchStretch? {
            var hits: [TextHit] = []
            var hasText = false
            for page in first..<min(first + count, 40) {
                let found = (words[page] ?? []).filter { $0.lowercased() == text.lowercased() }
                hasText = hasText || !(words[page] ?? []).isEmpty
                for (row, _) in found.enumerated() {
                    hits.append(TextHit(number: page + 1, area: Rect(x: 0.2, y: 0.1 + 0.1 * Double(row), width: 0.3, height: 0.05)))
                }
            }
            return TextSearchStretch(hits: hits, searched: min(count, 40 - first), hasText: hasText)
        }
    }

    /// A 40-page PDF opened flat (one page at a time, fitted to its width, as PDFs open),
    /// moved to its first page after the cover (page 2), at rest.
    static func open(_ document: FakeDocument, size: Size = Size(width: 1280, height: 800)) -> AppDriver {
        let book = Book(title: "Manual", cover: .documentPage(document: path, page: 0),
                        pages: (1..<40).map { .documentPage(document: path, page: $0) })
        let s = AppDriver(size: size, library: Library(books: [book]))
        s.app.documents = DocumentReader(inspector: document)
        s.send(.key(.return)); s.run(until: 1.5)
        s.firstSpread()
        s.send(.key(.return)); s.run(until: 3)
        return s
    }

    static func number(_ s: AppDriver) throws -> Int {
        s.app.numberRead(in: try #require(s.app.navigation.top as? any PageShowing))
    }

    /// The window point in the middle of `area` (fractions) of page `number` as shown.
    static func point(_ area: Rect, onPage number: Int, _ s: AppDriver) throws -> Point {
        let reading = try #require(s.app.reading)
        let shown = reading.shownPages()
        let numbering = s.app.library.books[0].numbering
        let frame = try #require(shown.first { numbering.number(ofDisplayPage: $0.page) == number }?.frame, "page \(number) in \(shown)")
        let box = PagePicture.onScreen(area, of: frame)
        return Point(x: box.midX, y: box.midY)
    }

    static func click(_ point: Point, _ s: AppDriver) {
        s.send(.pointerDown(point)); s.send(.pointerUp(point))
        s.run(until: s.now + 1.5)
    }

    static let linkArea = Rect(x: 0.2, y: 0.1, width: 0.6, height: 0.06)

    @Test func aClickOnALinkRifflesThereAndBackspaceComesBack() throws {
        let s = Self.open(FakeDocument(links: [1: [PageLink(area: Self.linkArea, target: .page(20))]]))
        #expect(try Self.number(s) == 2)
        let link = try Self.point(Self.linkArea, onPage: 2, s)
        s.send(.pointerMoved(link))
        #expect(s.app.drawList().pointer == .link, "the hand over the link")
        #expect(s.app.drawList().texts.contains { $0.text == "Link to page 20" }, "and where it goes")
        s.send(.pointerMoved(Point(x: link.x, y: link.y + 200)))
        #expect(s.app.drawList().pointer == .arrow)
        #expect(!s.app.drawList().texts.contains { $0.text.hasPrefix("Link to") })
        Self.click(link, s)
        #expect(try Self.number(s) == 20)
        #expect(s.kinds == [.shelf, .book, .reading])
        s.send(.key(.backspace)); s.run(until: s.now + 1.5)
        #expect(try Self.number(s) == 2, "back where the reader was")
        #expect(s.kinds == [.shelf, .book, .reading])
        s.send(.key(.backspace)); s.run(until: s.now + 1.5)
        #expect(s.kinds == [.shelf, .book], "with nowhere to go back to, Backspace closes as before")
    }

    @Test func theBackButtonComesBackAlongTheLinksBeforeLeaving() throws {
        let s = Self.open(FakeDocument(links: [1: [PageLink(area: Self.linkArea, target: .page(9))],
                                                8: [PageLink(area: Self.linkArea, target: .page(30))]]))
        Self.click(try Self.point(Self.linkArea, onPage: 2, s), s)
        Self.click(try Self.point(Self.linkArea, onPage: 9, s), s)
        #expect(try Self.number(s) == 30)
        s.send(.back); s.run(until: s.now + 1.5)
        #expect(try Self.number(s) == 9)
        s.send(.back); s.run(until: s.now + 1.5)
        #expect(try Self.number(s) == 2)
        s.send(.back); s.run(until: s.now + 1.5)
        #expect(s.kinds == [.shelf, .book])
    }

    /// A page of another shape than the book's is centred on paper of the book's shape: its
    /// links lie within its picture, not the whole page.
    @Test func aLinkOnAPageOfAnotherShapeIsWhereThePictureShowsIt() throws {
        let top = Rect(x: 0, y: 0, width: 1, height: 0.1)
        let s = Self.open(FakeDocument(links: [1: [PageLink(area: top, target: .page(20), pageAspect: 2)]]))
        s.send(.key(.w)); s.send(.key(.w)); s.run(until: s.now + 1)
        let reading = try #require(s.app.reading)
        #expect(reading.fit == .page)
        let frame = try #require(reading.shownPages().first?.frame)
        let picture = PagePicture.on(frame, aspect: 2)
        #expect(abs(picture.midY - frame.midY) < 1e-6 && picture.size.width <= frame.size.width + 1e-6 && picture.size.height < frame.size.height)
        // The page's top edge is paper: nothing there.
        s.send(.pointerMoved(Point(x: frame.midX, y: frame.minY + 0.02 * frame.size.height)))
        #expect(s.app.drawList().pointer == .arrow)
        // The picture's top edge is the link.
        let inside = Point(x: picture.midX, y: picture.minY + 0.05 * picture.size.height)
        s.send(.pointerMoved(inside))
        #expect(s.app.drawList().pointer == .link)
        Self.click(inside, s)
        #expect(try Self.number(s) == 20)
    }

    /// A click on a link out asks first, the whole address on screen; only Enter opens it: a
    /// second click (or any click, key or notch) never does.
    @Test func anAddressOpensOnlyWhenThePromptIsAnsweredWithEnter() throws {
        let web = Rect(x: 0.2, y: 0.3, width: 0.6, height: 0.06), script = Rect(x: 0.2, y: 0.5, width: 0.6, height: 0.06)
        let long = "https://example.org/" + String(repeating: "very-long-path/", count: 12) + "end?q=1"
        let s = Self.open(FakeDocument(links: [1: [PageLink(area: web, target: .address(long)),
                                                   PageLink(area: script, target: .address("file:///etc/passwd"))]]))
        let point = try Self.point(web, onPage: 2, s)
        Self.click(point, s)
        #expect(s.app.addressToOpen == nil)
        let asked = try #require(s.app.drawList().help?.texts.map(\.text))
        #expect(asked.first == "Open a web page on example.org?")
        #expect(asked.joined().contains(long), "the whole address shows, nothing cut: \(asked)")
        #expect(try Self.number(s) == 2, "a click on a link does not turn the page")
        // A second click on the link closes the question; nothing opens.
        Self.click(point, s)
        #expect(s.app.addressToOpen == nil && s.app.drawList().help == nil)
        // Asked again: Space, Right and the wheel do nothing under it; Enter opens it.
        Self.click(point, s)
        s.send(.key(.space)); s.send(.key(.right)); s.send(.wheel(dx: 0, dy: -3)); s.run(until: s.now + 1)
        #expect(try Self.number(s) == 2 && s.app.addressToOpen == nil)
        s.send(.key(.return))
        #expect(s.app.addressToOpen == long)
        s.app.addressToOpen = nil
        // Escape closes it unopened.
        Self.click(point, s); s.send(.key(.escape))
        #expect(s.app.addressToOpen == nil && s.app.drawList().help == nil)
        // Its Open button: a click there at once (a double-click's second) closes it; a click
        // there once it has shown a moment opens it.
        s.send(.pointerDown(point)); s.send(.pointerUp(point))
        let prompt = try #require(s.app.modals.first(LinkPromptContext.self))
        let open = prompt.layout(in: s.app.size).open
        s.send(.pointerDown(Point(x: open.midX, y: open.midY))); s.send(.pointerUp(Point(x: open.midX, y: open.midY)))
        #expect(s.app.addressToOpen == nil && s.app.drawList().help == nil, "too soon: a double-click never opens")
        Self.click(point, s)
        s.run(until: s.now + 1)
        let button = try #require(s.app.modals.first(LinkPromptContext.self)).layout(in: s.app.size).open
        Self.click(Point(x: button.midX, y: button.midY), s)
        #expect(s.app.addressToOpen == long)
        s.app.addressToOpen = nil
        let other = try Self.point(script, onPage: 2, s)
        Self.click(other, s); s.send(.key(.return))
        #expect(s.app.addressToOpen == nil, "only web and mail addresses are handed on")
        #expect(s.app.onScreen.notice?.text.contains("file:///etc/passwd") == true)
    }

    /// A link laid over most of a page (visible or not) is no link: no hand, no question.
    @Test func aLinkCoveringMostOfAPageTakesNoClick() throws {
        let whole = Rect(x: 0, y: 0, width: 1, height: 1)
        let s = Self.open(FakeDocument(links: [1: [PageLink(area: whole, target: .address("mailto:a@example.org"))]]))
        let point = try Self.point(Rect(x: 0.4, y: 0.4, width: 0.2, height: 0.2), onPage: 2, s)
        s.send(.pointerMoved(point))
        #expect(s.app.drawList().pointer != .link)
        Self.click(point, s); Self.click(point, s)
        #expect(s.app.drawList().help == nil && s.app.addressToOpen == nil)
    }

    /// A mail link keeps the fields a message is written with and drops the rest (a file to
    /// attach), naming each in the question; the address handed on has none of them.
    @Test func aMailLinksAttachmentIsDroppedAndNamed() throws {
        let mail = "mailto:support@example.com?subject=Your%20invoice&attach=~/.ssh/id_rsa&body=Hi&Attachment=/etc/shadow"
        let address = try #require(LinkAddress(mail))
        #expect(address.kind == .mail(to: "support@example.com"))
        #expect(address.opened == "mailto:support@example.com?subject=Your%20invoice&body=Hi")
        #expect(address.dropped == ["attach", "Attachment"])
        let lines = address.lines(width: 64)
        #expect(lines.first == "Write a mail to support@example.com?")
        #expect(lines.contains("subject: Your invoice") && lines.contains("body: Hi"))
        #expect(lines.contains { $0.hasPrefix("attach: dropped") } && lines.contains { $0.hasPrefix("Attachment: dropped") })
        #expect(LinkAddress("https://user:pw@Example.ORG:8080/x")?.kind == .web(host: "example.org"))
        #expect(LinkAddress("file:///etc/passwd") == nil && LinkAddress("javascript:alert(1)") == nil)
        // Control and direction characters cannot hide part of a field.
        #expect(LinkAddress("mailto:a@example.org?subject=a%0Ab%E2%80%AEc")?.fields.first?.value == "a?b?c")
    }

    @Test func linksAreCheckedBeforeTheyAreKept() {
        let raw = [
            PageLink(area: Rect(x: 0.1, y: 0.1, width: 0.2, height: 0.2), target: .page(41)),
            PageLink(area: Rect(x: 0.1, y: 0.1, width: 0.2, height: 0.2), target: .page(0)),
            PageLink(area: Rect(x: .nan, y: 0.1, width: 0.2, height: 0.2), target: .page(3)),
            PageLink(area: Rect(x: 0.9, y: 0.9, width: 5, height: 5), target: .page(3)),
            PageLink(area: Rect(x: 0.1, y: 0.1, width: 0.2, height: 0.2), target: .address("https://a.example/\u{1B}[2J")),
            PageLink(area: Rect(x: 0.1, y: 0.1, width: 0.2, height: 0.2), target: .address("https://a.example/\u{202E}x")),
            PageLink(area: Rect(x: 0.1, y: 0.1, width: 0, height: 0.2), target: .page(3)),
        ]
        let kept = PageLink.checked(raw, pageCount: 40)
        #expect(kept == [PageLink(area: Rect(x: 0.9, y: 0.9, width: 0.1, height: 0.1), target: .page(3))].map { link in
            var clamped = link
            clamped.area = Rect(x: 0.9, y: 0.9, width: 1 - 0.9, height: 1 - 0.9)
            return clamped
        })
        let many = Array(repeating: PageLink(area: Rect(x: 0, y: 0, width: 1, height: 1), target: .page(1)), count: 2000)
        #expect(PageLink.checked(many, pageCount: 40).count == PageLink.maxPerPage)
    }

    static let words: [Int: [String]] = [4: ["needle"], 11: ["needle", "hay", "needle"], 30: ["Needle"], 35: ["hay"]]

    static func type(_ text: String, _ s: AppDriver) {
        for character in text {
            if let key = Key(rawValue: String(character).lowercased()) { s.send(.key(key)) }
            s.send(.text(String(character)))
        }
    }

    static func search(_ s: AppDriver) throws -> SearchContext {
        try #require(s.app.modals.first(SearchContext.self))
    }

    @Test func slashSearchesAndNAndShiftNStepThroughTheHitsRoundTheBook() throws {
        let s = Self.open(FakeDocument(words: Self.words))
        Self.type("/needle", s)
        #expect(s.app.quitRequested == false && s.app.fullscreen == false, "the letters typed are the search's, not commands")
        #expect(try Self.search(s).label(in: s.app) == "Search: needle\u{2009}\u{258F}")
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        // From page 2: the first hit is page 5 (PDF page 4), then page 12 twice, then 31.
        #expect(try Self.number(s) == 5)
        #expect(try Self.search(s).label(in: s.app).hasPrefix("\u{201C}needle\u{201D}: 1 of 4 hits"))
        let marks = { s.app.drawList().bands.filter { $0.colour == SearchContext.hitColour || $0.colour == SearchContext.currentColour } }
        #expect(marks().count == 1 && marks().first?.colour == SearchContext.currentColour)
        s.send(.key(.n)); s.run(until: s.now + 1.5)
        #expect(try Self.number(s) == 12)
        #expect(marks().count == 2, "both hits on page 12 are marked")
        s.send(.key(.n)); s.run(until: s.now + 1.5)
        #expect(try Self.number(s) == 12)
        s.send(.key(.n)); s.run(until: s.now + 1.5)
        #expect(try Self.number(s) == 31, "case ignored")
        s.send(.key(.n)); s.run(until: s.now + 1.5)
        #expect(try Self.number(s) == 5, "round to the first")
        s.send(.key(.n, [.shift])); s.run(until: s.now + 1.5)
        #expect(try Self.number(s) == 31, "Shift+N goes back round")
        s.send(.key(.return, [.shift])); s.run(until: s.now + 1.5)
        #expect(try Self.number(s) == 12)
        s.send(.key(.escape))
        #expect(s.app.modals.first(SearchContext.self) == nil && marks().isEmpty, "Escape ends the search and its marks")
        #expect(s.kinds == [.shelf, .book, .reading], "and nothing else")
    }

    @Test func theSearchBeginsAtThePageReadAndWrapsRound() throws {
        let s = Self.open(FakeDocument(words: [4: ["needle"], 35: ["needle"]]))
        for key: Key in [.three, .four] { s.send(.key(key)) }
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        #expect(try Self.number(s) == 34)
        Self.type("/needle", s)
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        #expect(try Self.number(s) == 36)
        let t = TextSearch(text: "x", pageCount: 40, first: 38)
        t.finish(try #require(t.nextStretch()), with: TextSearchStretch(hits: [], searched: 2, hasText: true))
        #expect(t.firstHitFromStart == nil, "unknown until the pages from the start are searched")
        let next = try #require(t.nextStretch())
        #expect(next.first == 0, "round from the start")
        t.finish(next, with: TextSearchStretch(hits: [TextHit(number: 7, area: Rect(x: 0, y: 0, width: 0.1, height: 0.1))], searched: next.count, hasText: true))
        #expect(t.firstHitFromStart == 0)
    }

    /// Fit width shows a page's top: a hit near the bottom of its page is scrolled into view.
    @Test func aHitLowOnAPageIsBroughtIntoView() throws {
        struct Low: DocumentInspector {
            func inspect(_ path: String) throws -> DocumentInfo { DocumentInfo(pageCount: 40, title: "Manual") }
            func find(_ text: String, in path: String, first: Int, count: Int) -> TextSearchStretch? {
                let hits = (first..<min(first + count, 40)).filter { $0 == 9 }.map { TextHit(number: $0 + 1, area: Rect(x: 0.3, y: 0.92, width: 0.2, height: 0.03)) }
                return TextSearchStretch(hits: hits, searched: min(count, 40 - first), hasText: true)
            }
        }
        let s = AppDriver(library: Library(books: [Book(title: "Manual", cover: .documentPage(document: Self.path, page: 0),
                                                        pages: (1..<40).map { .documentPage(document: Self.path, page: $0) })]))
        s.app.documents = DocumentReader(inspector: Low())
        s.send(.key(.return)); s.run(until: 1.5)
        s.send(.key(.return)); s.run(until: 3)
        let reading = try #require(s.app.reading)
        #expect(reading.fit == .width && reading.isContinuous, "a PDF opens fitted to its width, its pages one under another")
        Self.type("/x", s)
        s.send(.key(.return)); s.run(until: s.now + 3)
        #expect(try Self.number(s) == 10)
        let mark = try #require(s.app.drawList().bands.first { $0.colour == SearchContext.currentColour }?.rect, "the hit is marked on screen")
        #expect(mark.minY > 0 && mark.maxY < reading.viewport.height, "\(mark) within the \(reading.viewport.height)-point view")
    }

    /// A word on every line of every page: the search keeps `TextSearch.maxHits` and stops.
    @Test func aSearchStopsAtItsMostHits() throws {
        struct Everywhere: DocumentInspector {
            func inspect(_ path: String) throws -> DocumentInfo { DocumentInfo(pageCount: 40, title: "Manual") }
            func find(_ text: String, in path: String, first: Int, count: Int) -> TextSearchStretch? {
                let pages = first..<min(first + count, 200)
                let hits = pages.flatMap { page in (0..<1000).map { TextHit(number: page + 1, area: Rect(x: 0, y: Double($0) / 1000, width: 0.1, height: 0.001)) } }
                return TextSearchStretch(hits: hits, searched: pages.count, hasText: true)
            }
        }
        let search = DocumentReader(inspector: Everywhere()).search("e", in: Self.path, pageCount: 200, from: 0)
        let progress = search.progress
        #expect(progress.hits.count == TextSearch.maxHits && progress.isCapped && progress.isDone)
        #expect(progress.searched < 200, "it stopped once it had enough: \(progress.searched) pages")
    }

    /// A recording's reader searches one stretch a frame: the search never runs whole inside
    /// one frame, its hits arrive as found, and it ends after as many frames as stretches.
    @Test func aRecordingsSearchReadsOneStretchAFrame() throws {
        final class Counting: DocumentInspector, @unchecked Sendable {
            var calls = 0
            func inspect(_ path: String) throws -> DocumentInfo { DocumentInfo(pageCount: 300, title: "Manual") }
            func find(_ text: String, in path: String, first: Int, count: Int) -> TextSearchStretch? {
                calls += 1
                let pages = first..<min(first + count, 300)
                return TextSearchStretch(hits: pages.map { TextHit(number: $0 + 1, area: Rect(x: 0, y: 0.5, width: 0.1, height: 0.01)) },
                                         searched: pages.count, hasText: true)
            }
        }
        let inspector = Counting()
        let reader = DocumentReader.stepped(inspector: inspector)
        let search = reader.search("e", in: Self.path, pageCount: 300, from: 0)
        #expect(inspector.calls == 0 && search.progress.searched == 0, "nothing is read until a frame steps")
        reader.step()
        #expect(inspector.calls == 1 && search.progress.searched > 0 && search.progress.searched < 300)
        var frames = 1
        while !search.progress.isDone && frames < 1000 {
            let before = search.progress.hits.count
            reader.step()
            frames += 1
            #expect(inspector.calls == frames, "one stretch a frame")
            #expect(search.progress.hits.count >= before)
        }
        #expect(search.progress.isDone && search.progress.hits.count == 300 && frames > 1)
        reader.step()
        #expect(inspector.calls == frames, "a finished search is read no more")
    }

    /// The hits on one page are found by halving the hits in page order, each page's and no
    /// other's, pages without any giving none.
    @Test func aPagesHitsAreItsOwn() {
        let counts = [3: 2, 4: 1, 9: 3, 10: 1]
        let hits = counts.keys.sorted().flatMap { page in
            (0..<counts[page]!).map { TextHit(number: page, area: Rect(x: 0, y: Double($0) / 10, width: 0.1, height: 0.05)) }
        }
        let progress = TextSearch.Progress(hits: hits, searched: 12, pageCount: 12, hasText: true, isDone: true, failed: false, isCapped: false)
        for page in 0...12 {
            let found = progress.hits(onPage: page)
            #expect(found.count == counts[page] ?? 0, "page \(page)")
            #expect(found.allSatisfy { $0.number == page })
        }
        #expect(TextSearch.Progress(hits: [], searched: 0, pageCount: 1, hasText: false, isDone: false, failed: false, isCapped: false)
            .hits(onPage: 1).isEmpty)
    }

    @Test func aSearchWithNoHitsOrNoTextSaysSo() throws {
        let s = Self.open(FakeDocument(words: Self.words))
        Self.type("/zebra", s)
        s.send(.key(.return)); s.run(until: s.now + 0.5)
        #expect(try Self.search(s).label(in: s.app) == "\u{201C}zebra\u{201D} not found")
        #expect(try Self.number(s) == 2)
        let pictures = Self.open(FakeDocument())
        Self.type("/zebra", pictures)
        pictures.send(.key(.return)); pictures.run(until: pictures.now + 0.5)
        #expect(try Self.search(pictures).label(in: pictures.app).hasPrefix("No text to search in this book"))
        // A comic has no text layer at all: "/" says so at once.
        let comic = AppDriver(books: 1, pages: 8)
        comic.send(.key(.return)); comic.run(until: 1.5)
        comic.send(.text("/"))
        #expect(comic.app.modals.first(SearchContext.self) == nil)
        #expect(comic.app.onScreen.notice?.text.hasPrefix("Nothing to search") == true)
    }

    /// The 40-page manual opened in 3D (Enter on the shelf), "needle" searched for there.
    static func searchedIn3D() -> AppDriver {
        let book = Book(title: "Manual", cover: .documentPage(document: path, page: 0),
                        pages: (1..<40).map { .documentPage(document: path, page: $0) })
        let s = AppDriver(library: Library(books: [book]))
        s.app.documents = DocumentReader(inspector: FakeDocument(words: words))
        s.send(.key(.return)); s.run(until: 1.5)
        type("/needle", s)
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        return s
    }

    /// A search begun in the 3D book stands as the book lies flat, and ends as it closes.
    @Test func theSearchOutlivesLyingFlatButNotClosing() throws {
        let s = Self.searchedIn3D()
        #expect(s.kinds == [.shelf, .book])
        #expect(try Self.search(s).label(in: s.app).contains("of 4 hits"))
        // Enter is the next hit while the search stands: the wheel lays the book flat.
        for _ in 0..<4 { s.send(.wheel(dx: 0, dy: 1, modifiers: [])) }
        s.run(until: s.now + 2)
        #expect(s.kinds == [.shelf, .book, .reading])
        #expect(s.app.modals.first(SearchContext.self) != nil, "laying the book flat kept the search")
        s.send(.key(.n)); s.run(until: s.now + 1.5)
        #expect(try Self.number(s) == 12)
        s.send(.key(.escape)); s.run(until: s.now + 1.5)
        #expect(s.app.modals.first(SearchContext.self) == nil, "Escape ended the search first")
        Self.type("/needle", s)
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        // The back button first retraces the hits gone to (the history), then stands the
        // book up and closes it.
        var backs = 0
        while s.kinds != [.shelf] && backs < 6 {
            s.send(.back); s.run(until: s.now + 1.5)
            backs += 1
        }
        #expect(s.kinds == [.shelf] && backs > 2)
        #expect(s.app.modals.first(SearchContext.self) == nil, "closing the book ended it")
    }

    /// In the book in 3D, a hit is marked on its page's layer: drawn right after the page, in
    /// the page's plane, where the word is on it; the marks go with the search.
    @Test func hitsAreMarkedOnTheBookIn3D() throws {
        let s = Self.searchedIn3D()
        let book = s.app.library.books[0]
        #expect(s.kinds == [.shelf, .book], "the book is open in 3D, at the spread of page 5")
        let layers = s.app.drawList().layers
        let marks = layers.indices.filter { if case .fill(let c) = layers[$0].content { return c == SearchContext.currentColour }; return false }
        #expect(marks.count == 1, "one hit, on page 5")
        let at = try #require(marks.first)
        let page = layers[at - 1], mark = layers[at]
        guard case .page(0, let display) = page.content else { Issue.record("the mark follows \(page.content), not a page"); return }
        #expect(book.numbering.number(ofDisplayPage: display) == 5)
        // The fixture's hit covers x 0.2–0.5, y 0.1–0.15 of the page: its corners are there on screen.
        for (u, v) in [(0.0, 0.0), (1.0, 1.0)] {
            let onMark = try #require(mark.project(x: u * mark.size.width, y: v * mark.size.height))
            let onPage = try #require(page.project(x: (0.2 + 0.3 * u) * page.size.width, y: (0.1 + 0.05 * v) * page.size.height))
            #expect(abs(onMark.x - onPage.x) < 0.01 && abs(onMark.y - onPage.y) < 0.01, "\(onMark) against \(onPage)")
        }
        s.send(.key(.escape))
        #expect(!s.app.drawList().layers.contains { $0.content.isFill }, "Escape took the marks away")
    }

    /// Hits found later on pages before the one the search began on come before the hit gone
    /// to in the list: N still goes on from that hit, round the book.
    @Test func nGoesOnFromTheHitGoneToWhileEarlierPagesAreStillSearched() throws {
        final class Gate: @unchecked Sendable { let open = DispatchSemaphore(value: 0) }
        struct Gated: DocumentInspector {
            let gate: Gate
            func inspect(_ path: String) throws -> DocumentInfo { DocumentInfo(pageCount: 40, title: "Manual") }
            func find(_ text: String, in path: String, first: Int, count: Int) -> TextSearchStretch? {
                if first < 33 { gate.open.wait(); gate.open.signal() }
                let pages = first..<min(first + count, 40)
                let hits = pages.filter { [4, 11, 35].contains($0) }.map { TextHit(number: $0 + 1, area: Rect(x: 0.2, y: 0.2, width: 0.2, height: 0.05)) }
                return TextSearchStretch(hits: hits, searched: pages.count, hasText: true)
            }
        }
        let gate = Gate()
        defer { gate.open.signal() }
        let s = Self.open(FakeDocument())
        s.app.documents = DocumentReader(inspector: Gated(gate: gate)) { work in startDetachedThread(named: "folio-test", work) }
        for key: Key in [.three, .four] { s.send(.key(key)) }
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        Self.type("/needle", s)
        s.send(.key(.return))
        let search = try Self.search(s)
        // The search runs on its own thread: frames step until what is waited for comes, or 10 s pass.
        func waitFor(_ done: () throws -> Bool) rethrows {
            let deadline = Date().addingTimeInterval(10)
            while try !done(), Date() < deadline { s.run(until: s.now + FixedStep.dt) }
        }
        try waitFor { try Self.number(s) == 36 }
        #expect(try Self.number(s) == 36, "the first hit from page 34 is on 36, found before the pages before 34")
        gate.open.signal()
        waitFor { search.traced.done }
        #expect(search.traced.hits == 3 && search.current == 2, "the hits on 5 and 12 came before it")
        s.send(.key(.n)); s.run(until: s.now + 1.5)
        #expect(try Self.number(s) == 5, "round to the first")
    }

    /// A reader with three lanes (the decoder's workers) searches three stretches at once,
    /// and no more; every page is searched once.
    @Test func aReadersLanesSearchThatManyStretchesAtOnce() throws {
        final class Lanes: DocumentInspector, @unchecked Sendable {
            // Unchecked: the counts are touched only with `lock` held.
            let lock = NSCondition()
            var started = 0, running = 0, most = 0, pages = 0
            func inspect(_ path: String) throws -> DocumentInfo { DocumentInfo(pageCount: 400, title: "Long") }
            /// The first three stretches wait for one another (5 s at most): with three lanes
            /// they all run at once; with fewer the first waits in vain.
            func find(_ text: String, in path: String, first: Int, count: Int) -> TextSearchStretch? {
                lock.withLock {
                    started += 1
                    running += 1
                    most = max(most, running)
                    pages += count
                    lock.broadcast()
                    let deadline = Date().addingTimeInterval(5)
                    while started <= 3, running < 3, lock.wait(until: deadline) {}
                    running -= 1
                }
                return TextSearchStretch(hits: [], searched: count, hasText: true)
            }
        }
        let lanes = Lanes()
        let reader = DocumentReader(inspector: lanes, lanes: 3) { work in startDetachedThread(named: "folio-test", work) }
        let search = reader.search("word", in: "/long.pdf", pageCount: 400, from: 0)
        waitUntil("the search ends") { search.progress.isDone }
        #expect(lanes.lock.withLock { lanes.most } == 3, "stretches at once")
        #expect(lanes.lock.withLock { lanes.pages } == 400, "pages searched")
    }

    @Test func backspaceAndEscapeEditAndLeaveTheLineBeingTyped() throws {
        let s = Self.open(FakeDocument(words: Self.words))
        Self.type("/nx", s)
        s.send(.key(.backspace))
        #expect(try Self.search(s).label(in: s.app) == "Search: n\u{2009}\u{258F}")
        s.send(.key(.escape))
        #expect(s.app.modals.first(SearchContext.self) == nil, "nothing searched yet: the line goes")
        #expect(s.kinds == [.shelf, .book, .reading], "Escape left the line only")
    }

    /// A held Backspace empties a line being typed (a search, a page number) and stops
    /// there: it never falls through to go back or close the book; Escape leaves the line.
    @Test func aHeldBackspaceEmptiesTheLineAndGoesNoFurther() throws {
        let s = Self.open(FakeDocument(words: Self.words))
        Self.type("/nx", s)
        for _ in 0..<6 { s.send(.key(.backspace)) }
        s.run(until: s.now + 1)
        #expect(try Self.search(s).label(in: s.app) == "Search: \u{2009}\u{258F}", "the line stays, empty")
        #expect(s.kinds == [.shelf, .book, .reading])
        s.send(.key(.escape))
        #expect(s.app.modals.first(SearchContext.self) == nil && s.kinds == [.shelf, .book, .reading])
        s.send(.key(.three))
        for _ in 0..<6 { s.send(.key(.backspace)) }
        s.run(until: s.now + 1)
        #expect(s.kinds == [.shelf, .book, .reading], "Backspace on an emptied page number went on to the book")
        #expect(s.app.modals.first(TypedPageContext.self)?.typed == "", "the page number's line stays, empty")
        s.send(.key(.escape)); s.run(until: s.now + 0.5)
        #expect(s.kinds == [.shelf, .book, .reading] && s.app.modals.first(TypedPageContext.self) == nil)
    }
}
