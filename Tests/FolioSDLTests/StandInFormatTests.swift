import CSDL2
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary

/// A book format added as its own file (`PageListFormat`) and one registration line: the
/// loader claims its files by name and by their first bytes, lists its pages and problems,
/// and its pages are measured, checked and decoded by the confined workers like any others.
@Suite struct StandInFormatTests {
    /// A folder holding a 200×300 cover, a page, and `list` written as `name`.
    static func folder(list: String, named name: String) throws -> URL {
        let dir = try DocumentPageTests.write(Data(list.utf8), name)
        for image in ["cover.png", "p1.png"] {
            try PageFitTests.framedPNG(width: 200, height: 300, at: dir.deletingLastPathComponent().appendingPathComponent(image).path)
        }
        return dir
    }

    static var formats: BookFormats {
        var formats = BookFormats.standard(documents: TestDecoding.workers, files: TestDecoding.workers)
        formats.register(PageListFormat())
        return formats
    }

    @Test func aBookOfTheRegisteredFormatOpensIsMeasuredCheckedAndDrawn() throws {
        let list = try Self.folder(list: "folio-pages\ncover.png\np1.png\ngone.png\n", named: "story.pages")
        defer { DocumentPageTests.remove(list) }
        let loaded = try LibraryLoader.load(list.path, formats: Self.formats)
        #expect(loaded.isOneBook)
        #expect(loaded.problems.map(\.message) == ["gone.png: no such file beside the list; shown blank."])
        let library = BookShapes.measured(loaded.library, decoder: TestDecoding.workers)
        let book = try #require(library.books.first)
        #expect(book.title == "story" && book.pages.count == 2)
        let aspect = try #require(book.pageAspect)
        #expect(abs(aspect - 200.0 / 300.0) < 0.01)
        #expect(LibraryValidator.check(library, decoder: TestDecoding.workers).isEmpty)
        let shape = PageImage.Shape(width: 100, height: 150, radius: 0, side: .right)
        let page = try PageImage.make(try #require(book.pages[0]), decoder: TestDecoding.workers, shape: shape).get()
        defer { SDL_FreeSurface(page) }
        let (r, g, b) = DocumentPageTests.centre(page)
        #expect(r > 240 && g < 15 && b < 15, "the page's centre is \((r, g, b)), not the image's red")
    }

    /// Claimed by its first bytes under a name no format knows; unknown to a loader that
    /// was not told of it.
    @Test func itsFilesAreClaimedByTheirFirstBytesOnlyWhereItIsRegistered() throws {
        let list = try Self.folder(list: "folio-pages\ncover.png\np1.png\n", named: "story.list")
        defer { DocumentPageTests.remove(list) }
        #expect(try LibraryLoader.load(list.path, formats: Self.formats).library.books.first?.pages.count == 1)
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
        let loaded = try LibraryLoader.load(shelf.path, formats: Self.formats)
        #expect(loaded.library.books.map(\.title) == ["photos", "story"])
        // "../" leaves the list's folder: refused, never read.
        #expect(loaded.problems.count == 2)
    }
}
