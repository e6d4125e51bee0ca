import FolioCore
import FolioLibrary
import Foundation
import Testing
@testable import FolioSDL

/// Frame strips kept as snapshots: a transition drawn at 0, ¼, ½, ¾ and all of its duration,
/// side by side, compared with the PNG in Tests/Snapshots/. A strip that changes on purpose
/// is rewritten with `FOLIO_UPDATE_SNAPSHOTS=1 make test` and looked at before it is committed.
@Suite(.serialized) struct SnapshotStripTests {
    static let frame = (width: 400, height: 250)
    static let fractions = [0.0, 0.25, 0.5, 0.75, 1.0]
    static let folder = RendererTests.root.appendingPathComponent("Tests/Snapshots")

    /// Draws `app` at each fraction of the transition `start` begins (after `prepare`), and
    /// joins the frames left to right.
    static func strip(duration: Double = BookOpeningTransition.duration, prepare: (FolioApp, inout Double) -> Void,
                      start: (FolioApp, Double) -> Void) throws -> [UInt8] {
        let library = RendererTests.library
        let size = Size(width: Double(frame.width), height: Double(frame.height))
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: frame.width, height: frame.height)
        let app = FolioApp(library: library, size: size)
        var t = 0.0
        app.update(at: t)
        prepare(app, &t)
        let t0 = t
        start(app, t0)
        var frames: [[UInt8]] = []
        for fraction in fractions {
            let target = t0 + fraction * duration
            while t < target - 1e-9 {
                t = min(t + 1.0 / 60, target)
                app.update(at: t)
            }
            try canvas.draw(app)
            var rgb: [UInt8] = []
            canvas.readRGB(into: &rgb)
            frames.append(rgb)
        }
        // Rows of every frame side by side.
        let rowBytes = frame.width * 3
        var out: [UInt8] = []
        out.reserveCapacity(rowBytes * frames.count * frame.height)
        for y in 0..<frame.height {
            for f in frames { out += f[(y * rowBytes)..<((y + 1) * rowBytes)] }
        }
        return out
    }

    /// Compares `rgb` with the snapshot `name` (or writes it when asked to).
    static func check(_ rgb: [UInt8], against name: String) throws {
        let path = folder.appendingPathComponent(name).path
        let width = frame.width * fractions.count
        if ProcessInfo.processInfo.environment["FOLIO_UPDATE_SNAPSHOTS"] == "1" {
            try HeadlessCanvas.writePNG(rgb, width: Int32(width), height: Int32(frame.height), to: path)
            return
        }
        guard let kept = HeadlessCanvas.readPNG(path), kept.width == width, kept.height == frame.height else {
            Issue.record("\(name) is missing or the wrong size; run with FOLIO_UPDATE_SNAPSHOTS=1 and look at it")
            return
        }
        let pixels = width * frame.height
        let differing = (0..<pixels).filter { p in
            (0..<3).map { abs(Int(rgb[3 * p + $0]) - Int(kept.rgb[3 * p + $0])) }.reduce(0, +) > 48
        }.count
        if differing * 200 > pixels {
            try? HeadlessCanvas.writePNG(rgb, width: Int32(width), height: Int32(frame.height),
                                         to: NSTemporaryDirectory() + "folio-" + name)
        }
        #expect(differing * 200 <= pixels, "\(differing) of \(pixels) pixels differ from \(name); this run's strip is in \(NSTemporaryDirectory())folio-\(name)")
    }

    static func open(_ app: FolioApp, _ t: inout Double, atLeaf leaf: Int) {
        app.handle(.key(.return), at: t)
        for _ in 0..<90 { t += 1.0 / 60; app.update(at: t) }
        app.book?.turn(toLeaf: leaf, at: app.animationTime)
        for _ in 0..<120 { t += 1.0 / 60; app.update(at: t) }
    }

    /// Closing from the middle of a book: the left block turns over onto the right as one.
    @Test func closingFromTheMiddle() throws {
        let strip = try Self.strip(prepare: { Self.open($0, &$1, atLeaf: 4) },
                                   start: { app, t in app.handle(.key(.escape), at: t) })
        try Self.check(strip, against: "close-from-leaf-4.png")
    }

    /// Opening with a quick flick of three notches: the book follows the wheel, then springs open.
    @Test func openingWithAFlick() throws {
        let strip = try Self.strip(prepare: { _, _ in }, start: { app, t in
            for k in 0..<3 { app.handle(.wheel(dx: 0, dy: 1), at: t + 0.001 * Double(k)) }
        })
        try Self.check(strip, against: "open-with-a-flick.png")
    }

    /// The open book at leaf `leaf`, laid flat in the reading view.
    static func read(_ app: FolioApp, _ t: inout Double, atLeaf leaf: Int) {
        open(app, &t, atLeaf: leaf)
        app.handle(.key(.return), at: t)
        for _ in 0..<45 { t += 1.0 / 60; app.update(at: t) }
    }

    /// Enter in the open book: the leaves fold flat, the spread grows to fill the window.
    @Test func layingTheBookFlatByKey() throws {
        let strip = try Self.strip(duration: ReadingTransition.duration, prepare: { Self.open($0, &$1, atLeaf: 2) },
                                   start: { app, t in app.handle(.key(.return), at: t) })
        try Self.check(strip, against: "book-to-reading-by-key.png")
    }

    /// Two quick notches up in the open book (half way): the book follows the wheel flat, then settles.
    @Test func layingTheBookFlatByWheel() throws {
        let strip = try Self.strip(duration: ReadingTransition.duration, prepare: { Self.open($0, &$1, atLeaf: 2) }, start: { app, t in
            for k in 0..<2 { app.handle(.wheel(dx: 0, dy: 1), at: t + 0.001 * Double(k)) }
        })
        try Self.check(strip, against: "book-to-reading-by-wheel.png")
    }

    /// Escape in the reading view: back to the book in 3D.
    @Test func backFromReadingByKey() throws {
        let strip = try Self.strip(duration: ReadingTransition.duration, prepare: { Self.read($0, &$1, atLeaf: 2) },
                                   start: { app, t in app.handle(.key(.escape), at: t) })
        try Self.check(strip, against: "reading-to-book-by-key.png")
    }
}
