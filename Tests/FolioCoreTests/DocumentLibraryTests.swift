import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// A document inspector that answers from a table (file name → header or failure), so the
/// loader's rules for PDFs are tested without poppler; it records what it was asked.
final class FakeInspector: DocumentInspector, @unchecked Sendable {
    // Unchecked: the tests use one inspector from one thread.
    var answers: [String: Result<DocumentInfo, FolioError>]
    var asked: [String] = []

    init(_ answers: [String: Result<DocumentInfo, FolioError>]) {
        self.answers = answers
    }

    func inspect(_ path: String) throws -> DocumentInfo {
        asked.append((path as NSString).lastPathComponent)
        guard let answer = answers[(path as NSString).lastPathComponent] else {
            throw FolioError.badInput("\(path): is not a readable PDF (no answer).", cause: .unreadable)
        }
        return try answer.get()
    }
}

/// PDFs beside book folders and archives, single files of every kind, and folders with
/// nothing to read: the loader's rules, with the PDF header faked.
@Suite struct DocumentLibraryTests {
    static let image = LibraryFixtures.bmp(width: 8, height: 12)
    static let pdf = Data("%PDF-1.4\n".utf8)

    static func pages(_ book: Book) -> [Int] {
        book.pages.map { if case .documentPage(_, let page)? = $0 { return page } else { return -1 } }
    }

