import CSDL2
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioWorker
@testable import FolioLibrary
@testable import FolioSDL
import FolioSamples
import FolioTestFixtures

/// A PDF's pages drawn from the document kept open between them (`PDFPages`): the same
/// pixels as a page drawn from a freshly opened document and as libvips' own PDF loader drew
/// them, a file replaced under the same name opened again, every failure as before, and no
/// document opened in the viewer's process when a worker draws the pages.
@Suite(.serialized) struct PDFPagesTests {
    /// A page's pixels as `PageImage.documentPixels` gives them.
    struct Drawn: Equatable {
        var width: Int
        var height: Int
        var bytes: [UInt8]

        init(_ pixels: VipsDecoder.Pixels) {
            defer { pixels.free() }
            width = pixels.width
            height = pixels.height
            bytes = Array(UnsafeBufferPointer(start: pixels.base, count: pixels.width * pixels.height * 4))
        }

        /// The colour at the centre.
        var centre: (Int, Int, Int) {
            let i = ((height / 2) * width + width / 2) * 4
            return (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]))
        }
    }

    static func withDescriptor<T>(_ url: URL, _ body: (Int32) throws -> T) throws -> T {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0, "cannot open \(url.path)")
        defer { close(fd) }
        return try body(fd)
    }

    /// Page `page` drawn into `box` as the document worker draws it.
    static func draw(_ url: URL, page: Int, box: (Int, Int)) throws -> Drawn {
        try withDescriptor(url) { fd in
            Drawn(try PageImage.documentPixels(fd, format: PDFPages(), page: page, name: ImageSource.documentPage(document: url.path, page: page).name,
                                               width: box.0, height: box.1))
        }
    }

    /// Page `page` drawn into `box` by libvips' PDF loader and thumbnail, as Folio drew every
    /// page before it kept documents open.
    static func libvips(_ url: URL, page: Int, box: (Int, Int)) throws -> Drawn {
        try withDescriptor(url) { fd in
            let header = try VipsDecoder.header(.descriptor(fd), page: page)
            let fills = PageImage.fillsBox(width: header.width, height: header.height, box: box)
            return Drawn(try VipsDecoder.thumbnail(.descriptor(fd), page: page, width: box.0, height: box.1, crop: fills))
        }
    }

    /// A one-page PDF of `width`×`height` points (fractions allowed) filled with `colour`;
    /// every colour gives a file of the same length.
    static func plain(_ colour: (Double, Double, Double), width: String = "362", height: String = "568") -> Data {
        let fill = String(format: "%.4f %.4f %.4f rg 0 0 %@ %@ re f\n", colour.0, colour.1, colour.2, width, height)
        return PDFWriter.file(objects: ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                                        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 4 0 R >>",
                                        "<< /Length \(fill.utf8.count) >>\nstream\n\(fill)endstream"],
                              trailer: "/Root 1 0 R")
    }

    static func unit(_ c: (r: UInt8, g: UInt8, b: UInt8)) -> (Double, Double, Double) {
        (Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255)
    }

    static func isNear(_ got: (Int, Int, Int), _ want: (Double, Double, Double)) -> Bool {
        abs(got.0 - Int(want.0 * 255)) <= 3 && abs(got.1 - Int(want.1 * 255)) <= 3 && abs(got.2 - Int(want.2 * 255)) <= 3
    }

    /// Fitted (a 1280×800 window letterboxes the page), filling its page exactly (cropped),
    /// halved, and boxes of other shapes.
    @Test(arguments: [(1280, 800), (362, 568), (181, 284), (300, 517), (97, 1000)])
    func pagesDrawnInARowEqualEachPageDrawnFresh(width: Int, height: Int) throws {
        let url = try DocumentPageTests.write(PDFFixture.document(pages: 6), "six.pdf")
        defer { DocumentPageTests.remove(url) }
        for order in [Array(0..<6), Array((0..<6).reversed())] {
            PDFPages.forget()
            let opened = PDFPages.documentsOpened
            let inARow = try order.map { try Self.draw(url, page: $0, box: (width, height)) }
            #expect(PDFPages.documentsOpened - opened == 1, "the document was not kept open between its pages")
            for (page, drawn) in zip(order, inARow) {
                #expect(Self.isNear(drawn.centre, Self.unit(PDFFixture.colour(ofPage: page))), "page \(page) is \(drawn.centre)")
                PDFPages.forget()
                let fresh = try Self.draw(url, page: page, box: (width, height)) == drawn
                #expect(fresh, "page \(page) drawn in a row differs from the page drawn fresh")
                let asBefore = try Self.libvips(url, page: page, box: (width, height)) == drawn
                #expect(asBefore, "page \(page) differs from libvips' drawing of it")
            }
        }
    }

    /// Pages not a whole number of points: drawn at the scale libvips takes from the rounded
    /// size, one pixel over the box, then shrunk by libvips as its thumbnail shrinks them.
    @Test(arguments: [(1280, 800), (181, 284), (640, 1000)])
    func aPageOfFractionalPointsIsFittedAsLibvipsFitsIt(width: Int, height: Int) throws {
        let url = try DocumentPageTests.write(Self.plain((0.2, 0.5, 0.7), width: "362.4", height: "568.4"), "fraction.pdf")
        defer { DocumentPageTests.remove(url) }
        let drawn = try Self.draw(url, page: 0, box: (width, height))
        let before = try Self.libvips(url, page: 0, box: (width, height))
        #expect((drawn.width, drawn.height) == (before.width, before.height))
        let same = drawn == before
        #expect(same, "the page differs from libvips' drawing of it")
    }

    /// The same name, another file: replaced (a new inode), then rewritten in place at once
    /// with bytes of the same length (the same inode, and likely the same file times).
    @Test func aFileReplacedBetweenTwoPagesIsOpenedAgain() throws {
        let red = (0.8, 0.1, 0.1), blue = (0.1, 0.2, 0.8)
        let url = try DocumentPageTests.write(Self.plain(red), "swap.pdf")
        defer { DocumentPageTests.remove(url) }
        #expect(Self.plain(red).count == Self.plain(blue).count)
        let box = (181, 284)
        #expect(Self.isNear(try Self.draw(url, page: 0, box: box).centre, red))
        var opened = PDFPages.documentsOpened
        try Self.plain(blue).write(to: url, options: .atomic)
        #expect(Self.isNear(try Self.draw(url, page: 0, box: box).centre, blue), "the replaced file's old page came back")
        #expect(PDFPages.documentsOpened == opened + 1, "the replaced file was not opened again")
        opened = PDFPages.documentsOpened
        let inode = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? UInt64
        try Self.plain(red).write(to: url)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? UInt64 == inode)
        #expect(Self.isNear(try Self.draw(url, page: 0, box: box).centre, red), "the rewritten file's old page came back")
        #expect(PDFPages.documentsOpened == opened + 1, "the rewritten file was not opened again")
        // Locked or cut short under the same name: the page fails as such a file's page does.
        try PDFFixture.document(pages: 1, passwordProtected: true).write(to: url, options: .atomic)
        #expect { try Self.draw(url, page: 0, box: box) } throws: { ($0 as? PageImage.Failure)?.cause == .encrypted }
        try PDFFixture.truncated().write(to: url, options: .atomic)
        #expect { try Self.draw(url, page: 0, box: box) } throws: { ($0 as? PageImage.Failure)?.cause == .unreadable }
    }

    /// Locked, damaged, beyond the last page, or not a PDF at all: the failure names what
    /// libvips' loader named, in the same sentence as before.
    @Test func everyFailureIsTheOneLibvipsGave() throws {
        let jpeg = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/Books/aurora/page-01.jpg")
        let cases: [(Data, String, Int)] = [(PDFFixture.document(pages: 2, passwordProtected: true), "locked.pdf", 0),
                                            (PDFFixture.truncated(), "broken.pdf", 0), (PDFFixture.document(pages: 2), "two.pdf", 2),
                                            (try Data(contentsOf: jpeg), "fake.pdf", 0)]
        for (data, file, page) in cases {
            let url = try DocumentPageTests.write(data, file)
            defer { DocumentPageTests.remove(url) }
            let name = ImageSource.documentPage(document: url.path, page: page).name
            let reason = try Self.withDescriptor(url) { fd -> String in
                do { _ = try VipsDecoder.header(.descriptor(fd), page: page) } catch let failure as VipsDecoder.Failure { return failure.reason }
                return ""
            }
            #expect(!reason.isEmpty, "libvips read \(file)")
            #expect { try Self.draw(url, page: page, box: (181, 284)) } throws: { error in
                guard let failure = error as? PageImage.Failure else { return false }
                if file == "locked.pdf" {
                    return VipsDecoder.isPasswordFailure(reason) && failure.cause == .encrypted
                        && failure.message == "\(name): the document is password-protected; Folio opens no encrypted PDFs."
                }
                return failure.cause == .unreadable && failure.message == "\(name): cannot be decoded (\(reason))."
            }
        }
    }

    /// With a worker, the viewer's process never opens a document itself, and the worker's
    /// pages are this process's to the byte.
    @Test func withAWorkerNoDocumentIsOpenedInTheViewer() throws {
        let url = try DocumentPageTests.write(PDFFixture.document(pages: 4), "four.pdf")
        defer { DocumentPageTests.remove(url) }
        let shape = PageImage.Shape(width: 181, height: 284, radius: 6, side: .right)
        func pages(_ decoder: any PageDecoder) throws -> [[UInt8]] {
            try (0..<4).map { page in
                let surface = try PageImage.make(.documentPage(document: url.path, page: page), decoder: decoder, shape: shape).get()
                return Array(UnsafeRawBufferPointer(start: surface.bytes, count: surface.pitch * Int(surface.height)))
            }
        }
        let here = try pages(DecoderSandboxTests.here)
        try #require(FileManager.default.isExecutableFile(atPath: DecoderSandboxTests.worker), "build folio first")
        let opened = PDFPages.documentsOpened
        let there = try pages(TestDecoding.workers)
        #expect(PDFPages.documentsOpened == opened, "a document was opened in the viewer's process")
        let same = here == there
        #expect(same, "the worker's pages differ")
    }
}
