import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// A comic archive's ComicInfo.xml, read while the archive is listed and applied to its
/// book: title, direction, spreads, cover; one warning and the plain book when it is bad.
@Suite struct ComicInfoArchiveTests {
    static let image = LibraryFixtures.bmp(width: 8, height: 12)
    /// Six images in reading order: p1 … p6.
    static let images = (1...6).map { ("p\($0).bmp", image) }

    static func xml(_ body: String) -> Data {
        Data("<?xml version=\"1.0\"?>\n<ComicInfo>\(body)</ComicInfo>".utf8)
    }

    /// The book and problems from an archive of `entries` written as `format`.
    static func load(_ entries: [(String, Data)], format: LibraryFixtures.ArchiveFormat = .zip,
                     name: String = "Some File.cbz") throws -> (Book, [LibraryProblem], String) {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent(name)
        try LibraryFixtures.archive(entries, to: url, format: format)
        let result = try LibraryLoader.load(url.path)
        let book = try #require(result.library.books.first)
        return (book, result.problems, url.path)
    }

    static func entryNames(_ sources: [ImageSource?]) -> [String] {
        sources.map { source in
            if case .archiveEntry(_, let entry)? = source { return entry }
            return "?"
        }
    }

    @Test(arguments: [LibraryFixtures.ArchiveFormat.zip, .sevenZip, .tar])
    func titleDirectionAndSpreadsComeFromComicInfo(format: LibraryFixtures.ArchiveFormat) throws {
        let info = Self.xml("""
            <Title>Into the Storm</Title><Series>Sky Pirates</Series><Number>3</Number><Manga>YesAndRightToLeft</Manga>
            <Writer>Ada Quill</Writer>
            <Pages><Page Image="0" Type="FrontCover"/><Page Image="3" DoublePage="True"/><Page Image="5" DoublePage="1"/>
            <Page Image="40" DoublePage="True"/></Pages>
            """)
        let (book, problems, _) = try Self.load(Self.images + [("ComicInfo.xml", info)], format: format)
        #expect(problems.isEmpty, "\(problems)")
        #expect(book.title == "Sky Pirates #3: Into the Storm")
        #expect(book.rightToLeft)
        #expect(book.byline == "Ada Quill")
        // On the shelf, the writer stands beside the page count under the title.
        let app = FolioApp(library: Library(books: [book]), size: Size(width: 1280, height: 800))
        app.update(at: 0)
        #expect(app.drawList().texts.contains { $0.text == "Ada Quill \u{00B7} 6 pages" })
        // The cover (image 0) is out of the pages: images 3 and 5 are pages 2 and 4.
        #expect(Self.entryNames([book.cover]) == ["p1.bmp"])
        #expect(book.spreads == [2, 4])
        // Read right to left, a spread's right half comes first.
        let right = try #require(book.order.slots.firstIndex(of: .half(2, .right)))
        #expect(book.order.slots[right + 1] == .half(2, .left))
    }

    @Test func aFrontCoverOtherThanTheFirstImageIsTheCover() throws {
        let info = Self.xml("""
            <Series>S</Series><Pages><Page Image="2" Type="FrontCover"/><Page Image="4" DoublePage="True"/>
            <Page Image="2" DoublePage="True"/></Pages>
            """)
        let (book, problems, _) = try Self.load(Self.images + [("ComicInfo.xml", info)])
        #expect(problems.isEmpty)
        #expect(book.title == "S")
        #expect(!book.rightToLeft)
        #expect(Self.entryNames([book.cover]) == ["p3.bmp"])
        #expect(Self.entryNames(book.pages) == ["p1.bmp", "p2.bmp", "p4.bmp", "p5.bmp", "p6.bmp"])
        // Image 4 (p5) is page 3; the cover itself spans no spread in the pages.
        #expect(book.spreads == [3])
    }

    @Test func withoutComicInfoTheBookIsAsBefore() throws {
        let (book, problems, _) = try Self.load(Self.images + [("ComicInfo.xml", Self.xml("<Manga>Yes</Manga>"))])
        #expect(problems.isEmpty)
        #expect(book.title == "Some File")
        #expect(!book.rightToLeft)
        #expect(book.spreads.isEmpty)
        #expect(Self.entryNames([book.cover]) == ["p1.bmp"])
        #expect(Self.entryNames(book.pages) == ["p2.bmp", "p3.bmp", "p4.bmp", "p5.bmp", "p6.bmp"])
    }

    @Test(arguments: [LibraryFixtures.ArchiveFormat.zip, .sevenZip])
    func malformedComicInfoIsOneWarningAndTheBookLoads(format: LibraryFixtures.ArchiveFormat) throws {
        let bad = Data("<?xml version=\"1.0\"?><ComicInfo><Title>Lost</Series><Manga>YesAndRightToLeft</Manga>".utf8)
        let (book, problems, path) = try Self.load(Self.images + [("ComicInfo.xml", bad)], format: format)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.file == path)
        #expect(problems.first?.message.contains("ComicInfo.xml could not be read") == true)
        #expect(problems.first?.message.contains("well-formed") == true)
        #expect(book.title == "Some File")
        #expect(!book.rightToLeft)
        #expect(book.pages.count == 5)
    }

    @Test(arguments: [LibraryFixtures.ArchiveFormat.zip, .tar])
    func anOversizedComicInfoIsRefusedAndTheBookLoads(format: LibraryFixtures.ArchiveFormat) throws {
        let big = Self.xml("<Title>Big</Title>" + String(repeating: " ", count: ComicInfo.maxBytes))
        let (book, problems, _) = try Self.load(Self.images + [("ComicInfo.xml", big)], format: format)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.message.contains("ComicInfo.xml could not be read") == true)
        #expect(problems.first?.message.contains("larger than") == true || problems.first?.message.contains("more than") == true)
        #expect(book.title == "Some File")
        #expect(book.pages.count == 5)
    }

    @Test func theNameIsMatchedInAnyCaseAndTheRootOneWins() throws {
        let (inFolder, problems, _) = try Self.load(
            Self.images.map { ("Vol 1/\($0.0)", $0.1) } + [("Vol 1/comicinfo.XML", Self.xml("<Title>Folder</Title>"))])
        #expect(problems.isEmpty)
        #expect(inFolder.title == "Folder")
        let (both, _, _) = try Self.load([("a/ComicInfo.xml", Self.xml("<Title>Folder</Title>"))] + Self.images
                                         + [("COMICINFO.xml", Self.xml("<Title>Root</Title>"))])
        #expect(both.title == "Root")
        // A macOS resource fork of one is not it.
        let (fork, _, _) = try Self.load(Self.images + [("__MACOSX/ComicInfo.xml", Self.xml("<Title>Fork</Title>"))])
        #expect(fork.title == "Some File")
    }

    @Test func aFolderOfArchivesReadsEachOnesComicInfo() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try LibraryFixtures.archive(Self.images + [("ComicInfo.xml", Self.xml("<Title>Named</Title>"))],
                                    to: dir.appendingPathComponent("a.cbz"))
        try LibraryFixtures.archive(Self.images + [("ComicInfo.xml", Data("<<<".utf8))], to: dir.appendingPathComponent("b.cbz"))
        let result = try LibraryLoader.load(dir.path)
        #expect(result.library.books.map(\.title) == ["Named", "b"])
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.file.hasSuffix("b.cbz") == true)
    }
}
