import FolioCore
import FolioLibrary
import FolioSDL
import FolioSamples
import Foundation

extension Benchmarks {
    /// Render time of the reading view with the offscreen OpenGL renderer, synchronised by a
    /// read-back, at 1280×800 and 1920×1080: the 12-page book laid flat at rest, and mid-turn
    /// (a leaf half way over, posed once and drawn again each frame): the median frame and the
    /// worst. Pages are decoded before timing starts, so the figure is drawing alone.
    public func measureReading(library: Library, frames: Int) throws -> [(String, JSONValue)] {
        var out: [(String, JSONValue)] = []
        for (width, height) in [(1280, 800), (1920, 1080)] {
            let canvas = try HeadlessCanvas(library: library, decoder: decoder, width: width, height: height)
            let app = FolioApp(library: library, size: Size(width: Double(width), height: Double(height)))
            var t = 0.0
            app.update(at: t)
            openTwelvePageBook(app, library: library, at: &t)
            app.handle(.key(.return), at: t)
            for _ in 0..<45 { t += 1.0 / 60; app.update(at: t) }
            /// Median and worst ms of drawing the frame as it is now, textures made first.
            func time() throws -> (median: Double, worst: Double) {
                for _ in 0..<40 {
                    try canvas.draw(app)
                    canvas.finish()
                    if canvas.renderer.texturesSettled { break }
                    _ = canvas.renderer.waitForTextures(timeout: 0.5)
                }
                var samples: [Double] = []
                for _ in 0..<frames {
                    let start = seconds()
                    try canvas.draw(app)
                    canvas.finish()
                    samples.append((seconds() - start) * 1000)
                }
                return (median(samples), samples.max() ?? 0)
            }
            let rest = try time()
            app.handle(.key(.right), at: t)
            // Half way through the turn: the leaf stands on the spine, seen steeply.
            while let book = app.book, book.offset < book.layout.size.width * 0.4 { t += 1.0 / 240; app.update(at: t) }
            let turning = try time()
            out += [("reading_\(width)x\(height)_rest", .number(rest.median)), ("reading_\(width)x\(height)_turning", .number(turning.median)),
                    ("reading_\(width)x\(height)_rest_worst", .number(rest.worst)),
                    ("reading_\(width)x\(height)_turning_worst", .number(turning.worst))]
        }
        return out
    }
}

extension Benchmarks {
    /// Pages not ready when they are seen: a 200-page PDF and a 200-page CBZ (1600×2400 JPEG
    /// pages) opened as `folio BOOK` opens them (straight into the reading view) and read at one
    /// turn a second for `turns` turns, paced at 60 frames a second, while two other processes
    /// keep both cores busy. `placeholder_frames` counts the frames drawing any page as a
    /// placeholder after the first spread was first drawn whole; `first_spread_ms` is how long
    /// that took from the book opening. The books are made on first use in
    /// ~/.cache/folio/bench-reading.
    public func measureReadingFlips(cacheBytes: Int?, turns: Int) throws -> [(String, JSONValue)] {
        let dir = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".cache/folio/bench-reading")
        let fm = FileManager.default
        let pdf = dir.appendingPathComponent("book-200.pdf"), cbz = dir.appendingPathComponent("comic-200.cbz")
        let done = dir.appendingPathComponent(".complete")
        if !fm.fileExists(atPath: done.path) {
            try? fm.removeItem(at: dir)
            try fm.createDirectory(at: dir, withIntermediateDirectories: true)
            try PDFWriter.document(pages: 200, title: "Two hundred pages").write(to: pdf)
            let writer = try ArchiveWriter(url: cbz, format: .zip)
            try ScanGenerator.jpegPages(200, width: 1600, height: 2400) { index, page in try writer.add("page\(index + 1).jpg", page) }
            try writer.close()
            _ = fm.createFile(atPath: done.path, contents: nil)
        }
        // Two spinning processes: the machine is as loaded as a reader's busy laptop.
        let spinners = (0..<2).map { _ -> Process in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", "while :; do :; done"]
            return p
        }
        for spinner in spinners { try spinner.run() }
        defer { for spinner in spinners { spinner.terminate(); spinner.waitUntilExit() } }
        var out: [(String, JSONValue)] = []
        for (name, path) in [("pdf_200", pdf.path), ("cbz_200", cbz.path)] {
            let library = try load(path)
            let canvas = try HeadlessCanvas(library: library, decoder: decoder, width: 1280, height: 800, backgroundDecoding: true, cacheBytes: cacheBytes)
            out.append((name, .object(try readAtOneTurnASecond(library: library, canvas: canvas, turns: turns))))
        }
        return out
    }
}

extension Benchmarks {
    func readAtOneTurnASecond(library: Library, canvas: HeadlessCanvas, turns: Int) throws -> [(String, JSONValue)] {
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        let frame = 1.0 / 60
        let start = seconds()
        var t = 0.0
        app.update(at: t)
        app.read(book: 0, atPage: nil, at: t)
        var firstWhole: Double?
        var placeholders = 0, frames = 0, turned = 0
        var nextTurn = 0.0
        while turned < turns || !(app.reading?.isAtRest ?? true) {
            if interrupted() { throw FolioError.interrupted("interrupted; the benchmark stopped.") }
            t += frame
            app.update(at: t)
            canvas.renderer.configure(pixelScale: canvas.pixelScale, windowSize: app.size)
            canvas.renderer.draw(app.drawList(), prefetch: app.prefetchContents())
            canvas.finish()
            let waiting = canvas.renderer.lastTextureWork.waiting
            if firstWhole == nil {
                if app.reading != nil, app.transition == nil, waiting == 0 {
                    firstWhole = t
                    nextTurn = t + 1
                }
            } else {
                frames += 1
                if waiting > 0 { placeholders += 1 }
                if t >= nextTurn, turned < turns {
                    app.handle(.key(.right), at: t)
                    turned += 1
                    nextTurn += 1
                }
            }
            if t > 30 + Double(turns) * 2 { break }
            let wake = start + t
            let now = seconds()
            if wake > now { usleep(UInt32((wake - now) * 1e6)) }
        }
        return [("first_spread_ms", .number((firstWhole ?? .infinity) * 1000)), ("turns", .number(Double(turned))),
                ("frames", .number(Double(frames))), ("placeholder_frames", .number(Double(placeholders)))]
    }
}