    @Test func aPDFIsABookItsFirstPageTheCover() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("Report 2024.pdf")
        try Self.pdf.write(to: url)
        let titled = FakeInspector(["Report 2024.pdf": .success(DocumentInfo(pageCount: 4, title: "Annual Report"))])
        let book = try #require(try LibraryLoader.load(url.path, documents: titled).library.books.first)
        #expect(book.title == "Annual Report")
        #expect(book.cover == .documentPage(document: url.path, page: 0))
        #expect(Self.pages(book) == [1, 2, 3])
        // The cover, three pages, a blank to pad the odd count, the back cover.
        #expect(book.displayPageCount == 6)
        // No title in the metadata (or only blanks): the file name.
        for title in [nil, "", "  \t "] as [String?] {
            let untitled = FakeInspector(["Report 2024.pdf": .success(DocumentInfo(pageCount: 1, title: title))])
            let book = try #require(try LibraryLoader.load(url.path, documents: untitled).library.books.first)
            #expect(book.title == "Report 2024")
            #expect(book.pages.isEmpty)
        }
    }

    @Test func aTitleFromMetadataIsOneBoundedLine() {
        #expect(LibraryLoader.documentText("Line one\nline\u{1B}two\u{7}") == "Line one line two")
        let long = LibraryLoader.documentText(String(repeating: "é", count: 5000))
        #expect(long?.count == LibraryLoader.maxTitleLength + 1 && long?.hasSuffix("…") == true)
    }

    /// A PDF's Author is its byline (beside the page count on the shelf), as hostile as its
    /// title: one line, no control or bidi-override characters, bounded; none when blank.
    @Test(arguments: [
        ("Ann Author", "Ann Author"),
        ("Ann\r\nAuthor\u{0}\u{1B}[31m", "Ann  Author  [31m"),
        ("\u{202E}rohtuA nnA", "rohtuA nnA"),
        (String(repeating: "é", count: 5000), String(repeating: "é", count: LibraryLoader.maxTitleLength) + "…"),
        ("", nil), (" \t\n ", nil), (nil, nil),
    ] as [(String?, String?)])
    func aPDFsAuthorIsItsBylineOnOneBoundedLine(author: String?, byline: String?) throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("Report 2024.pdf")
        try Self.pdf.write(to: url)
        let inspector = FakeInspector(["Report 2024.pdf": .success(DocumentInfo(pageCount: 4, title: "Annual Report", author: author))])
        let book = try #require(try LibraryLoader.load(url.path, documents: inspector).library.books.first)
        #expect(book.title == "Annual Report")
        #expect(book.byline == byline)
    }

    /// A file named anything that starts like a PDF is read as one, never as a property list.
    @Test func aPDFWithoutItsExtensionIsStillAPDF() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("download")
        try Self.pdf.write(to: url)
        let inspector = FakeInspector(["download": .success(DocumentInfo(pageCount: 2, title: nil))])
        #expect(try LibraryLoader.load(url.path, documents: inspector).library.books.map(\.title) == ["download"])
    }

    /// Page counts are the file's word: zero, negative and absurd ones are refused before a
    /// page exists.
    @Test(arguments: [0, -5, LibraryLoader.maxPages + 1, Int.max])
    func anImpossiblePageCountIsRefused(count: Int) throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("liar.pdf")
        try Self.pdf.write(to: url)
        let inspector = FakeInspector(["liar.pdf": .success(DocumentInfo(pageCount: count, title: "Liar"))])
        #expect { try LibraryLoader.load(url.path, documents: inspector) } throws: { error in
            guard let error = error as? FolioError, error.message.hasPrefix("\(url.path): ") else { return false }
            return count > 0 ? error.cause == .tooLarge && error.message.contains("\(count) pages") : error.message.contains("no pages")
        }
        // In a folder, the same PDF is skipped with its reason and the rest loads.
        try LibraryFixtures.write(Self.image, to: dir.appendingPathComponent("Book/a.bmp"))
        let result = try LibraryLoader.load(dir.path, documents: inspector)
        #expect(result.library.books.map(\.title) == ["Book"])
        #expect(result.problems.contains { $0.file == url.path && $0.message.hasSuffix("; skipped.") })
    }

    @Test func pdfsMixWithBookFoldersAndArchivesInOneShelf() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try LibraryFixtures.write(Self.image, to: dir.appendingPathComponent("B folder/1.bmp"))
        try LibraryFixtures.zip([("1.bmp", Self.image), ("2.bmp", Self.image)], to: dir.appendingPathComponent("C comic.cbz"))
        for name in ["A manual.pdf", "D locked.pdf", "E broken.pdf", "F notes.PDF"] { try Self.pdf.write(to: dir.appendingPathComponent(name)) }
        let inspector = FakeInspector([
            "A manual.pdf": .success(DocumentInfo(pageCount: 10, title: nil)),
            "D locked.pdf": .failure(.badInput("\(dir.path)/D locked.pdf: is password-protected; Folio opens no encrypted PDFs.", cause: .encrypted)),
            "E broken.pdf": .failure(.badInput("\(dir.path)/E broken.pdf: is not a readable PDF (PDF document is damaged).", cause: .unreadable)),
            "F notes.PDF": .success(DocumentInfo(pageCount: 3, title: "Notes")),
        ])
        let result = try LibraryLoader.load(dir.path, documents: inspector)
        #expect(result.library.books.map(\.title) == ["A manual", "B folder", "C comic", "Notes"])
        #expect(Self.pages(result.library.books[0]) == Array(1..<10))
        let real = SafeFile.realPath(dir.path)!
        #expect(result.problems.map(\.description).sorted() == [
            "\(real)/D locked.pdf: is password-protected; Folio opens no encrypted PDFs; skipped.",
            "\(real)/E broken.pdf: is not a readable PDF (PDF document is damaged); skipped.",
        ])
    }

    /// A folder of images with one PDF beside them is a shelf (the PDF a book), not a book of
    /// the images.
    @Test func aPDFAmongLooseImagesMakesTheFolderAShelf() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try LibraryFixtures.write(Self.image, to: dir.appendingPathComponent("loose.bmp"))
        try Self.pdf.write(to: dir.appendingPathComponent("book.pdf"))
        let inspector = FakeInspector(["book.pdf": .success(DocumentInfo(pageCount: 2, title: nil))])
        let result = try LibraryLoader.load(dir.path, documents: inspector)
        #expect(result.library.books.map(\.title) == ["book"])
        // The picture is named, not passed over in silence.
        #expect(result.problems.map(\.message) == ["1 picture beside the books skipped (loose.bmp): a book of pictures is a folder of its own."])
    }

    /// A book in a folder of books that cannot be read at all is named with the reason.
    @Test func aBookThatCannotBeReadInAFolderOfBooksIsNamed() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.pdf.write(to: dir.appendingPathComponent("book.pdf"))
        try Data("not a zip".utf8).write(to: dir.appendingPathComponent("torn.cbz"))
        let inspector = FakeInspector(["book.pdf": .success(DocumentInfo(pageCount: 2, title: nil))])
        let result = try LibraryLoader.load(dir.path, documents: inspector)
        #expect(result.library.books.map(\.title) == ["book"])
        let real = SafeFile.realPath(dir.path)!
        #expect(result.problems.contains { $0.file == "\(real)/torn.cbz" && $0.message.hasSuffix("; skipped.") }, "\(result.problems)")
    }

    /// Without an inspector (no PDF reader linked), PDFs are named and skipped, never opened.
    @Test func withoutAnInspectorPDFsAreReportedNotRead() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("a.pdf")
        try Self.pdf.write(to: url)
        #expect { try LibraryLoader.load(url.path) } throws: { ($0 as? FolioError)?.message == "\(url.path): this program reads no PDF files." }
        let result = try LibraryLoader.load(dir.path)
        #expect(result.library.books.isEmpty)
        #expect(result.problems.contains { $0.message == "this program reads no PDF files; skipped." })
    }

    @Test func aSingleImageIsABookOfOnePage() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("photo.bmp")
        try Self.image.write(to: url)
        let result = try LibraryLoader.load(url.path)
        // When it came: its file's status change, as the shelf's "recently added" reads it.
        var info = stat()
        #expect(stat(url.path, &info) == 0 && result.library.books.first?.addedAt == Int(info.st_ctim.tv_sec))
        var photo = Book(title: "photo", cover: .file(SafeFile.realPath(url.path)!), pages: [])
        photo.addedAt = result.library.books.first?.addedAt
        #expect(result.library.books == [photo])
        #expect(result.problems.isEmpty)
        #expect(LibraryLoader.isSingleImage(url.path) && !LibraryLoader.isSingleImage(dir.path))
        // Not a regular file: refused when loading, not at the first frame.
        let fifo = dir.appendingPathComponent("pipe.jpg")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect { try LibraryLoader.load(fifo.path) } throws: { ($0 as? FolioError)?.message.contains("FIFO") == true }
    }

    /// A file that is no library says what Folio opens, not "is not a property list".
    @Test func aFileOfNoKnownKindSaysWhatFolioOpens() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("notes.txt")
        try Data("shopping list".utf8).write(to: url)
        #expect { try LibraryLoader.load(url.path) } throws: { ($0 as? FolioError)?.message == "\(url.path): is not a library Folio reads; it opens \(LibraryLoader.lookedFor)." }
    }

    @Test func aFolderWithNothingToReadSaysWhatWasLookedFor() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let nothing = "nothing here Folio can read; it looks for \(LibraryLoader.lookedFor)."
        #expect(try LibraryLoader.load(dir.path).problems == [LibraryProblem(file: dir.path, message: nothing)])
        try Data("x".utf8).write(to: dir.appendingPathComponent("readme.txt"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        let result = try LibraryLoader.load(dir.path)
        #expect(result.library.books.isEmpty)
        #expect(result.problems.last == LibraryProblem(file: dir.path, message: nothing))
        #expect(LibraryLoader.lookedFor.contains("PDFs") && LibraryLoader.lookedFor.contains(".cbz"))
    }

    /// Every format the decoder reads is a page by its extension (TGA has no magic at all);
    /// documents, archives and other files are not.
    @Test func imagesAreRecognisedByExtension() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let images = ["a.jpg", "b.JPEG", "c.png", "d.webp", "e.gif", "f.tif", "g.tiff", "h.heic", "i.heif", "j.avif",
                      "k.jxl", "l.jp2", "m.j2k", "n.svg", "o.bmp", "p.tga", "q.qoi", "r.pcx"]
        for name in images + ["notes.txt", "x.mov", "y.psd"] { try Data([0]).write(to: dir.appendingPathComponent(name)) }
        let book = try #require(try LibraryLoader.load(dir.path).library.books.first)
        let shown = ([book.cover] + book.pages).compactMap { source -> String? in
            if case .file(let path)? = source { return (path as NSString).lastPathComponent } else { return nil }
        }
        #expect(shown == images)
    }
}
