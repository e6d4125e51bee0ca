import CSDL2
import FolioThreads
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSDL
import FolioTestFixtures

/// Covers by way of the freedesktop thumbnail cache: named as file managers name them, made
/// once and reused, ignored when stale or broken, never written when writing is off.
@Suite(.serialized) struct CoverThumbnailTests {
    /// The shelf's cover shape at 1280×800 (xx-large thumbnails serve it).
    static let shape = PageImage.Shape(width: 362, height: 568, radius: 12, side: .right)

    /// A folder with a comic archive whose cover is one colour, 600×900 pixels.
    static func comic(_ dir: URL, name: String = "Cómic 1.cbz", colour: UInt8 = 40) throws -> URL {
        let png = dir.appendingPathComponent("cover-\(colour).png")
        var rgb = [UInt8](repeating: 0, count: 600 * 900 * 3)
        for i in stride(from: 0, to: rgb.count, by: 3) { (rgb[i], rgb[i + 1], rgb[i + 2]) = (colour, 90, 200) }
        try HeadlessCanvas.writePNG(rgb, width: 600, height: 900, to: png.path)
        let url = dir.appendingPathComponent(name)
        try ArchiveFixture.write([("01.png", try Data(contentsOf: png)), ("02.png", try Data(contentsOf: png))], to: url)
        return url
    }

    static func centre(_ page: PagePixels) -> [UInt8] {
        let p = page.pixel(Int(page.width / 2), Int(page.height / 2))
        return [p.r, p.g, p.b]
    }

    static func md5(_ text: String) throws -> String {
        let (_, output, _) = try ChildProcess("/usr/bin/md5sum", [], input: Data(text.utf8), stdout: .pipe).finish()
        return String(String(decoding: output, as: UTF8.self).prefix(32))
    }

    static func cover(_ url: URL) -> ImageSource { .archiveEntry(archive: url.path, entry: "01.png") }

    /// The cover's page as the decoder makes it: from a valid thumbnail, else (nil) from the
    /// book, its thumbnail then made as the decoder would when idle.
    static func page(_ thumbnails: CoverThumbnails, _ book: URL) -> PagePixels? {
        let source = cover(book)
        if case .success(let page)? = thumbnails.page(source, shape: shape) { return page }
        while thumbnails.makeOne() {}
        return nil
    }

    /// True when a thumbnail made the page (which is freed).
    static func made(_ result: Result<PagePixels, PageImage.Failure>?) -> Bool {
        guard case .success(let page)? = result else { return false }
        return true
    }

    @Test func aCoverIsWrittenAsFileManagersNameItAndReadBack() throws {
        let dir = try HeadlessCanvas.temporaryFolder("thumbs-name")
        defer { try? FileManager.default.removeItem(at: dir) }
        let comic = try Self.comic(dir)
        let thumbnails = CoverThumbnails(root: dir.appendingPathComponent("thumbnails").path, writes: true, decoder: TestDecoding.workers)
        // Cold: the cover comes from the book, and its thumbnail is owed; warm: from the thumbnail.
        #expect(Self.page(thumbnails, comic) == nil)
        let page = try #require(Self.page(thumbnails, comic))
        #expect(Self.centre(page) == [40, 90, 200])

        // file:// and the path escaped as GLib escapes it (é as UTF-8 bytes, the space as %20).
        let uri = "file://" + comic.path.replacingOccurrences(of: " ", with: "%20").replacingOccurrences(of: "ó", with: "%C3%B3")
        let file = dir.appendingPathComponent("thumbnails/xx-large/\(try Self.md5(uri)).png")
        let data = try Data(contentsOf: file)
        let text = try #require(PNGText.fields(data))
        let info = try FileManager.default.attributesOfItem(atPath: comic.path)
        #expect(text["Thumb::URI"] == uri)
        #expect(text["Thumb::MTime"] == String(Int((info[.modificationDate] as! Date).timeIntervalSince1970)))
        #expect(text["Thumb::Size"] == String(info[.size] as! Int))
        #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) == 0o600)
        // At most 1024 pixels, the cover's shape kept: 600×900 becomes 600×900 (never enlarged).
        let header = try #require(ImageHeader.size(of: data.prefix(32), format: .png))
        #expect(header.width == 600 && header.height == 900)
        // The large size file managers read is made beside it: 256 pixels on the long side.
        let large = try Data(contentsOf: dir.appendingPathComponent("thumbnails/large/\(try Self.md5(uri)).png"))
        #expect(PNGText.fields(large)?["Thumb::URI"] == uri)
        let small = try #require(ImageHeader.size(of: large.prefix(32), format: .png))
        #expect(small.height == 256 && abs(small.width - 171) <= 1, "\(small)")
        // Nothing half-written is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == [file.lastPathComponent])
    }

