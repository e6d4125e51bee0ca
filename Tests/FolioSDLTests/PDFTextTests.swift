import CSDL2
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioWorker
@testable import FolioLibrary
import FolioSamples
import FolioTestFixtures

/// A PDF's links and text, read by poppler in a decoder worker (never in this process) and
/// sent on the wire bounded: links to pages, to names and to addresses where the document
/// put them; a search that finds every occurrence of a word and only those, in stretches.
@Suite(.serialized) struct PDFTextTests {
    /// Seven pages: "needle" on pages 2 (twice), 5 and 7 by the reader's numbering (PDF pages
    /// 1, 4, 6), "haystack" on every page; links on PDF page 1 to page 4, to a name for page
    /// 5, to an address, and to a page the document does not have.
    static let text: [Int: [String]] = [
        0: ["haystack cover"], 1: ["haystack needle here", "and a Needle there"], 2: ["haystack"], 3: ["haystack nothing"],
        4: ["haystack with needle"], 5: ["haystack"], 6: ["the last needle, haystack"],
    ]
    static let links: [Int: [PDFWriter.Link]] = [1: [
        .init(Rect(x: 0.1, y: 0.5, width: 0.3, height: 0.1), to: .page(3)),
        .init(Rect(x: 0.5, y: 0.5, width: 0.3, height: 0.1), to: .name("chapter")),
        .init(Rect(x: 0.1, y: 0.7, width: 0.5, height: 0.05), to: .address("https://example.org/folio?a=1")),
        .init(Rect(x: 0.1, y: 0.8, width: 0.5, height: 0.05), to: .page(40)),
    ]]

    static func document() throws -> String {
        try OutlineTests.write(PDFWriter.document(pages: 7, text: text, links: links, destinations: ["chapter": 4]), "text.pdf")
    }

    @Test func theWorkerReadsAPagesLinksWhereTheyAre() throws {
        let path = try Self.document()
        let opened = PDFPages.documentsOpened
        let links = TestDecoding.workers.links(path, page: 1)
        #expect(PDFPages.documentsOpened == opened, "poppler ran in the worker, not here")
        #expect(links.count == 3, "the link to no page is left out: \(links)")
        #expect(links.map(\.target) == [.page(4), .page(5), .address("https://example.org/folio?a=1")])
        let first = try #require(links.first).area
        #expect(abs(first.minX - 0.1) < 0.01 && abs(first.minY - 0.5) < 0.01, "from the page's top-left: \(first)")
        #expect(abs(first.size.width - 0.3) < 0.01 && abs(first.size.height - 0.1) < 0.01, "\(first)")
        #expect(links.allSatisfy { abs(($0.pageAspect ?? 0) - 362.0 / 568) < 1e-3 }, "each link knows its page's shape")
        #expect(TestDecoding.workers.links(path, page: 0).isEmpty)
        #expect(TestDecoding.workers.links(path, page: 70).isEmpty, "a page past the end has none")
    }

    @Test func aSearchFindsEveryOccurrenceAndOnlyThose() throws {
        let path = try Self.document()
        let stretch = try #require(TestDecoding.workers.find("needle", in: path, first: 0, count: 7))
        #expect(stretch.searched == 7 && stretch.hasText)
        #expect(stretch.hits.map(\.number) == [2, 2, 5, 7], "case ignored, each occurrence once: \(stretch.hits)")
        #expect(stretch.hits.allSatisfy { $0.area.minY > 0.1 && $0.area.maxY < 0.5 && $0.area.size.width > 0.05 }, "\(stretch.hits)")
        #expect(stretch.hits.allSatisfy { abs(($0.pageAspect ?? 0) - 362.0 / 568) < 1e-3 })
        let later = try #require(TestDecoding.workers.find("needle", in: path, first: 3, count: 2))
        #expect(later.searched == 2 && later.hits.map(\.number) == [5])
        let none = try #require(TestDecoding.workers.find("zebra", in: path, first: 0, count: 7))
        #expect(none.hits.isEmpty && none.hasText)
    }

