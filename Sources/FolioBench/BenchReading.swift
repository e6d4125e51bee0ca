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
            let from = app.book?.offset ?? 0
            app.handle(.key(.right), at: t)
            // Half way through the turn: the leaf stands on the spine, seen steeply.
            while let book = app.book, book.offset < from + book.layout.size.width * 0.4 { t += 1.0 / 240; app.update(at: t) }
            let turning = try time()
            out += [("reading_\(width)x\(height)_rest", .number(rest.median)),
                    ("reading_\(width)x\(height)_turning", .number(turning.median)),
                    ("reading_\(width)x\(height)_rest_worst", .number(rest.worst)),
                    ("reading_\(width)x\(height)_turning_worst", .number(turning.worst))]
        }
        return out
    }
}

extension Benchmarks {
    /// Pages not ready when they are seen: a 200-page PDF and a 200-page CBZ (1600×2400 JPEG
    /// pages) opened as `folio BOOK` opens them (straight into the reading view) and read at one
    /// turn a second for `turns` turns, and the CBZ again with Right held from its first spread
    /// to its last (`cbz_200_held`: the first repeat after 0.5 s, then one every 30 ms, GNOME's
    /// default, each acting as the live viewer lets it, `HeldKeys`; `repeats_held_back` counts
    /// those that did not), paced at 60 frames a second, while two other processes keep both
    /// cores busy.
    /// From the first spread drawn whole (`first_spread_ms` after the book opened),
    /// `blank_frames` counts the frames drawing any page as a placeholder and `lowres_frames`
    /// those drawing any page scaled up from a smaller version while its own is decoded. The
    /// books are made on first use in ~/.cache/folio/bench-reading.
    public func measureReadingFlips(cacheBytes: Int?, turns: Int) throws -> [(String, JSONValue)] {
        let (pdf, cbz) = try readingBooks()
        // Two spinning processes: the machine is as loaded as a reader's busy laptop.
        let spinners = (0..<2).map { _ -> Process in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", "while :; do :; done"]
            return p
        }
        for spinner in spinners { try spinner.run() }
        defer { for spinner in spinners { spinner.terminate(); spinner.waitUntilExit() } }
        let oneASecond: Presses = { pressed, _ in pressed < turns ? Double(pressed + 1) : nil }
        var out: [(String, JSONValue)] = []
        let limit = 30 + 2 * Double(turns)
        let cases: [(String, String, Presses, Bool)] = [("pdf_200", pdf.path, oneASecond, false), ("cbz_200", cbz.path, oneASecond, false),
                                                        ("cbz_200_held", cbz.path, Self.heldRight, true)]
        for (name, path, presses, held) in cases {
            let library = try load(path)
            let canvas = try HeadlessCanvas(library: library, decoder: decoder, width: 1280, height: 800, backgroundDecoding: true,
                                            cacheBytes: cacheBytes)
            out.append((name, .object(try read(library: library, canvas: canvas, pressingRight: presses, held: held, for: limit))))
        }
        return out
    }

    /// The 200-page PDF and the 200-page CBZ of 1600×2400 JPEG scans, made on first use in
    /// ~/.cache/folio/bench-reading.
    func readingBooks() throws -> (pdf: URL, cbz: URL) {
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
        return (pdf, cbz)
    }

    /// When to press Right next: seconds after the first spread was drawn whole, given the
    /// presses due so far (a held key's repeats held back included) and the app; nil once
    /// there are no more.
    typealias Presses = (_ pressed: Int, _ app: any DrawnApp) -> Double?

    /// Right held until the book shows its last spread, repeated as GNOME repeats a held key.
    static func heldRight(_ pressed: Int, _ app: any DrawnApp) -> Double? {
        guard let book = app.book, book.currentLeaf < book.layout.leafCount - 1 else { return nil }
        return pressed == 0 ? 0 : 0.5 + Double(pressed - 1) * 0.03
    }
}

extension Benchmarks {
    /// An app of `size` on `library` with its first book opened as `folio BOOK` opens it, at
    /// time 0: where the reading cases start.
    static func openedAsBook(_ library: Library, size: Size) -> FolioApp {
        let app = FolioApp(library: library, size: size)
        app.update(at: 0)
        app.read(book: 0, atPage: nil, at: 0)
        return app
    }

    /// Opens `library`'s first book as `folio BOOK` does and presses Right as `presses` says
    /// (`held`: the presses after the first are a held key's repeats), each acting as the live
    /// viewer lets it (`HeldKeys`: `presses_waited` counts the presses that waited on their
    /// spread, `repeats_held_back` the repeats dropped), drawing at 60 frames a second, until no press is left and
    /// the view is at rest (or `limit` seconds have passed).
    func read(library: Library, canvas: HeadlessCanvas, pressingRight presses: Presses, held: Bool,
              for limit: Double) throws -> [(String, JSONValue)] {
        let app = Self.openedAsBook(library, size: Size(width: 1280, height: 800))
        let frame = 1.0 / 60
        let start = seconds()
        var t = 0.0
        var firstWhole: Double?
        var nextPress: Double?
        var blank = 0, lowres = 0, frames = 0, pressed = 0, due = 0, dropped = 0, waited = 0
        var heldKeys = HeldKeys()
        while t < limit {
            if interrupted() { throw FolioError.interrupted("interrupted; the benchmark stopped.") }
            t += frame
            app.update(at: t)
            drawAsLive(app, on: canvas)
            let work = canvas.renderer.lastTextureWork
            if let whole = firstWhole {
                frames += 1
                if work.waiting > 0 { blank += 1 }
                if work.lowres > 0 { lowres += 1 }
                let right = InputEvent.key(.right, []), canShow = canvas.renderer.canShow
                if let at = nextPress, t >= at {
                    if held && due > 0 {
                        if heldKeys.repeatActs(right, app: app, at: t, canShow: canShow) {
                            app.handle(right, at: t); pressed += 1
                        } else {
                            dropped += 1
                        }
                    } else {
                        heldKeys.press(right, app: app, at: t, canShow: canShow) { app.handle($0, at: t); pressed += 1 }
                        if heldKeys.isWaiting { waited += 1 }
                    }
                    due += 1
                    nextPress = presses(due, app).map { whole + $0 }
                }
                if let press = heldKeys.due(app: app, at: t, canShow: canShow) { app.handle(press, at: t); pressed += 1 }
                if nextPress == nil && !heldKeys.isWaiting && app.reading?.isAtRest ?? true { break }
            } else if app.reading != nil, app.transition == nil, work.waiting == 0 {
                firstWhole = t
                nextPress = presses(0, app).map { t + $0 }
            }
            sleep(until: start + t)
        }
        return [("first_spread_ms", .number((firstWhole ?? .infinity) * 1000)), ("turns", .number(Double(pressed))),
                ("frames", .number(Double(frames))), ("blank_frames", .number(Double(blank))), ("lowres_frames", .number(Double(lowres))),
                ("repeats_held_back", .number(Double(dropped))), ("presses_waited", .number(Double(waited)))]
    }
}

extension Benchmarks {
    /// Draws `app`'s frame as the live viewer does, with what it wants decoded next and the
    /// stand-ins it wants, and waits for the renderer to finish it.
    func drawAsLive(_ app: any DrawnApp, on canvas: HeadlessCanvas) {
        canvas.renderer.configure(pixelScale: canvas.pixelScale, windowSize: app.size)
        canvas.renderer.draw(app.drawList(), prefetch: app.prefetchContents(), standIns: app.standInContents())
        canvas.finish()
    }
}