    @Test func aThumbnailAnotherProgramMadeIsUsedUntilTheFileChanges() throws {
        let dir = try HeadlessCanvas.temporaryFolder("thumbs-reuse")
        defer { try? FileManager.default.removeItem(at: dir) }
        let comic = try Self.comic(dir)
        let thumbnails = CoverThumbnails(root: dir.appendingPathComponent("thumbnails").path, writes: true, decoder: TestDecoding.workers)
        let original = try #require(CoverThumbnails.Original(comic.path))
        // A red 512×768 thumbnail, as a file manager might have left it.
        var red = [UInt8](repeating: 0, count: 512 * 768 * 4)
        for i in stride(from: 0, to: red.count, by: 4) { (red[i], red[i + 3]) = (230, 255) }
        try thumbnails.store(red, width: 512, height: 768, pitch: 512 * 4, of: original, as: .xxLarge)
        var page = try #require(Self.page(thumbnails, comic))
        #expect(Self.centre(page) == [230, 0, 0], "the cached thumbnail is the cover")

        // The archive changes: its thumbnail no longer says its time, so it is made again.
        let later = Date(timeIntervalSinceNow: 60)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: comic.path)
        #expect(Self.page(thumbnails, comic) == nil)
        page = try #require(Self.page(thumbnails, comic))
        #expect(Self.centre(page) == [40, 90, 200])
        let text = PNGText.fields(try Data(contentsOf: URL(fileURLWithPath: thumbnails.path(of: original, .xxLarge))))
        #expect(text?["Thumb::MTime"] == String(Int(later.timeIntervalSince1970)))
    }

    @Test func aCoverFromItsThumbnailLooksAsItDoesFromItsBook() throws {
        let dir = try HeadlessCanvas.temporaryFolder("thumbs-same")
        defer { try? FileManager.default.removeItem(at: dir) }
        // A cover with detail: stripes a pixel of the 1024-pixel thumbnail wide.
        let png = dir.appendingPathComponent("stripes.png")
        var rgb = [UInt8](repeating: 0, count: 1200 * 1800 * 3)
        for i in stride(from: 0, to: rgb.count, by: 3) where (i / 3 % 1200) / 3 % 2 == 0 { (rgb[i], rgb[i + 1], rgb[i + 2]) = (250, 250, 250) }
        try HeadlessCanvas.writePNG(rgb, width: 1200, height: 1800, to: png.path)
        let comic = dir.appendingPathComponent("Stripes.cbz")
        try ArchiveFixture.write([("01.png", try Data(contentsOf: png))], to: comic)
        let thumbnails = CoverThumbnails(root: dir.appendingPathComponent("thumbnails").path, writes: true, decoder: TestDecoding.workers)
        func pixels(_ page: PagePixels) -> [UInt8] {
            Array(UnsafeBufferPointer(start: page.bytes, count: Int(page.height) * page.pitch))
        }
        let fromBook = pixels(try PageImage.make(Self.cover(comic), decoder: TestDecoding.workers, shape: Self.shape).get())
        #expect(Self.page(thumbnails, comic) == nil)
        let fromThumbnail = pixels(try #require(Self.page(thumbnails, comic)))
        #expect(fromBook.count == fromThumbnail.count)
        let far = zip(fromBook, fromThumbnail).filter { abs(Int($0) - Int($1)) > 24 }.count
        #expect(far * 1000 < fromBook.count, "\(far) of \(fromBook.count) bytes differ by more than 24")
    }

    @Test func withWritingOffNothingIsWrittenAndTheCoverIsDecodedAsAnyPage() throws {
        let dir = try HeadlessCanvas.temporaryFolder("thumbs-off")
        defer { try? FileManager.default.removeItem(at: dir) }
        let comic = try Self.comic(dir)
        let root = dir.appendingPathComponent("thumbnails")
        let thumbnails = CoverThumbnails(root: root.path, writes: false, decoder: TestDecoding.workers)
        #expect(Self.page(thumbnails, comic) == nil)
        #expect(Self.page(thumbnails, comic) == nil)
        #expect(!FileManager.default.fileExists(atPath: root.path))
    }

    @Test func brokenOrHostileThumbnailsAreIgnored() throws {
        let dir = try HeadlessCanvas.temporaryFolder("thumbs-hostile")
        defer { try? FileManager.default.removeItem(at: dir) }
        let comic = try Self.comic(dir)
        let root = dir.appendingPathComponent("thumbnails")
        let original = try #require(CoverThumbnails.Original(comic.path))
        let reader = CoverThumbnails(root: root.path, writes: false, decoder: TestDecoding.workers)
        let path = reader.path(of: original, .xxLarge)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // Text that names the archive, then pixels that are not a PNG's.
        var png = Data(PNGText.signature)
        for (key, value) in [("Thumb::URI", original.uri), ("Thumb::MTime", String(original.mtime))] {
            let body = Data(key.utf8) + Data([0]) + Data(value.utf8)
            png += Data(withUnsafeBytes(of: UInt32(body.count).bigEndian) { Array($0) }) + Data("tEXt".utf8) + body + Data(count: 4)
        }
        png += Data([0, 0, 0, 8]) + Data("IDAT".utf8) + Data(repeating: 0xAB, count: 12)
        try png.write(to: URL(fileURLWithPath: path))
        #expect(reader.cached(original, among: [.xxLarge]) != nil, "its text is right")
        #expect(!Self.made(reader.page(Self.cover(comic), shape: Self.shape)), "its pixels are not")
        // A FIFO where the thumbnail would be is never opened (it would block).
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o600) == 0)
        #expect(reader.cached(original, among: [.xxLarge]) == nil)
        // A link where the thumbnail is written before its rename: the file it names is
        // left alone, and the thumbnail is written as a new private file.
        let victim = dir.appendingPathComponent("victim.txt")
        try Data("keep".utf8).write(to: victim)
        let partial = (path as NSString).deletingLastPathComponent + "/.folio-\(getpid())-\(original.md5).png"
        try FileManager.default.createSymbolicLink(atPath: partial, withDestinationPath: victim.path)
        // Written again over it, as a regular file.
        let writer = CoverThumbnails(root: root.path, writes: true, decoder: TestDecoding.workers)
        #expect(Self.page(writer, comic) == nil)
        #expect(writer.cached(original, among: [.xxLarge]) != nil)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep")
        #expect(!FileManager.default.fileExists(atPath: partial))
    }

    /// A thumbnail in the cache whose text is sound and pixels damaged (a file cut or
    /// overwritten) is passed over and made again from the book, then used.
    @Test func aDamagedThumbnailIsMadeAgain() throws {
        let dir = try HeadlessCanvas.temporaryFolder("thumbs-damaged")
        defer { try? FileManager.default.removeItem(at: dir) }
        let comic = try Self.comic(dir)
        let thumbnails = CoverThumbnails(root: dir.appendingPathComponent("thumbnails").path, writes: true, decoder: TestDecoding.workers)
        #expect(Self.page(thumbnails, comic) == nil, "cold: made from the book")
        let original = try #require(CoverThumbnails.Original(comic.path))
        let path = thumbnails.path(of: original, .xxLarge)
        // Its image data overwritten past the text: the text still names the book.
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        let idat = try #require(data.range(of: Data("IDAT".utf8)))
        for i in (idat.upperBound + 8)..<min(idat.upperBound + 400, data.count - 12) { data[i] = 0x5A }
        try data.write(to: URL(fileURLWithPath: path))
        #expect(thumbnails.cached(original, among: [.xxLarge]) != nil, "its text is right")
        #expect(Self.page(thumbnails, comic) == nil, "its pixels are not: not used, and made again")
        let page = try #require(Self.page(thumbnails, comic), "the new one serves")
        #expect(Self.centre(page) == [40, 90, 200])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) != data, "the damaged file was replaced")
    }

    /// `thumbnails`, or its `xx-large` folder, is a link to a folder holding a file that is
    /// not Folio's, under the very name the thumbnail would take: the file is unchanged,
    /// nothing is written in the link's target, and nothing more is tried this run.
    @Test(arguments: ["thumbnails", "thumbnails/xx-large"])
    func aLinkedThumbnailFolderIsNeverWrittenThrough(linked: String) throws {
        let dir = try HeadlessCanvas.temporaryFolder("thumbs-link")
        defer { try? FileManager.default.removeItem(at: dir) }
        let comic = try Self.comic(dir)
        let root = dir.appendingPathComponent("thumbnails")
        let original = try #require(CoverThumbnails.Original(comic.path))
        let target = dir.appendingPathComponent("target")
        let protected = target.appendingPathComponent(linked == "thumbnails" ? "xx-large/\(original.md5).png" : "\(original.md5).png")
        try FileManager.default.createDirectory(at: protected.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not Folio's".utf8).write(to: protected)
        if linked != "thumbnails" { try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true) }
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent(linked).path, withDestinationPath: target.path)
        func everything() -> [String] { (FileManager.default.subpaths(atPath: target.path) ?? []).sorted() }
        let before = everything()

        let writer = CoverThumbnails(root: root.path, writes: true, decoder: TestDecoding.workers)
        #expect(Self.page(writer, comic) == nil, "the cover comes from its book")
        #expect(Self.page(writer, comic) == nil, "and its thumbnail was not made")
        let red = [UInt8](repeating: 200, count: 64 * 64 * 4)
        #expect(throws: (any Error).self) { try writer.store(red, width: 64, height: 64, pitch: 64 * 4, of: original, as: .xxLarge) }
        #expect(try String(contentsOf: protected, encoding: .utf8) == "not Folio's")
        #expect(everything() == before, "nothing is written in the link's target")
    }

    @Test func aPDFsFirstPageIsItsThumbnailAndLargeCoversSkipTheCache() throws {
        let dir = try HeadlessCanvas.temporaryFolder("thumbs-pdf")
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdf = dir.appendingPathComponent("book.pdf")
        try PDFFixture.document(pages: 3).write(to: pdf)
        let thumbnails = CoverThumbnails(root: dir.appendingPathComponent("thumbnails").path, writes: true, decoder: TestDecoding.workers)
        #expect(!Self.made(thumbnails.page(.documentPage(document: pdf.path, page: 0), shape: Self.shape)))
        #expect(thumbnails.makeOne())
        #expect(!thumbnails.makeOne(), "one owed, one made")
        let page = try #require(thumbnails.page(.documentPage(document: pdf.path, page: 0), shape: Self.shape)).get()
        let colour = PDFFixture.colour(ofPage: 0)
        let centre = Self.centre(page)
        #expect(abs(Int(centre[0]) - Int(colour.r)) < 8 && abs(Int(centre[2]) - Int(colour.b)) < 8, "\(centre) against \(colour)")
        #expect(!Self.made(thumbnails.page(.documentPage(document: pdf.path, page: 1), shape: Self.shape)))
        #expect(!thumbnails.makeOne(), "a PDF's second page is no cover")
        // A cover larger than xx-large (a zoomed one) is decoded from the file itself.
        let zoomed = PageImage.Shape(width: 800, height: 1256, radius: 12, side: .right)
        #expect(CoverThumbnails.flavours(for: zoomed).isEmpty)
        #expect(CoverThumbnails.flavours(for: PageImage.Shape(width: 300, height: 480, radius: 0, side: .right)) == [.xLarge, .xxLarge])
    }

    @Test func theShelfMakesThumbnailsForTheCoversItShows() throws {
        let dir = try HeadlessCanvas.temporaryFolder("thumbs-shelf")
        defer { try? FileManager.default.removeItem(at: dir) }
        let books = dir.appendingPathComponent("books")
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        for i in 0..<12 { _ = try Self.comic(books, name: String(format: "Comic %02d.cbz", i), colour: UInt8(20 * i)) }
        let library = try LibraryLoader.load(books.path).library
        let root = dir.appendingPathComponent("thumbnails")
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 1280, height: 800, backgroundDecoding: true, thumbnailRoot: root.path)
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        app.update(at: 0)
        _ = try canvas.settledFrame(app)
        // Made once the covers are shown, while the decoder has nothing else to do.
        #expect(canvas.renderer.waitForChores(timeout: 30))
        // The centred cover and three either side (what is drawn and prefetched), no more.
        let made = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("xx-large").path)
        #expect(made.count == 4, "\(made)")
        // A new window (an empty texture cache) draws the covers from the thumbnails.
        let again = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 1280, height: 800, backgroundDecoding: true, thumbnailRoot: root.path)
        let rgb = try again.settledFrame(app)
        let i = (400 * 1280 + 640) * 3
        #expect(Array(rgb[i..<i + 3]) == [0, 90, 200], "the centred cover")
    }
}