    /// A page whose text layer is 50 MB (a million lines) and another of a thousand links,
    /// most of them to pages that do not exist: read in bounded time and memory, the worker
    /// still standing (a stretch ends after its time; a page that takes more is passed over).
    @Test func fiftyMegabytesOfTextAndAThousandLinksAreBounded() throws {
        let line = String(repeating: "haystack ", count: 5) + "needle"
        let huge = Array(repeating: line, count: 1_000_000)
        let links: [PDFWriter.Link] = (0..<1000).map { (i: Int) -> PDFWriter.Link in
            let area = Rect(x: 0.001 * Double(i % 900), y: 0.1, width: 0.01, height: 0.01)
            return PDFWriter.Link(area, to: .page(i % 2 == 0 ? 1 : 5000 + i))
        }
        let path = try OutlineTests.write(PDFWriter.document(pages: 3, text: [1: huge, 2: ["needle"]], links: [0: links]), "huge.pdf")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 50_000_000, "\(size) bytes")
        var started = Date()
        let read = TestDecoding.workers.links(path, page: 0)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(read.count == 500, "\(read.count): the links to no page are left out")
        started = Date()
        let search = DocumentReader(inspector: TestDecoding.workers).search("needle", in: path, pageCount: 3, from: 0)
        let elapsed = Date().timeIntervalSince(started)
        let progress = search.progress
        print("50 MB text layer: \(progress.hits.count) hits, \(progress.searched) pages, failed \(progress.failed), \(elapsed) s")
        #expect(elapsed < 45, "\(elapsed) s")
        #expect(progress.isDone && progress.hits.count <= 2 * DecoderWire.maxHits)
        #expect(TestDecoding.workers.find("needle", in: path, first: 2, count: 1)?.hits.count == 1 || progress.failed,
                "the page after it is searched, unless the document failed for good")
    }

    /// A link whose address is 10 MB: named by its length, never kept (nor cut short, which
    /// would open another address); the page draws, the page's other link is kept, and
    /// `validate` names the link left out.
    @Test func aTenMegabyteLinkAddressIsNamedAndLeftOut() throws {
        let long = "http://example.com/" + String(repeating: "a", count: 10 << 20)
        let links: [Int: [PDFWriter.Link]] = [0: [.init(Rect(x: 0.1, y: 0.1, width: 0.5, height: 0.1), to: .address(long)),
                                                  .init(Rect(x: 0.1, y: 0.5, width: 0.5, height: 0.1), to: .page(1))]]
        let path = try OutlineTests.write(PDFWriter.document(pages: 2, links: links), "long-link.pdf")
        let read = TestDecoding.workers.links(path, page: 0)
        #expect(read.map(\.target) == [.unkept(bytes: long.utf8.count), .page(2)], "\(read.map(\.target).description.prefix(200))")
        #expect(PageLink.checked(read, pageCount: 2).map(\.target) == [.page(2)])
        let shape = PageImage.Shape(width: 60, height: 90, radius: 0, side: .right)
        let page = try PageImage.make(.documentPage(document: path, page: 0), decoder: TestDecoding.workers, shape: shape).get()
        let book = Book(title: "Long link", cover: nil, pages: [.documentPage(document: path, page: 0), .documentPage(document: path, page: 1)])
        let problems = LibraryValidator.check(Library(books: [book]), decoder: TestDecoding.workers)
        #expect(problems.count == 1 && problems.first?.message
            == "a link's address is \(Sentence.grouped(long.utf8.count)) bytes long, more than the 2,048 Folio keeps; the link is left out.",
            "\(problems)")
        // On the wire an unkept link is its length only, and a length Folio would keep is a lie.
        let request = DecoderWire.Request(operation: .links, path: path, page: 0)
        func reply(_ links: [PageLink]) throws -> DecoderWire.Reply {
            var data = DecoderWire.encode(.links(links))
            return try DecoderWire.readReply({ count in
                let chunk = data.prefix(count)
                data = data.dropFirst(count)
                return chunk
            }, to: request)
        }
        let area = Rect(x: 0.1, y: 0.1, width: 0.2, height: 0.2)
        #expect(try reply([PageLink(area: area, target: .unkept(bytes: 5000))]) == .links([PageLink(area: area, target: .unkept(bytes: 5000))]))
        #expect(throws: DecoderWire.Malformed.self) { try reply([PageLink(area: area, target: .unkept(bytes: 20))]) }
    }

    /// A PDF's shape comes with its header: looking for double pages in it (as the viewer
    /// does once a book opened alone shows) reads no page headers and keeps that shape.
    @Test func lookingForSpreadsKeepsAPDFsShape() throws {
        let path = try OutlineTests.write(PDFWriter.document(pages: 5, width: 612, height: 792), "letter.pdf")
        let book = try #require(try LibraryLoader.load(path, decoder: TestDecoding.workers).library.books.first)
        let aspect = try #require(book.pageAspect)
        #expect(abs(aspect - 612.0 / 792) < 0.01)
        #expect(BookShapes.shaped(book, decoder: TestDecoding.workers).pageAspect == aspect)
    }

    @Test func aBookWithoutTextSaysSo() throws {
        let path = try OutlineTests.write(PDFWriter.document(pages: 3), "pictures.pdf")
        let stretch = try #require(TestDecoding.workers.find("needle", in: path, first: 0, count: 3))
        #expect(stretch.hits.isEmpty && !stretch.hasText && stretch.searched == 3)
    }

    /// The app on the book the workers list from `path`, its links and search read by them as
    /// the viewer's are (here where they are asked for), stepped at 60 frames a second.
    final class Reader {
        let app: FolioApp
        var now = 0.0
        init(_ path: String) throws {
            let book = try #require(try LibraryLoader.load(path, decoder: TestDecoding.workers).library.books.first)
            app = FolioApp(library: Library(books: [book]), size: Size(width: 1280, height: 800))
            app.documents = DocumentReader(inspector: TestDecoding.workers)
            app.update(at: 0)
        }
        func send(_ event: InputEvent) { app.handle(event, at: now) }
        func run(_ seconds: Double) {
            let end = now + seconds
            while now < end { now += 1.0 / 60; app.update(at: now) }
        }
        var number: Int { (app.navigation.top as? any PageShowing).map { app.numberRead(in: $0) } ?? 0 }
    }

    /// A PDF with a three-level outline, links and words on known pages, read through the
    /// workers into the app: Tab lists the chapters and a click on one riffles there, a click
    /// on a link riffles to its page and Backspace comes back, "/" finds every occurrence.
    @Test func contentsLinksAndSearchWorkOnARealPDF() throws {
        let outline: [PDFWriter.OutlineItem] = [.init("Part", page: 1, [.init("Chapter", page: 2, [.init("Section", page: 5)])])]
        let path = try OutlineTests.write(PDFWriter.document(pages: 7, outline: outline, text: Self.text, links: Self.links,
                                                             destinations: ["chapter": 4]), "manual.pdf")
        let r = try Reader(path)
        #expect(r.app.library.books[0].contents.map(\.title) == ["Part", "Chapter", "Section"])
        r.send(.key(.return)); r.run(1.5)
        r.app.book?.settle(onLeaf: 0)
        r.send(.key(.return)); r.run(1.5)
        #expect(r.app.reading != nil && r.number == 2)
        // The contents: the third level's entry, clicked, riffles to its page.
        r.send(.key(.tab))
        #expect(r.app.trace(frame: 0, t: 0).contents == TraceFrame.Contents(entries: 3, selected: 0), "the trace says the contents show")
        let rows = try #require(r.app.drawList().help?.texts)
        let section = try #require(rows.first { $0.text.hasSuffix("Section") })
        r.send(.pointerDown(section.position)); r.send(.pointerUp(section.position)); r.run(1.5)
        #expect(r.number == 6, "Section is on the PDF's page 5, the reader's 6")
        // Back to page 2, where the links are, its height fitted to the window (the whole
        // page shows; at its width, a PDF's first fit, its middle is below the window).
        r.send(.key(.two)); r.send(.key(.return)); r.run(1.5)
        r.send(.key(.w)); r.run(1)
        #expect(r.number == 2)
        let reading = try #require(r.app.reading)
        #expect(reading.fit == .height)
        let frame = try #require(reading.shownPages().first { r.app.library.books[0].numbering.number(ofDisplayPage: $0.page) == 2 }?.frame)
        let named = PagePicture.onScreen(Self.links[1]![1].area, of: frame)
        let point = Point(x: named.midX, y: named.midY)
        r.send(.pointerMoved(point))
        #expect(r.app.drawList().pointer == .link)
        r.send(.pointerDown(point)); r.send(.pointerUp(point)); r.run(1.5)
        #expect(r.number == 5, "the named destination is the PDF's page 4")
        r.send(.key(.backspace)); r.run(1.5)
        #expect(r.number == 2 && r.app.reading != nil, "Backspace came back and stayed flat")
        // Search: every "needle" and only those, gone to in turn from page 2.
        for character in "/needle" { r.send(.text(String(character))) }
        r.send(.key(.return)); r.run(1.5)
        var visited = [r.number]
        for _ in 0..<4 { r.send(.key(.n)); r.run(1.5); visited.append(r.number) }
        #expect(visited == [2, 2, 5, 7, 2], "two on page 2, one on 5 and 7, then round")
        #expect(r.app.drawList().texts.contains { $0.text.hasPrefix("\u{201C}needle\u{201D}: 1 of 4 hits, page 2 ") },
                "the search's line names the hit's page")
        // The trace says so, and reads back as it was written.
        let traced = r.app.trace(frame: 1, t: 0)
        #expect(traced.search == TraceFrame.Search(text: "needle", typing: false, hits: 4, current: 0, searched: 7, done: true))
        #expect(traced.contents == nil)
        let line = Data(traced.json.serialized().utf8)
        #expect(try JSONDecoder().decode(TraceFrame.self, from: line).search == traced.search)
    }

    /// Where a place on page `number` shows in the window, as a fraction of the window's
    /// height from its top (the trace's `reading.visible`), nil when that page is not on screen.
    static func shown(_ place: Double, onPage number: Int, in r: Reader) -> Double? {
        guard let v = r.app.trace(frame: 0, t: 0).reading?.visible.first(where: { $0.page == number }),
              v.bottom > v.top else { return nil }
        return (place - v.top) / (v.bottom - v.top)
    }

    /// An outline entry and a link that name a place on their page (an /XYZ destination) land
    /// with that place a third of the way down the window, not at the page's top; one that
    /// names none lands at the top.
    @Test func contentsAndLinksLandAtTheirPlaceOnThePage() throws {
        let outline: [PDFWriter.OutlineItem] = [.init("Heading", page: 3, top: 0.6), .init("Whole", page: 5)]
        let links: [Int: [PDFWriter.Link]] = [0: [.init(Rect(x: 0.1, y: 0.05, width: 0.6, height: 0.1), to: .place(4, top: 0.7))]]
        let path = try OutlineTests.write(PDFWriter.document(pages: 7, outline: outline, links: links), "places.pdf")
        let listed = try OutlineTests.book(path)
        #expect(abs((listed.contents.first?.top ?? -1) - 0.6) < 0.01 && listed.contents.last?.top == nil,
                "the worker read where the heading is, and no place for a /Fit")
        let r = try Reader(path)
        r.send(.key(.return)); r.run(1.5)
        r.send(.key(.return)); r.run(1.5)
        #expect(r.app.reading != nil && r.number == 1, "the book lies flat on page 1, not \(r.number)")
        // The link on page 1 goes to the PDF's page 4 (the reader's 5), seven tenths down it.
        let reading = try #require(r.app.reading)
        let frame = try #require(reading.shownPages().first { r.app.library.books[0].numbering.number(ofDisplayPage: $0.page) == 1 }?.frame)
        let area = PagePicture.onScreen(links[0]![0].area, of: frame)
        r.send(.pointerDown(Point(x: area.midX, y: area.midY))); r.send(.pointerUp(Point(x: area.midX, y: area.midY))); r.run(1.5)
        let linked = try #require(Self.shown(0.7, onPage: 5, in: r), "page 5 shows")
        #expect(linked > 0.2 && linked < 0.45, "the link's place is a third of the way down, at \(linked)")
        // The contents entry: the PDF's page 3 (the reader's 4), six tenths down.
        r.send(.key(.tab)); r.send(.key(.return)); r.run(1.5)
        let heading = try #require(Self.shown(0.6, onPage: 4, in: r), "page 4 shows")
        #expect(heading > 0.2 && heading < 0.45, "the heading is a third of the way down, at \(heading)")
        // An entry with no place lands at its page's top.
        r.send(.key(.tab)); r.send(.key(.down)); r.send(.key(.return)); r.run(1.5)
        #expect(r.app.trace(frame: 0, t: 0).reading?.visible.first?.page == 6)
        #expect(r.app.trace(frame: 0, t: 0).reading?.visible.first?.top == 0)
        // Back comes to the heading's line.
        r.send(.key(.backspace)); r.run(1.5)
        #expect(Self.shown(0.6, onPage: 4, in: r).map { abs($0 - heading) < 0.02 } == true)
    }
}
