import CSDL2
import FolioSamples
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSDL
import FolioTestFixtures

/// PDFs through libvips: the header read by the inspector, one page rendered at the size it
/// is drawn, and every broken document named.
@Suite struct DocumentPageTests {
    static func write(_ data: Data, _ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    static func remove(_ url: URL) { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }

    /// The colour at the centre of a page (inside the margin).
    static func centre(_ page: PagePixels) -> (Int, Int, Int) {
        let p = page.pixel(Int(page.width / 2), Int(page.height / 2))
        return (Int(p.r), Int(p.g), Int(p.b))
    }

    @Test func theInspectorReadsPageCountTitleAndAuthor() throws {
        let url = try Self.write(PDFFixture.document(pages: 7, title: "Über den Fluss", author: "Hélène Œ"), "river.pdf")
        defer { Self.remove(url) }
        #expect(try TestDecoding.workers.inspect(url.path)
            == DocumentInfo(pageCount: 7, title: "Über den Fluss", firstPageSize: Size(width: 362, height: 568), author: "Hélène Œ"))
        let untitled = url.deletingLastPathComponent().appendingPathComponent("untitled.pdf")
        try PDFFixture.document(pages: 2).write(to: untitled)
        #expect(try TestDecoding.workers.inspect(untitled.path).title?.isEmpty ?? true)
        #expect(try TestDecoding.workers.inspect(untitled.path).author == nil)
    }

    /// Metadata longer than the header keeps (255 bytes) is cut on a character: 200 "é" are
    /// 400 bytes of UTF-8, and the byte at 255 is the middle of one; 127 whole ones are left.
    /// A sound PDF of 8 text pages carrying an unused stream of `filler` bytes: the shape of
    /// a large document (a scanned book is most of its bytes in streams).
    static func padded(filler: Int) -> Data {
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [\((0..<8).map { "\(3 + 2 * $0) 0 R" }.joined(separator: " "))] /Count 8 >>"]
        for i in 0..<8 {
            let content = "BT /F1 14 Tf 30 500 Td (Page \(i + 1)) Tj ET\n"
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 362 568] /Contents \(4 + 2 * i) 0 R /Resources << /Font << /F1 19 0 R >> >> >>")
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream")
        }
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        var out = Data("%PDF-1.4\n".utf8), offsets: [Int] = []
        for (n, object) in objects.enumerated() {
            offsets.append(out.count)
            out += Data("\(n + 1) 0 obj\n\(object)\nendobj\n".utf8)
        }
        offsets.append(out.count)
        out += Data("\(objects.count + 1) 0 obj\n<< /Length \(filler) >>\nstream\n".utf8) + Data(repeating: 0x5A, count: filler) + Data("\nendstream\nendobj\n".utf8)
        let xref = out.count
        out += Data("xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets { out += Data(String(format: "%010d 00000 n \n", offset).utf8) }
        out += Data("trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }

    /// A sound PDF of 130 MB (most of it one stream) is listed and its pages drawn: poppler
    /// reads it from the file where it lies, in the worker whose heap is capped at 160 MB.
    @Test func aPDFLargerThanTheWorkersHeapIsRead() throws {
        let url = try Self.write(Self.padded(filler: 130 << 20), "large.pdf")
        defer { Self.remove(url) }
        let info = try TestDecoding.workers.inspect(url.path)
        #expect(info.pageCount == 8 && info.firstPageSize == Size(width: 362, height: 568))
        let shape = PageImage.Shape(width: 181, height: 284, radius: 0, side: .right)
        guard case .success(let page) = PageImage.make(.documentPage(document: url.path, page: 7), decoder: TestDecoding.workers, shape: shape) else {
            Issue.record("its last page was not drawn")
            return
        }
    }

    /// A sound PDF of 100,000 pages in one flat page tree: poppler holds the tree it parsed up
    /// to the page asked for (pdftoppm takes 172 MB for the last one), past the worker's own
    /// 160 MB, so its last pages failed as "out of memory or on damaged data"; a document's
    /// pages now widen the worker's heap (`DecoderProcess.pageTreeBytes`) and they draw.
    @Test func theLastPagesOfAHundredThousandPagePDFAreDrawn() throws {
        let pages = 100_000
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>",
                       "<< /Type /Pages /Kids [" + (0..<pages).map { "\(4 + $0) 0 R" }.joined(separator: " ") + "] /Count \(pages) >>",
                       "<< /Length 25 >>\nstream\n0.8 0.2 0.2 rg 0 0 99 99 re f\nendstream"]
        // Each page with its own resources, as a writer puts them (poppler keeps a copy of each).
        objects += Array(repeating: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 362 568] /Contents 3 0 R"
                         + " /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>", count: pages)
        let url = try Self.write(PDFWriter.file(objects: objects, trailer: "/Root 1 0 R"), "long.pdf")
        defer { Self.remove(url) }
        #expect(try TestDecoding.workers.inspect(url.path).pageCount == pages)
        let shape = PageImage.Shape(width: 36, height: 56, radius: 0, side: .right)
        for page in [pages - 5_000, pages - 1] {
            switch PageImage.make(.documentPage(document: url.path, page: page), decoder: TestDecoding.workers, shape: shape) {
            case .success: break
            case .failure(let failure): Issue.record("page \(page + 1): \(failure.message)")
            }
        }
    }

