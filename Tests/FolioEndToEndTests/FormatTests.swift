import Foundation
import Testing
import FolioTestFixtures

/// Every kind of book a reader has, through the real executable: PDFs (whole, locked,
/// broken, huge), comic archives of every container, single images, image formats, and
/// folders with nothing to read.
@Suite(.serialized)
struct FormatTests {
    static let ffmpeg = Folio.which("ffmpeg") != nil

    static func write(_ data: Data, _ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    @Test func aPDFValidatesAsOneBookOfItsPages() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdf = dir.appendingPathComponent("six.pdf")
        try Self.write(PDFFixture.document(pages: 6, title: "Six"), pdf)
        let result = try Folio.run(["validate", pdf.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("1 book, 6 pages, no problems."), "\(result.stderr)")
    }

    /// Locked and broken PDFs: one sentence naming the file and exit 2 when given alone;
    /// named among the problems with exit 1 in a shelf, whose other books still load.
    @Test func lockedAndBrokenPDFsAreNamed() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let locked = dir.appendingPathComponent("shelf/locked.pdf"), broken = dir.appendingPathComponent("shelf/broken.pdf")
        try Self.write(PDFFixture.document(pages: 2, passwordProtected: true), locked)
        try Self.write(PDFFixture.truncated(), broken)
        try Self.write(PDFFixture.document(pages: 2), dir.appendingPathComponent("shelf/fine.pdf"))
        for (url, says) in [(locked, "is password-protected"), (broken, "is not a readable PDF")] {
            for args in [["validate", url.path], ["record", "--library", url.path, "--trace", dir.appendingPathComponent("t.jsonl").path]] {
                let result = try Folio.run(args)
                #expect(result.status == 2)
                #expect(result.stderr.hasPrefix("folio: \(url.path): \(says)"), "\(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            }
        }
        let shelf = try Folio.run(["validate", dir.appendingPathComponent("shelf").path])
        #expect(shelf.status == 1)
        #expect(shelf.stdout.contains("locked.pdf: is password-protected; Folio opens no encrypted PDFs; skipped."), "\(shelf.stdout)")
        #expect(shelf.stdout.contains("broken.pdf: is not a readable PDF"))
        #expect(shelf.stderr.contains("1 book, 2 pages, 2 problems."), "\(shelf.stderr)")
    }

    /// The 512-byte PDF on which poppler allocates without end drawing its second page (a
    /// fuzzing find): read in the confined worker, that page costs the worker its heap cap
    /// and the user one sentence naming the page; its first page still reads, the viewer
    /// itself stays small, and a shelf holding it opens its other books.
    @Test func aPDFThatExhaustsThePDFReaderIsNamedAndTheRestLoads() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let finding = Folio.root.appendingPathComponent("Fuzz/corpus/FuzzDocument/poppler-array-oom.pdf")
        let endless = dir.appendingPathComponent("shelf/endless.pdf")
        try Self.write(try Data(contentsOf: finding), endless)
        try Self.write(PDFFixture.document(pages: 2), dir.appendingPathComponent("shelf/fine.pdf"))
        let alone = try Folio.runMeasuringMemory(["validate", endless.path])
        #expect(alone.status == 1)
        #expect(alone.peakMB < 700, "folio grew to \(alone.peakMB) MB")
        let result = try Folio.run(["validate", endless.path])
        #expect(result.stdout.contains("\(endless.path) page 2: unreadable or corrupt"), "\(result.stdout)")
        #expect(result.stderr.contains("1 book, 2 pages, 1 problem."), "\(result.stderr)")
        let shelf = try Folio.run(["validate", dir.appendingPathComponent("shelf").path])
        #expect(shelf.status == 1)
        #expect(shelf.stderr.contains("2 books, 4 pages, 1 problem."), "\(shelf.stderr)")
    }

    /// Opening a PDF book and turning its cover shows its pages in order: page 2 of the PDF
    /// (green) on the left, page 3 (blue) on the right.
    @Test(.enabled(if: ffmpeg, "needs ffmpeg to read the frame back"))
    func anOpenedPDFShowsItsPagesInOrder() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdf = dir.appendingPathComponent("six.pdf")
        try Self.write(PDFFixture.document(pages: 6), pdf)
        let script = dir.appendingPathComponent("open.json")
        try #"{"size":[640,400],"fps":10,"duration":2.6,"events":[{"t":0.1,"type":"key","key":"return"},{"t":1.3,"type":"key","key":"right"}]}"#
            .write(to: script, atomically: true, encoding: .utf8)
        let frames = dir.appendingPathComponent("frames")
        let result = try Folio.run(["record", "--library", pdf.path, "--script", script.path, "--out", frames.path + "/", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let raw = dir.appendingPathComponent("last.rgb")
        let convert = try Folio.runProcess(Folio.which("ffmpeg")!, ["-v", "error", "-i", frames.appendingPathComponent("frame-00025.png").path,
                                                                    "-f", "rawvideo", "-pix_fmt", "rgb24", "-y", raw.path])
        #expect(convert.status == 0, "\(convert.stderr)")
        let pixels = [UInt8](try Data(contentsOf: raw))
        try #require(pixels.count == 640 * 400 * 3)
        func at(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
            let i = (y * 640 + x) * 3
            return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
        }
        let left = at(240, 200), right = at(400, 200)
        #expect(left.g > left.r + 60 && left.g > left.b + 60, "left page \(left) is not page 2's green")
        #expect(right.b > right.r + 60 && right.b > right.g + 60, "right page \(right) is not page 3's blue")
    }

    /// A 10000-point page is drawn at the probe's few pixels: rendering it whole at 72 dpi
    /// first would take 400 MB.
    @Test func aHugePageIsRenderedAtTheDrawnSizeNotInFull() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdf = dir.appendingPathComponent("poster.pdf")
        try Self.write(PDFFixture.document(pages: 2, width: 10_000, height: 10_000), pdf)
        let run = try Folio.runMeasuringMemory(["validate", pdf.path])
        #expect(run.status == 0)
        #expect(run.peakMB < 200, "peak \(run.peakMB) MB")
    }

