import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioWorker
@testable import FolioLibrary
@testable import FolioSDL
import FolioSamples
import FolioTestFixtures

/// A PDF's outline as a book's contents: read by poppler in a decoder worker (never in this
/// process) as the book is listed, sent in the book reply, bounded however hostile the
/// outline; and the contents panel drawn (a PNG to look at).
@Suite(.serialized) struct OutlineTests {
    static let outline: [PDFWriter.OutlineItem] = [
        .init("Part One", page: 1, [
            .init("Chapter 1", page: 2, [.init("Section 1.1", page: 3), .init("Section 1.2", page: 4)]),
            .init("Chapter 2", page: 6),
        ]),
        .init("No such page", page: 99),
        .init("Part Two: Caf\u{E9} \u{65E5}\u{672C}", page: 8, [.init("Chapter 3", page: 9)]),
    ]

    static func write(_ data: Data, _ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-outline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// The book the worker lists from the PDF at `path`, as the app loads it.
    static func book(_ path: String) throws -> Book {
        try #require(try LibraryLoader.load(path, decoder: TestDecoding.workers).library.books.first)
    }

    @Test func theWorkerListsTheOutlineWithItsTitlesLevelsAndPages() throws {
        let path = try Self.write(PDFWriter.document(pages: 12, outline: Self.outline), "outlined.pdf")
        let opened = PDFPages.documentsOpened
        let book = try Self.book(path)
        #expect(PDFPages.documentsOpened == opened, "poppler ran in the worker, not here")
        // Pages by the reader's numbering: the PDF's page 2 (from 0) is page 3.
        #expect(book.contents == [
            ContentsEntry(title: "Part One", level: 0, number: 2),
            ContentsEntry(title: "Chapter 1", level: 1, number: 3),
            ContentsEntry(title: "Section 1.1", level: 2, number: 4),
            ContentsEntry(title: "Section 1.2", level: 2, number: 5),
            ContentsEntry(title: "Chapter 2", level: 1, number: 7),
            ContentsEntry(title: "Part Two: Caf\u{E9} \u{65E5}\u{672C}", level: 0, number: 9),
            ContentsEntry(title: "Chapter 3", level: 1, number: 10),
        ])
    }

    @Test func aPDFWithoutAnOutlineHasNoContents() throws {
        let path = try Self.write(PDFWriter.document(pages: 5), "plain.pdf")
        #expect(try Self.book(path).contents.isEmpty)
    }

    /// 100,000 entries on one level looping back to the first, a chain 40 levels deep looping
    /// to its top, pages past the end, a title of 14,000 characters with control characters:
    /// the book loads in bounded time with bounded contents.
    @Test func aHostileOutlineIsBounded() throws {
        let path = try Self.write(PDFWriter.hostileOutline(pages: 20, siblings: 100_000, depth: 40), "hostile.pdf")
        let started = Date()
        let book = try Self.book(path)
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed < 15, "\(elapsed) s")
        let contents = book.contents
        #expect(!contents.isEmpty && contents.count <= BookContents.maxEntries, "\(contents.count)")
        #expect(contents.allSatisfy { (1...20).contains($0.number) && (0..<BookContents.maxDepth).contains($0.level) })
        #expect(contents.allSatisfy { $0.title.count <= BookContents.maxTitleLength + 1 })
        #expect(contents.allSatisfy { !$0.title.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{202E}" } })
        #expect(contents.map(\.level).max() == BookContents.maxDepth - 1, "the chain is cut at the deepest level kept")
        #expect(contents.contains { $0.title.hasPrefix("Long title Long title") })
        // Entries 20, 21 and 22 point past the end: left out.
        #expect(!contents.contains { $0.title == "Entry 21" } && contents.contains { $0.title == "Entry 23" })
        print("hostile outline: \(contents.count) entries in \(elapsed) s")
    }

    /// The viewer reads the worker's contents as hostile too: a count past the bound, or an
    /// entry on a page the book does not have, is out of protocol before anything is kept.
    @Test func theWireChecksTheContentsItCarries() throws {
        var book = Book(title: "b", cover: .documentPage(document: "/x.pdf", page: 0),
                        pages: [.documentPage(document: "/x.pdf", page: 1)])
        book.contents = [ContentsEntry(title: "T", level: 1, number: 2)]
        let request = DecoderWire.Request(operation: .book, path: "/x.pdf", page: 1, format: "pdf")
        func read(_ bytes: Data) throws -> DecoderWire.Reply {
            var rest = bytes
            return try DecoderWire.readReply({ count in
                let chunk = rest.prefix(count)
                rest = rest.dropFirst(count)
                return chunk
            }, to: request)
        }
        let good = DecoderWire.encode(.book(ListedBook(book: book, problems: [])))
        #expect(try read(good) == .book(ListedBook(book: book, problems: [])))
        // …[contents count][level][number][title length]["T"][problems count]
        let end = good.count
        var pastTheEnd = good
        pastTheEnd.replaceSubrange((end - 11)..<(end - 7), with: [9, 0, 0, 0])
        #expect(throws: DecoderWire.Malformed.self) { try read(pastTheEnd) }
        var tooDeep = good
        tooDeep[end - 12] = UInt8(BookContents.maxDepth)
        #expect(throws: DecoderWire.Malformed.self) { try read(tooDeep) }
        var tooMany = good
        tooMany.replaceSubrange((end - 16)..<(end - 12), with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(throws: DecoderWire.Malformed.self) { try read(tooMany) }
    }

    /// The panel over the reading view, drawn as the viewer draws it: written to
    /// $TMPDIR/folio-contents-panel.png to be looked at, and checked to cover the page.
    @Test func thePanelIsDrawn() throws {
        // The bundled font (DejaVu Sans) has no CJK: the title drawn keeps to Latin letters.
        var outline = Self.outline
        outline[2].title = "Part Two: Caf\u{E9}"
        let path = try Self.write(PDFWriter.document(pages: 12, title: "An Outlined Paper", outline: outline), "paper.pdf")
        let library = try LibraryLoader.load(path, decoder: TestDecoding.workers).library
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 1280, height: 800)
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        var t = 0.0
        func step(_ seconds: Double) { for _ in 0..<Int(seconds * 60) { t += 1.0 / 60; app.update(at: t) } }
        app.update(at: t)
        app.handle(.key(.return), at: t); step(1.5)
        app.handle(.key(.return), at: t); step(1.5)
        for key: Key in [.five, .return] { app.handle(.key(key), at: t) }
        step(1)
        app.handle(.key(.tab), at: t)
        app.handle(.key(.down), at: t)
        step(0.2)
        try canvas.draw(app)
        var rgb: [UInt8] = []
        canvas.readRGB(into: &rgb)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("folio-contents-panel.png").path
        try HeadlessCanvas.writePNG(rgb, width: 1280, height: 800, to: out)
        print("contents panel: \(out)")
        // The page (bright) is dimmed under the panel's scrim.
        let centre = canvas.pixel(x: 640, y: 700)
        #expect(Int(centre.r) + Int(centre.g) + Int(centre.b) < 200, "\(centre)")
        // Hidden again, back in the 3D book: the corner's button while the pointer is near it.
        app.handle(.key(.tab), at: t)
        app.handle(.key(.escape), at: t); step(1.5)
        let (button, _) = ContentsContext.button(in: app.size)
        app.handle(.pointerMoved(Point(x: button.midX, y: button.midY)), at: t)
        step(0.2)
        try canvas.draw(app)
        canvas.readRGB(into: &rgb)
        let corner = FileManager.default.temporaryDirectory.appendingPathComponent("folio-contents-button.png").path
        try HeadlessCanvas.writePNG(rgb, width: 1280, height: 800, to: corner)
        print("contents button: \(corner)")
        #expect(app.drawList().texts.contains { $0.text.hasSuffix("Contents") })
    }

    /// A PDF's page labels (roman front matter, then numbers from 1) are read by poppler in a
    /// worker as the book is listed and shown as the reader's: "iii (3 / 8)", "2 (6 / 8)";
    /// a typed label goes to its page. A PDF whose labels are its numbers keeps none.
    @Test func thePageLabelsAreReadAndShown() throws {
        let path = try Self.write(PDFWriter.document(pages: 8, pageLabels: "0 << /S /r >> 4 << /S /D >>"), "labelled.pdf")
        let book = try Self.book(path)
        #expect(book.pageLabels == ["i", "ii", "iii", "iv", "1", "2", "3", "4"])
        let numbering = book.numbering
        #expect(numbering.label(page: numbering.displayPage(ofNumber: 3)) == "iii (3 / 8)")
        #expect(numbering.label(page: numbering.displayPage(ofNumber: 6)) == "2 (6 / 8)")
        #expect(numbering.number(typed: "2") == 6 && numbering.number(typed: "iv") == 4)
        #expect(numbering.sentence(ofNumber: 3) == "Page iii (3 of 8)" && numbering.sentence(ofNumber: 6) == "Page 2 (6 of 8)")
        // The strip's caption says the label of the page it selects.
        let app = FolioApp(library: Library(books: [book]), size: Size(width: 1280, height: 800))
        app.update(at: 0)
        app.handle(.key(.return), at: 0)
        var t = 0.0
        for _ in 0..<120 { t += 1.0 / 60; app.update(at: t) }
        app.handle(.key(.t), at: t)
        for _ in 0..<3 { app.handle(.key(.right), at: t) }
        for _ in 0..<30 { t += 1.0 / 60; app.update(at: t) }
        #expect(app.drawList().texts.contains { $0.text.hasPrefix("Page iv (4 of 8)") },
                "\(app.drawList().texts.map(\.text))")
        let plain = try Self.book(try Self.write(PDFWriter.document(pages: 8), "plain.pdf"))
        #expect(plain.pageLabels == nil && plain.numbering.label(page: 5) == "6 / 8")
    }
}