    @Test func longMetadataIsCutOnACharacter() throws {
        let long = String(repeating: "é", count: 200)
        let url = try Self.write(PDFFixture.document(pages: 1, title: long, author: long), "long.pdf")
        defer { Self.remove(url) }
        let info = try TestDecoding.workers.inspect(url.path)
        #expect(info.title == String(repeating: "é", count: 127))
        #expect(info.author == String(repeating: "é", count: 127))
    }

    @Test func aPDFLoadsAsABookWithTheRealInspector() throws {
        let url = try Self.write(PDFFixture.document(pages: 6, title: "Six", author: "Ann\tAuthor\u{1B}"), "six.pdf")
        defer { Self.remove(url) }
        let book = try #require(try LibraryLoader.load(url.path, documents: TestDecoding.workers).library.books.first)
        #expect(book.title == "Six")
        #expect(book.byline == "Ann Author")
        #expect(book.cover == .documentPage(document: url.path, page: 0))
        #expect(book.pages == (1..<6).map { .documentPage(document: url.path, page: $0) })
        #expect(LibraryValidator.check(Library(books: [book]), decoder: TestDecoding.workers).isEmpty)
    }

    /// Bytes before "%PDF-" (within the first kilobyte, as poppler's own tools allow): the
    /// document is still read, its pages drawn in their colours at the box's size.
    @Test func aPDFWithBytesBeforeItsHeaderIsRead() throws {
        let url = try Self.write(Data(repeating: 0x20, count: 300) + Data("junk\n".utf8) + PDFFixture.document(pages: 3), "prefixed.pdf")
        defer { Self.remove(url) }
        #expect(try TestDecoding.workers.inspect(url.path).pageCount == 3)
        let shape = PageImage.Shape(width: 181, height: 284, radius: 0, side: .right)
        let surface = try PageImage.make(.documentPage(document: url.path, page: 2), decoder: TestDecoding.workers, shape: shape).get()
        #expect(surface.width == 181 + 2 * PageImage.margin)
        let want = PDFFixture.colour(ofPage: 2), got = Self.centre(surface)
        #expect(abs(got.0 - Int(want.r)) <= 3 && abs(got.1 - Int(want.g)) <= 3 && abs(got.2 - Int(want.b)) <= 3, "\(got) vs \(want)")
    }

    /// Page N comes out in page N's colour, at exactly the page's pixel size plus the margin
    /// (a zoomed book asks for pages up to four times larger).
    @Test(arguments: [(0, 120, 188), (2, 362, 568), (4, 60, 94), (1, 1448, 2272)])  // the last: 4× zoomed
    func aPageRendersAtTheSizeItIsDrawn(page: Int, width: Int32, height: Int32) throws {
        let url = try Self.write(PDFFixture.document(pages: 5), "colours.pdf")
        defer { Self.remove(url) }
        let shape = PageImage.Shape(width: width, height: height, radius: 0, side: .right)
        let surface = try PageImage.make(.documentPage(document: url.path, page: page), decoder: TestDecoding.workers, shape: shape).get()
        #expect(surface.width == width + 2 * PageImage.margin && surface.height == height + 2 * PageImage.margin)
        let want = PDFFixture.colour(ofPage: page)
        let got = Self.centre(surface)
        #expect(abs(got.0 - Int(want.r)) <= 3 && abs(got.1 - Int(want.g)) <= 3 && abs(got.2 - Int(want.b)) <= 3, "\(got) vs \(want)")
    }

