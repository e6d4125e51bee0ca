import FolioCore
import FolioDecoding
import FolioLibrary
import FolioSDL
import FolioSamples
import Foundation

extension Benchmarks {
    /// The formats benchmark (`folio bench --formats`): books in every container the viewer
    /// reads, generated on first use into ~/.cache/folio/bench-formats (about 730 MB; making
    /// them takes minutes, mostly the 7z's LZMA), reused while complete:
    /// - a 300-page PDF (`PDFWriter`, 362×568-point pages), rendered through the document worker;
    /// - a 1,000-page CBR (RAR 4, stored) and CB7 (7z, LZMA, solid) of distinct 1600×2400 JPEG
    ///   pages (`ScanGenerator.jpegPages`), each written by `ArchiveWriter`;
    /// - a shelf of 300 PDFs (8 to 64 pages each).
    /// For each book: pages per second decoded in reading order on one thread, at 1280×800
    /// pixels and at the page size a 1280×800 window draws (the viewer's path: header, decode,
    /// letterbox, corners); the peak RSS of flipping it at `flipRate` leaves a second in a
    /// process of its own (the viewer's renderer, background decoding, its cache); and the
    /// first frame of the viewer on the PDF and on the shelf of 300.
    public func measureFormats(cacheBytes: Int?, flipRate: Double) throws -> [(String, JSONValue)] {
        let dir = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".cache/folio/bench-formats")
        let files = try BenchFormatFiles.make(in: dir)
        var out: [(String, JSONValue)] = [("generate_s", .number(files.seconds))]
        for (name, path) in [("pdf", files.pdf), ("cbr", files.cbr), ("cb7", files.cb7)] {
            var members = try measurePages(path, runs: 1, timeLimit: 30)
            members.append(("read_pages_per_s", .number(try measureReading(path, timeLimit: 30))))
            let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.doubleValue ?? 0
            members.append(("file_mb", .number(bytes / Double(1 << 20))))
            members.append(("flip", .object(try measureFlipInChild(path, cacheBytes: cacheBytes, flipRate: flipRate))))
            if name == "pdf" { members.append(("first_frame_ms", .number(try measureFirstFrame(libraryPath: path)))) }
            out.append((name, .object(members)))
        }
        out.append(("shelf_of_300_pdfs", .object([("first_frame_ms", .number(try measureFirstFrame(libraryPath: files.shelf.path)))])))
        return out
    }
}

extension Benchmarks {
    /// Every page of the one book at `path` decoded on this thread in reading order, at
    /// 1280×800 pixels and at the page size a 1280×800 window draws, as the viewer's decode
    /// thread does (header read and checked, the page decoded or rendered at the size it is
    /// drawn, letterboxed, corners rounded); PDF pages through the document worker. Pages per
    /// second, median of `runs`, each run stopping after `timeLimit` seconds.
    public func measurePages(_ path: String, runs: Int = 3, timeLimit: Double = .infinity) throws -> [(String, JSONValue)] {
        let library = try LibraryLoader.load(path, decoder: decoder).library
        guard let book = library.books.first else { throw FolioError.badInput("\(path): holds no book to measure.") }
        let canvas = try HeadlessCanvas(library: library, decoder: decoder, width: 1280, height: 800, backgroundDecoding: false,
                                        cacheBytes: nil)
        let layout = BookLayout(size: Size(width: 1280, height: 800), pageCount: 2)
        let pageSize = (Int32(layout.pageSize.width.rounded()), Int32(layout.pageSize.height.rounded()))
        let count = book.pages.count
        func rate(_ pixels: (Int32, Int32)) -> Double {
            median((0..<runs).map { _ in canvas.renderer.measureDecoding(book: 0, count: count, pixelSize: pixels, timeLimit: timeLimit) })
        }
        return [
            ("pages", .number(Double(count))),
            ("pages_per_s_1280x800", .number(rate((1280, 800)))),
            ("pages_per_s_\(pageSize.0)x\(pageSize.1)", .number(rate(pageSize))),
        ]
    }
}

extension Benchmarks {
    /// Archive pages read (bytes only, no decode) in reading order, pages per second, stopping
    /// after `timeLimit` seconds; 0 for a PDF, whose pages have no bytes of their own.
    public func measureReading(_ path: String, timeLimit: Double) throws -> Double {
        let library = try LibraryLoader.load(path, decoder: decoder).library
        guard let pages = library.books.first?.pages.compactMap({ $0 }) else { return 0 }
        let reader = ImageReader()
        let start = seconds()
        var done = 0
        for page in pages {
            guard case .archiveEntry = page else { return 0 }
            _ = try reader.data(for: page)
            done += 1
            if seconds() - start > timeLimit { break }
        }
        return Double(done) / (seconds() - start)
    }
}

