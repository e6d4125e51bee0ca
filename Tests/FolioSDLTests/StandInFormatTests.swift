import CSDL2
import FolioStandInFormat
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary

/// A book format added as its own file (`PageListFormat`) and one registration line on each
/// side: the loader claims its files by name and by their first bytes; its workers
/// (`folio-stand-in-worker`, Folio's worker with the format registered) list its pages and
/// problems and make each of its own page references into an image, which they measure,
/// check and decode like any other, through the same operations as Folio's own formats.
@Suite struct StandInFormatTests {
    /// Workers that know the stand-in format: the worker program beside the `folio` the tests
    /// decode with.
    static let workers: DecoderSandbox = {
        let program = (DecoderSandboxTests.worker as NSString).deletingLastPathComponent + "/folio-stand-in-worker"
        do { return try DecoderSandbox(executable: program) } catch {
            fatalError("build the stand-in worker first (swift build --build-tests): \(error)")
        }
    }()

    /// A folder holding a 200×300 cover, a page, and `list` written as `name`.
    static func folder(list: String, named name: String) throws -> URL {
        let dir = try DocumentPageTests.write(Data(list.utf8), name)
        for image in ["cover.png", "p1.png"] {
            try PageFitTests.framedPNG(width: 200, height: 300, at: dir.deletingLastPathComponent().appendingPathComponent(image).path)
        }
        return dir
    }

    /// Folio's formats and the stand-in, read by `decoder`.
    static func formats(_ decoder: DecoderSandbox = workers) -> BookFormats {
        var formats = BookFormats.standard(documents: decoder, files: decoder)
        formats.register(PageListFormat())
        formats.register(DocumentFormat(SketchDocument.kind, documents: decoder))
        return formats
    }

    @Test func aBookOfTheRegisteredFormatOpensIsMeasuredCheckedAndDrawn() throws {
        let list = try Self.folder(list: "folio-pages\ncover.png\np1.png\ngone.png\n", named: "story.pages")
        defer { DocumentPageTests.remove(list) }
        let loaded = try LibraryLoader.load(list.path, formats: Self.formats())
        #expect(loaded.isOneBook)
        #expect(loaded.problems.map(\.message) == ["gone.png: no such file beside the list; shown blank."])
        let library = BookShapes.measured(loaded.library, decoder: Self.workers)
        let book = try #require(library.books.first)
        #expect(book.title == "story" && book.pages.count == 2)
        // Its pages are its own references, the lines that name them.
        let real = try #require(SafeFile.realPath(list.path))
        #expect(book.cover == .formatPage(format: "pages", file: real, page: "1"))
        #expect(book.pages[0] == .formatPage(format: "pages", file: real, page: "2"))
        let aspect = try #require(book.pageAspect)
        #expect(abs(aspect - 200.0 / 300.0) < 0.01)
        #expect(LibraryValidator.check(library, decoder: Self.workers).isEmpty)
        let shape = PageImage.Shape(width: 100, height: 150, radius: 0, side: .right)
        let page = try PageImage.make(try #require(book.pages[0]), decoder: Self.workers, shape: shape).get()
        let (r, g, b) = DocumentPageTests.centre(page)
        #expect(r > 240 && g < 15 && b < 15, "the page's centre is \((r, g, b)), not the image's red")
    }

    /// The list is listed, and its pages made into images, in the worker: workers that do not
    /// know the format (Folio's own) cannot list it nor decode its pages, though this process
    /// registered it.
    @Test func itIsListedAndDecodedOnlyByWorkersThatKnowIt() throws {
        let list = try Self.folder(list: "folio-pages\ncover.png\np1.png\n", named: "story.pages")
        defer { DocumentPageTests.remove(list) }
        #expect { try LibraryLoader.load(list.path, formats: Self.formats(TestDecoding.workers)) } throws: { error in
            (error as? FolioError)?.message.contains("is of a format this program does not read (pages)") == true
        }
        let real = try #require(SafeFile.realPath(list.path))
        let shape = PageImage.Shape(width: 100, height: 150, radius: 0, side: .right)
        let page = ImageSource.formatPage(format: "pages", file: real, page: "2")
        guard case .failure(let failure) = PageImage.make(page, decoder: TestDecoding.workers, shape: shape) else {
            Issue.record("a worker that does not know the format decoded its page")
            return
        }
        #expect(failure.cause == .unsupported)
        // A line the list does not have is the format's own problem, said in the worker.
        let beyond = PageImage.make(.formatPage(format: "pages", file: real, page: "9"), decoder: Self.workers, shape: shape)
        guard case .failure(let missing) = beyond else {
            Issue.record("a page the list does not have was decoded")
            return
        }
        #expect(missing.cause == .missing && missing.message.hasSuffix("the list names no such page."))
    }