    /// A page cut to a box outside its paper (a crop box beyond its media box, as pdf.js's
    /// boundingBox_invalid.pdf has) has no area to draw: named so, and its neighbour drawn.
    @Test func aPageCutToABoxOutsideItsPaperIsNamedAsHavingNoArea() throws {
        var pdf = String(decoding: PDFFixture.document(pages: 2, width: 4000, height: 9999), as: UTF8.self)
        let media = "/MediaBox [0 0 4000 9999]", crop = "/CropBox [700 800 900 99]"
        #expect(media.utf8.count == crop.utf8.count, "the same length keeps the cross-reference table's offsets")
        let first = try #require(pdf.range(of: media))
        pdf.replaceSubrange(first, with: crop)
        let url = try Self.write(Data(pdf.utf8), "cropped.pdf")
        defer { Self.remove(url) }
        let shape = PageImage.Shape(width: 36, height: 56, radius: 0, side: .right)
        guard case .failure(let failure) = PageImage.make(.documentPage(document: url.path, page: 0), decoder: TestDecoding.workers, shape: shape) else {
            Issue.record("a page of no area was drawn")
            return
        }
        #expect(failure.message.contains("page 1: cannot be decoded (its page has no area: 0×"), "\(failure.message)")
        #expect(failure.message.hasSuffix(" points, cut to a box outside its paper)."), "\(failure.message)")
        let drawn = try PageImage.make(.documentPage(document: url.path, page: 1), decoder: TestDecoding.workers, shape: shape).get()
    }

    @Test func aPageBeyondTheDocumentIsUnreadableNotACrash() throws {
        let url = try Self.write(PDFFixture.document(pages: 2), "two.pdf")
        defer { Self.remove(url) }
        let shape = PageImage.Shape(width: 36, height: 56, radius: 0, side: .right)
        for page in [2, 99_999, -1, Int.max] {
            guard case .failure(let failure) = PageImage.make(.documentPage(document: url.path, page: page), decoder: TestDecoding.workers, shape: shape) else {
                Issue.record("page \(page) rendered"); continue
            }
            #expect(failure.cause == .unreadable)
            #expect(failure.message.contains("two.pdf page"))
        }
    }

    @Test func passwordProtectedAndBrokenPDFsAreNamed() throws {
        let locked = try Self.write(PDFFixture.document(pages: 2, passwordProtected: true), "locked.pdf")
        defer { Self.remove(locked) }
        let broken = locked.deletingLastPathComponent().appendingPathComponent("broken.pdf")
        try PDFFixture.truncated().write(to: broken)
        let inspector = TestDecoding.workers
        #expect { try inspector.inspect(locked.path) } throws: { error in
            let error = error as? FolioError
            return error?.cause == .encrypted && error?.message == "\(locked.path): is password-protected; Folio opens no encrypted PDFs."
        }
        #expect { try inspector.inspect(broken.path) } throws: { error in
            let error = error as? FolioError
            return error?.cause == .unreadable && error?.message.hasPrefix("\(broken.path): is not a readable PDF (") == true
        }
        // A page of a document that became locked after loading shows the encrypted placeholder.
        let shape = PageImage.Shape(width: 36, height: 56, radius: 0, side: .right)
        guard case .failure(let failure) = PageImage.make(.documentPage(document: locked.path, page: 0), decoder: TestDecoding.workers, shape: shape) else {
            Issue.record("a locked page rendered"); return
        }
        #expect(failure.cause == .encrypted)
    }

    /// A page the size of a building is refused from its header, before poppler draws it.
    @Test func anAbsurdPageSizeIsRefusedBeforeRendering() throws {
        let url = try Self.write(PDFFixture.document(pages: 1, width: 20_000, height: 20_000), "huge.pdf")
        defer { Self.remove(url) }
        let shape = PageImage.Shape(width: 36, height: 56, radius: 0, side: .right)
        guard case .failure(let failure) = PageImage.make(.documentPage(document: url.path, page: 0), decoder: TestDecoding.workers, shape: shape) else {
            Issue.record("a 20000-point page rendered"); return
        }
        #expect(failure.cause == .tooLarge)
        #expect(failure.message.contains("20,000×20,000") && failure.message.contains("points"))
    }

    /// The inspector reads PDFs only: an image given a .pdf name is not a document.
    @Test func anImageNamedPDFIsNotADocument() throws {
        let jpeg = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/Books/aurora/page-01.jpg")
        let url = try Self.write(try Data(contentsOf: jpeg), "fake.pdf")
        defer { Self.remove(url) }
        #expect { try TestDecoding.workers.inspect(url.path) } throws: { ($0 as? FolioError)?.message.contains("fake.pdf") == true }
    }

    /// Bytes that are no format at all, named .pdf, are said not to begin as a PDF does (not
    /// libvips' "source is not in a known format").
    @Test func aFileThatIsNoFormatIsSaidNotToBeginAsAPDFDoes() throws {
        let url = try Self.write(Data("1 0 obj << /Type /Catalog >> endobj\n".utf8), "headless.pdf")
        defer { Self.remove(url) }
        #expect { try TestDecoding.workers.inspect(url.path) } throws: { error in
            (error as? FolioError)?.message == "\(url.path): is not a readable PDF (it does not begin as a PDF does)."
        }
    }
}