    /// .cb7, .cbt, .cbz and .cbr (RAR 4, stored, written by hand) open and every page
    /// decodes through the viewer's own path (the order is checked in HostileLibraryTests).
    @Test(.enabled(if: ffmpeg, "needs ffmpeg to make the images"),
          arguments: [(ArchiveFixture.Format.sevenZip, "cb7"), (.tar, "cbt"), (.zip, "cbz"), (.rar, "cbr")])
    func comicArchivesOfEveryContainerValidate(format: ArchiveFixture.Format, name: String) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let jpeg = dir.appendingPathComponent("p.jpg")
        try Folio.makeImage(jpeg, width: 60, height: 90)
        let bytes = try Data(contentsOf: jpeg)
        let comic = dir.appendingPathComponent("shelf/Comic.\(name)")
        try FileManager.default.createDirectory(at: comic.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ArchiveFixture.write([("p10.jpg", bytes), ("p2.jpg", bytes), ("p1.jpg", bytes), ("p3.jpg", bytes)], to: comic, format: format)
        for path in [comic.path, comic.deletingLastPathComponent().path] {
            let result = try Folio.run(["validate", path])
            #expect(result.status == 0, "\(result.stdout)")
            #expect(result.stderr.contains("1 book, 4 pages, no problems."), "\(result.stderr)")
        }
    }

    /// One image given as the library is a book of one page: validate is clean and record
    /// runs; never "is not a property list".
    @Test(.enabled(if: ffmpeg, "needs ffmpeg to make the image"))
    func aSingleImageIsABookOfOnePage() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = dir.appendingPathComponent("photo.jpg")
        try Folio.makeImage(photo, width: 80, height: 60)
        let validate = try Folio.run(["validate", photo.path])
        #expect(validate.status == 0, "\(validate.stdout)")
        #expect(validate.stderr.contains("1 book, 1 page, no problems."))
        let record = try Folio.run(["record", "--library", photo.path, "--trace", dir.appendingPathComponent("t.jsonl").path, "--quiet"])
        #expect(record.status == 0, "\(record.stderr)")
        #expect(!record.stderr.contains("property list"))
    }

    @Test func aFolderWithNothingToReadSaysWhatWasLookedForAndExits1() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("x".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        let result = try Folio.run(["validate", dir.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(dir.path): nothing here Folio can read; it looks for a Books.plist"), "\(result.stdout)")
        #expect(result.stdout.contains("PDFs"))
        // The viewer's commands warn with the same sentence.
        let record = try Folio.run(["record", "--library", dir.path, "--trace", dir.appendingPathComponent("t.jsonl").path, "--quiet"])
        #expect(record.stderr.contains("nothing here Folio can read"), "\(record.stderr)")
    }

    @Test func aFileOfNoKnownKindSaysWhatFolioOpens() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let notes = dir.appendingPathComponent("notes.txt")
        try Data("shopping".utf8).write(to: notes)
        let result = try Folio.run(["validate", notes.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("notes.txt: is not a library Folio reads; it opens a Books.plist"), "\(result.stderr)")
    }

    /// Each image format the decoder reads here, made by ffmpeg (ImageMagick for HEIC, by
    /// hand for SVG), validates clean as a single image, and as a page in a folder.
    @Test(.enabled(if: ffmpeg, "needs ffmpeg to make the images"),
          arguments: ["jpg", "png", "webp", "gif", "tif", "avif", "jxl", "jp2", "bmp", "tga", "svg", "heic"])
    func everyImageFormatDecodes(ext: String) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = dir.appendingPathComponent("book/page.\(ext)")
        try FileManager.default.createDirectory(at: image.deletingLastPathComponent(), withIntermediateDirectories: true)
        switch ext {
        case "svg":
            try ##"<svg xmlns="http://www.w3.org/2000/svg" width="60" height="90"><rect width="60" height="90" fill="#8040c0"/></svg>"##
                .write(to: image, atomically: true, encoding: .utf8)
        case "heic":
            // Neither ffmpeg nor Debian's ImageMagick writes HEIC: a 60×90 one is kept in Tests/Images.
            try FileManager.default.copyItem(at: Folio.root.appendingPathComponent("Tests/Images/purple-60x90.heic"), to: image)
        case "tif":
            // libvips reads no chroma-subsampled TIFF (ffmpeg's default for YUV input).
            let result = try Folio.runProcess(Folio.which("ffmpeg")!, ["-v", "error", "-f", "lavfi", "-i", "color=c=0x8040c0:s=60x90",
                                                                       "-frames:v", "1", "-pix_fmt", "rgb24", "-y", image.path])
            #expect(result.status == 0, "\(result.stderr)")
        default:
            try Folio.makeImage(image, width: 60, height: 90)
        }
        try FileManager.default.copyItem(at: image, to: image.deletingLastPathComponent().appendingPathComponent("cover.\(ext)"))
        for path in [image.path, image.deletingLastPathComponent().path] {
            let result = try Folio.run(["validate", path])
            #expect(result.status == 0, "\(ext): \(result.stdout)")
            #expect(result.stderr.contains("1 book"), "\(result.stderr)")
        }
    }
}