    /// Claimed by its first bytes under a name no format knows; unknown to a loader that
    /// was not told of it.
    @Test func itsFilesAreClaimedByTheirFirstBytesOnlyWhereItIsRegistered() throws {
        let list = try Self.folder(list: "folio-pages\ncover.png\np1.png\n", named: "story.list")
        defer { DocumentPageTests.remove(list) }
        #expect(try LibraryLoader.load(list.path, formats: Self.formats()).library.books.first?.pages.count == 1)
        #expect(throws: FolioError.self) { try LibraryLoader.load(list.path, documents: TestDecoding.workers) }
    }

    /// In a folder of books, a list is a book beside the folders of images.
    @Test func aListInAFolderOfBooksIsABook() throws {
        let list = try Self.folder(list: "folio-pages\n../cover.png\n../p1.png\n", named: "story.pages")
        defer { DocumentPageTests.remove(list) }
        let root = list.deletingLastPathComponent()
        let shelf = root.appendingPathComponent("shelf")
        try FileManager.default.createDirectory(at: shelf.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: list, to: shelf.appendingPathComponent("story.pages"))
        try PageFitTests.framedPNG(width: 200, height: 300, at: shelf.appendingPathComponent("photos/p.png").path)
        let loaded = try LibraryLoader.load(shelf.path, formats: Self.formats())
        #expect(loaded.library.books.map(\.title) == ["photos", "story"])
        // "../" leaves the list's folder: refused, never read.
        #expect(loaded.problems.count == 2)
    }

    /// A document format of its own (render at a size, outline, text), registered in one line
    /// on each side: its book opens with its title and contents, its pages are drawn at the
    /// size asked and checked by `validate`, and its text is searched, through the same wire
    /// operations as a PDF's; a worker that does not know it reads no sketch.
    @Test func aDocumentOfTheRegisteredFormatOpensIsDrawnAndSearched() throws {
        let sketch = "folio-sketch\ntitle A Sketchbook\npage 300 400 250 10 10 a red page\npage 300 400 10 10 250 the blue needle\n"
            + "page 300 400 10 250 10 green\noutline 0 1 Red\noutline 1 3 Green\n"
        let file = try DocumentPageTests.write(Data(sketch.utf8), "book.sketch")
        defer { DocumentPageTests.remove(file) }
        let loaded = try LibraryLoader.load(file.path, formats: Self.formats())
        let book = try #require(loaded.library.books.first)
        let real = try #require(SafeFile.realPath(file.path))
        #expect(book.title == "A Sketchbook" && book.cover == .documentPage(document: real, page: 0) && book.pages.count == 2)
        #expect(book.contents.map(\.title) == ["Red", "Green"] && book.contents.map(\.number) == [1, 3])
        #expect(abs((book.pageAspect ?? 0) - 0.75) < 1e-3)
        #expect(LibraryValidator.check(loaded.library, decoder: Self.workers).isEmpty)
        let pixels = try Self.workers.pixels(ofDocument: real, page: 1, width: 150, height: 300)
        defer { pixels.free() }
        #expect(pixels.width == 150 && pixels.height == 200, "fitted inside the box at the page's shape")
        #expect(Array(UnsafeBufferPointer(start: pixels.base, count: 4)) == [10, 10, 250, 255])
        let found = try #require(Self.workers.find("NEEDLE", in: real, first: 0, count: 3))
        #expect(found.hits.map(\.number) == [2] && found.searched == 3 && found.hasText)
        // Folio's own workers know no sketch: it is no PDF either.
        #expect(throws: FolioError.self) { try TestDecoding.workers.inspect(real) }
    }
}