extension Benchmarks {
    /// `folio bench --flip PATH` in a process of its own, so each book's peak memory is its own;
    /// its JSON members.
    public func measureFlipInChild(_ path: String, cacheBytes: Int?, flipRate: Double) throws -> [(String, JSONValue)] {
        let (process, pipe) = offscreenChild(["bench", "--flip", path, "--flip-rate", String(flipRate)]
                                             + (cacheBytes.map { ["--cache-mb", String($0 >> 20)] } ?? []))
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let flip = object["flip"] as? [String: Any] else {
            throw FolioError.badInput("\(path): the flip benchmark ended with code \(process.terminationStatus).")
        }
        var out: [(String, JSONValue)] = flipKeys.compactMap { key in
            (flip[key] as? NSNumber).map { (key, JSONValue.number($0.doubleValue)) }
        }
        if let breakdown = flip["frame_breakdown_ms"] as? [String: [String: NSNumber]] {
            // In the order the child wrote them (JSONSerialization forgets it).
            let parts = ["median", "worst_1_percent", "median_frame_by_decode"].compactMap { part in
                breakdown[part].map { values in
                    (part, JSONValue.object(FramePhases.keys.compactMap { key in
                        values[key].map { (key, JSONValue.number($0.doubleValue)) }
                    }))
                }
            }
            out.append(("frame_breakdown_ms", .object(parts)))
        }
        return out
    }
}

private let flipKeys = ["cache_mb", "peak_rss_mb", "peak_pss_mb", "peak_private_mb", "peak_private_written_mb", "worker_peak_rss_mb",
                        "workers", "median_frame_ms", "p99_frame_ms", "worst_frame_ms", "flip_frames", "placeholder_frames",
                        "blank_frames", "lowres_frames"]

extension Benchmarks {
    /// Flips the first book of the library at `path` (loaded as the viewer loads it) and adds
    /// the peak memory of the document workers this process started (each worker's own peak,
    /// the largest; 0 when none ran).
    public func measureFlipHere(_ path: String, cacheBytes: Int?, flipRate: Double) throws -> [(String, JSONValue)] {
        let library = try load(path)
        let canvas = try HeadlessCanvas(library: library, decoder: decoder, width: 1280, height: 800, backgroundDecoding: true,
                                        cacheBytes: cacheBytes)
        var out: [(String, JSONValue)] = [("cache_mb", .number(Double(canvas.renderer.cacheBudget >> 20)))]
        out += try measureFlip(library: library, canvas: canvas, flipRate: flipRate)
        let workers = ProcessMemory.children()
        out.append(("worker_peak_rss_mb", .number(workers.map { ProcessMemory.megabytes("VmHWM", of: $0) }.max() ?? 0)))
        out.append(("workers", .number(Double(workers.count))))
        return out
    }
}

/// The generated books of the formats benchmark.
enum BenchFormatFiles {
    struct Files {
        var pdf: String
        var cbr: String
        var cb7: String
        var shelf: URL
        /// Seconds taken to make them (0 when reused).
        var seconds: Double
    }

    static let archivePages = 1000
    static let pageSize: (width: Int32, height: Int32) = (1600, 2400)

    /// The files in `dir`: those of an earlier complete run, else made anew.
    static func make(in dir: URL) throws -> Files {
        let start = seconds()
        let fm = FileManager.default
        let pdf = dir.appendingPathComponent("book-300.pdf")
        let cbr = dir.appendingPathComponent("comic-1000.cbr"), cb7 = dir.appendingPathComponent("comic-1000.cb7")
        let shelf = dir.appendingPathComponent("shelf")
        let done = dir.appendingPathComponent(".complete-\(archivePages)-\(pageSize.width)x\(pageSize.height)")
        if fm.fileExists(atPath: done.path) { return Files(pdf: pdf.path, cbr: cbr.path, cb7: cb7.path, shelf: shelf, seconds: 0) }
        try? fm.removeItem(at: dir)
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        try PDFWriter.document(pages: 300, title: "Three hundred pages").write(to: pdf)
        try writeArchives([(cbr, .rar), (cb7, .sevenZip)])
        try fm.createDirectory(at: shelf, withIntermediateDirectories: true)
        for i in 0..<300 {
            let name = String(format: "magazine-%03d.pdf", i + 1)
            try PDFWriter.document(pages: 8 + i * 7 % 57, title: "Magazine \(i + 1)").write(to: shelf.appendingPathComponent(name))
        }
        _ = fm.createFile(atPath: done.path, contents: nil)
        return Files(pdf: pdf.path, cbr: cbr.path, cb7: cb7.path, shelf: shelf, seconds: seconds() - start)
    }

    /// The same 1,000 pages into each archive, in reading order, one page in memory at a
    /// time. Entry names are numbered without leading zeros (page1.jpg … page1000.jpg), so
    /// only natural sorting puts them in order, as with many real comics.
    static func writeArchives(_ targets: [(URL, ArchiveWriter.Format)]) throws {
        let writers = try targets.map { try ArchiveWriter(url: $0.0, format: $0.1) }
        try ScanGenerator.jpegPages(archivePages, width: pageSize.width, height: pageSize.height) { index, page in
            for writer in writers { try writer.add("page\(index + 1).jpg", page) }
        }
        for writer in writers { try writer.close() }
    }
}
