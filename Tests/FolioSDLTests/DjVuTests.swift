import Foundation
import Testing
import CVips
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
import FolioTestFixtures

/// DjVu books, made by DjVuLibre's own tools, read through the document protocol in a
/// decoder worker as a PDF is: the shelf's title and author, the contents, the page titles as
/// labels, the pages drawn at the size asked, the hidden text searched, the hyperlinks
/// followed; an indirect book and a damaged one named, not read.
@Suite(.serialized) struct DjVuTests {
    static let pages: [DjVuFixture.Page] = [
        .init(colour: (200, 30, 30), text: ["a cover"], links: [
            (x: 100, y: 100, width: 200, height: 80, to: "#3"),
            (x: 320, y: 100, width: 200, height: 80, to: "https://example.org/djvu?a=1"),
            (x: 100, y: 600, width: 100, height: 50, to: "beside.djvu"),
        ]),
        .init(colour: (30, 160, 30), text: ["the Needle here", "and a needle there"]),
        .init(colour: (30, 30, 200), text: ["nothing"], title: "iii"),
        .init(colour: (200, 200, 30), text: ["the last néedle"], title: "iv"),
    ]

    static func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-djvu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The four pages above, with bookmarks and metadata.
    static func book(in dir: URL? = nil) throws -> String {
        let url = try (dir ?? folder()).appendingPathComponent("herbal.djvu")
        try DjVuFixture.book(pages, outline: [("Chapter One", 1, 0), ("Chapter Two", 2, 0), ("A section", 3, 1)],
                             title: "A DjVu Herbal", author: "F. Olio", at: url)
        return url.path
    }

    @Test func aDjVuBookOpensWithItsTitleContentsAndLabels() throws {
        let path = try Self.book()
        let book = try OutlineTests.book(path)
        #expect(book.title == "A DjVu Herbal" && book.byline == "F. Olio")
        #expect(book.cover == .documentPage(document: path, page: 0) && book.pages.count == 3)
        #expect(abs((book.pageAspect ?? 0) - 432.0 / 576) < 1e-3, "600×800 pixels at 100 dpi: \(String(describing: book.pageAspect))")
        #expect(book.contents.map(\.title) == ["Chapter One", "Chapter Two", "A section"])
        #expect(book.contents.map(\.number) == [1, 2, 3] && book.contents.map(\.level) == [0, 0, 1])
        #expect(book.pageLabels == ["", "", "iii", "iv"], "\(String(describing: book.pageLabels))")
        #expect(LibraryValidator.check(Library(books: [book]), decoder: TestDecoding.workers).isEmpty)
    }

    @Test func itsPagesAreDrawnInTheWorkerAtTheSizeAsked() throws {
        let path = try Self.book()
        let pixels = try TestDecoding.workers.pixels(ofDocument: path, page: 1, width: 300, height: 400)
        defer { pixels.free() }
        #expect(pixels.width == 300 && pixels.height == 400)
        func pixel(_ x: Int, _ y: Int) -> [Int] {
            (0..<4).map { Int(pixels.base[(y * pixels.width + x) * 4 + $0]) }
        }
        let band = pixel(150, 50), paper = pixel(150, 350)
        #expect(abs(band[0] - 30) < 24 && abs(band[1] - 160) < 24 && abs(band[2] - 30) < 24 && band[3] == 255, "\(band)")
        #expect(paper[0] > 240 && paper[1] > 240 && paper[2] > 240 && paper[3] == 255, "\(paper)")
        #expect(throws: (any Error).self) { try TestDecoding.workers.pixels(ofDocument: path, page: 9, width: 300, height: 400) }
    }

    @Test func aSearchFindsTheHiddenTextInStretches() throws {
        let path = try Self.book()
        let stretch = try #require(TestDecoding.workers.find("needle", in: path, first: 0, count: 4))
        #expect(stretch.searched == 4 && stretch.hasText)
        #expect(stretch.hits.map(\.number) == [2, 2, 4], "case and accents ignored: \(stretch.hits)")
        let first = try #require(stretch.hits.first)
        // "the Needle": the word starts four letters in; the first line's box is 470–500 px from the bottom.
        #expect(abs(first.area.minX - 130.0 / 600) < 1e-3 && abs(first.area.minY - 300.0 / 800) < 1e-3, "\(first.area)")
        #expect(abs(first.area.size.width - 120.0 / 600) < 1e-3 && abs(first.area.size.height - 30.0 / 800) < 1e-3)
        #expect(abs((first.pageAspect ?? 0) - 0.75) < 1e-3)
        let words = try #require(TestDecoding.workers.find("NEEDLE  there", in: path, first: 0, count: 4))
        #expect(words.hits.map(\.number) == [2], "a phrase across words")
        let later = try #require(TestDecoding.workers.find("needle", in: path, first: 2, count: 1))
        #expect(later.searched == 1 && later.hits.isEmpty)
        let none = try #require(TestDecoding.workers.find("zebra", in: path, first: 0, count: 4))
        #expect(none.hits.isEmpty && none.hasText)
    }

