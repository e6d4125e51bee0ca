import FolioCore
import FolioLibrary
import FolioSDL
import FolioTestFixtures
import Foundation

extension Benchmarks {
    /// `shelf_first_frame_ms.books10000`: from launch to the shelf drawn, for a folder of ten
    /// thousand comic archives (made on first use in ~/.cache/folio/bench-shelf-10000, three
    /// small JPEG pages each, forty different covers), the median of five launches; and the
    /// frames while the shelf scrolls through it (`shelf_scroll_frame_ms`: a book every
    /// fifth frame for 600 frames, paced at 60 a second, covers decoded in the background):
    /// median, worst and p99 of update + draw + finish.
    public func measureShelf10000(cacheBytes: Int?) throws -> [(String, JSONValue)] {
        let dir = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".cache/folio/bench-shelf-10000")
        let fm = FileManager.default
        let done = dir.appendingPathComponent(".complete")
        if !fm.fileExists(atPath: done.path) {
            try? fm.removeItem(at: dir)
            try fm.createDirectory(at: dir, withIntermediateDirectories: true)
            var pages: [Data] = []
            try ScanGenerator.jpegPages(42, width: 120, height: 180) { _, page in pages.append(page) }
            for i in 0..<10_000 {
                if interrupted() { throw FolioError.interrupted("interrupted; the benchmark stopped.") }
                let writer = try ArchiveWriter(url: dir.appendingPathComponent(String(format: "Comic %05d.cbz", i)), format: .zip)
                for p in 0..<3 { try writer.add("page\(p + 1).jpg", pages[(i + p) % pages.count]) }
                try writer.close()
            }
            _ = fm.createFile(atPath: done.path, contents: nil)
        }
        var out: [(String, JSONValue)] = []
        out.append(("first_frame_ms", .number(try measureFirstFrame(libraryPath: dir.path))))

        let library = try load(dir.path)
        let canvas = try HeadlessCanvas(library: library, width: 1280, height: 800, backgroundDecoding: true, cacheBytes: cacheBytes)
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        let start = seconds()
        var t = 0.0, times: [Double] = []
        app.update(at: t)
        for frame in 0..<600 {
            if interrupted() { throw FolioError.interrupted("interrupted; the benchmark stopped.") }
            t += 1.0 / 60
            if frame % 5 == 0 { app.handle(.key(.right), at: t) }
            let begin = seconds()
            app.update(at: t)
            canvas.renderer.configure(pixelScale: canvas.pixelScale, windowSize: app.size)
            canvas.renderer.draw(app.drawList(), prefetch: app.prefetchContents())
            canvas.finish()
            times.append((seconds() - begin) * 1000)
            let wake = start + t
            if wake > seconds() { usleep(UInt32((wake - seconds()) * 1e6)) }
        }
        let sorted = times.sorted()
        out.append(("scroll_median_frame_ms", .number(median(times))))
        out.append(("scroll_worst_frame_ms", .number(sorted.last ?? 0)))
        out.append(("scroll_p99_frame_ms", .number(sorted.isEmpty ? 0 : sorted[Int(Double(sorted.count - 1) * 0.99)])))
        out.append(("books_scrolled", .number(Double(app.shelf.centredIndex))))
        return out
    }
}