    @Test func itsHyperlinksGoToPagesAndAddresses() throws {
        let path = try Self.book()
        let links = TestDecoding.workers.links(path, page: 0)
        #expect(links.map(\.target) == [.page(3), .address("https://example.org/djvu?a=1")], "a file beside it is left out: \(links)")
        let area = try #require(links.first).area
        #expect(abs(area.minX - 100.0 / 600) < 1e-3 && abs(area.minY - 100.0 / 800) < 1e-3, "from the page's top left: \(area)")
        #expect(abs(area.size.width - 200.0 / 600) < 1e-3 && abs(area.size.height - 80.0 / 800) < 1e-3)
        #expect(TestDecoding.workers.links(path, page: 1).isEmpty)
        #expect(TestDecoding.workers.links(path, page: 40).isEmpty, "a page past the end has none")
    }

    @Test func anIndirectDjVuIsRefusedNotReadFromBesideIt() throws {
        let dir = try Self.folder()
        let index = try DjVuFixture.indirect(URL(fileURLWithPath: try Self.book(in: dir)), in: dir.appendingPathComponent("split"))
        #expect { try TestDecoding.workers.inspect(index.path) } throws: { error in
            let message = (error as? FolioError)?.message ?? ""
            return message.hasPrefix("\(index.path): is not a readable DjVu (") && message.contains("indirect")
        }
    }

    @Test func aDamagedDjVuIsNamedAndSkipped() throws {
        let dir = try Self.folder()
        let whole = try Data(contentsOf: URL(fileURLWithPath: try Self.book(in: dir)))
        let cut = dir.appendingPathComponent("cut.djvu")
        try whole.prefix(40).write(to: cut)
        #expect { try TestDecoding.workers.inspect(cut.path) } throws: { error in
            (error as? FolioError)?.cause == .unreadable && (error as? FolioError)?.message == "\(cut.path): is not a readable DjVu (the file ends early)."
        }
        // In a folder of books it is skipped with its reason; the sound one loads.
        let loaded = try LibraryLoader.load(dir.path, decoder: TestDecoding.workers)
        #expect(loaded.library.books.map(\.title) == ["A DjVu Herbal"])
        #expect(loaded.problems.contains { $0.file.hasSuffix("cut.djvu") && $0.message.hasPrefix("is not a readable DjVu (") }, "\(loaded.problems)")
    }

    /// A page that includes a file beside it (an INCL chunk): DjVuLibre asks for that file,
    /// Folio hands it nothing, and names it, even when the file is there.
    @Test func aPageIncludingAFileBesideItIsRefusedNamingIt() throws {
        let dir = try Self.folder()
        let page = dir.appendingPathComponent("page.djvu")
        try DjVuFixture.pageIncluding("shared.djvi", colour: (200, 30, 30), at: page)
        try Data("AT&TFORM".utf8).write(to: dir.appendingPathComponent("shared.djvi"))
        #expect { try TestDecoding.workers.inspect(page.path) } throws: { error in
            (error as? FolioError)?.message
                == "\(page.path): is not a readable DjVu (it includes shared.djvi, a file beside it, and Folio reads nothing outside the file)."
        }
    }

    /// A DjVu past the size Folio reads (it holds the file in the worker's heap) is named
    /// by its size before a byte of it is read: a sparse file costs the test nothing.
    @Test func aDjVuOverItsSizeLimitIsNamedUnread() throws {
        let dir = try Self.folder()
        let big = dir.appendingPathComponent("big.djvu")
        try Data("AT&TFORM".utf8).write(to: big)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(Int(FOLIO_DJVU_MAX_BYTES) + (1 << 20)))
        try handle.close()
        #expect { try TestDecoding.workers.inspect(big.path) } throws: { error in
            (error as? FolioError)?.message == "\(big.path): is not a readable DjVu (a DjVu file of 97 MB, more than the 96 MB Folio reads)."
        }
    }
}
