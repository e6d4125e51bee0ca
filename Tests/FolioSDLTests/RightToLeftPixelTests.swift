import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSDL

/// A right-to-left book is the mirror image of the left-to-right one: a book and its mirror
/// twin (every image flipped left for right), read the other way with the same input
/// mirrored, draw frames that are each other's mirror images, pixel for pixel but for
/// antialiased edges, through the opening, a turn, the spread, the move flat and the close.
@Suite(.serialized) struct RightToLeftPixelTests {
    /// A folder book whose pictures tell left from right: a cover, a page, a 1200×900
    /// spread and a page, each with its own colours and a bar near one edge; `mirrored`
    /// flips every image.
    static func book(mirrored: Bool) throws -> (URL, Library) {
        let dir = try HeadlessCanvas.temporaryFolder("rtl")
        func page(_ name: String, width: Int, colour: (Int, Int) -> [UInt8]) throws {
            var rgb: [UInt8] = []
            rgb.reserveCapacity(width * 900 * 3)
            for y in 0..<900 { for x in 0..<width { rgb += colour(mirrored ? width - 1 - x : x, y) } }
            try HeadlessCanvas.writePNG(rgb, width: Int32(width), height: 900, to: dir.appendingPathComponent(name).path)
        }
        try page("p1.png", width: 600) { x, y in x < 120 ? [200, 40, 40] : [120, 120, UInt8(100 + y / 9)] }
        try page("p2.png", width: 600) { x, _ in x > 480 ? [30, 160, 30] : [240, 240, UInt8(x * 200 / 600)] }
        try page("p3.png", width: 1200) { x, y in x < 300 ? [220, 30, 30] : x < 900 ? [UInt8(y / 4), 200, 90] : [30, 30, 220] }
        try page("p4.png", width: 600) { x, _ in x < 60 ? [0, 0, 0] : [250, 200, 150] }
        // Pages enough for a riffle: each with a bar at its own height near one edge.
        for n in 5...10 {
            try page("p\(n).png", width: 600) { x, y in x > 500 && y / 90 == n - 4 ? [20, 20, 20] : [UInt8(n * 20), 180, UInt8(255 - n * 20)] }
        }
        let loaded = try LibraryLoader.load(dir.path).library
        return (dir, BookShapes.measured(loaded, decoder: TestDecoding.workers))
    }

    /// The frame without its text (titles and numbers read the same either way), RGB.
    static func frame(_ canvas: HeadlessCanvas, _ app: FolioApp) throws -> [UInt8] {
        var list = app.drawList()
        list.texts = []
        canvas.renderer.configure(pixelScale: 1, windowSize: app.size)
        for _ in 0..<40 {
            canvas.renderer.draw(app, list: list)
            if canvas.renderer.texturesSettled { break }
            _ = canvas.renderer.waitForTextures(timeout: 0.5)
        }
        canvas.renderer.draw(app, list: list)
        var rgb: [UInt8] = []
        canvas.readRGB(into: &rgb)
        return rgb
    }

    /// Pixels of `a` that differ from `b`'s mirror image by more than `tolerance` in a
    /// channel, as a fraction of the frame.
    static func mismatch(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int, tolerance: Int = 40) -> Double {
        var bad = 0
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3, j = (y * width + (width - 1 - x)) * 3
                if abs(Int(a[i]) - Int(b[j])) > tolerance || abs(Int(a[i + 1]) - Int(b[j + 1])) > tolerance
                    || abs(Int(a[i + 2]) - Int(b[j + 2])) > tolerance { bad += 1 }
            }
        }
        return Double(bad) / Double(width * height)
    }

    @Test func aRightToLeftBookIsTheMirrorImageOfItsTwin() throws {
        let (ltrDir, ltrLibrary) = try Self.book(mirrored: false)
        let (rtlDir, mirroredLibrary) = try Self.book(mirrored: true)
        defer { for dir in [ltrDir, rtlDir] { try? FileManager.default.removeItem(at: dir) } }
        #expect(ltrLibrary.books.first?.spreads == [1] && mirroredLibrary.books.first?.spreads == [1])
        var rtlLibrary = mirroredLibrary
        rtlLibrary.books[0].rightToLeft = true
        let size = Size(width: 640, height: 400)
        let ltrCanvas = try HeadlessCanvas(library: ltrLibrary, decoder: TestDecoding.workers, width: 640, height: 400)
        let rtlCanvas = try HeadlessCanvas(library: rtlLibrary, decoder: TestDecoding.workers, width: 640, height: 400)
        let ltr = FolioApp(library: ltrLibrary, size: size), rtl = FolioApp(library: rtlLibrary, size: size)
        var t = 0.0
        for app in [ltr, rtl] { app.update(at: t) }
        /// Sends the same key to both, or each its own.
        func send(_ a: Key, _ b: Key? = nil) {
            ltr.handle(.key(a), at: t)
            rtl.handle(.key(b ?? a), at: t)
        }
        func advance(_ seconds: Double) {
            for _ in 0..<Int((seconds * 60).rounded()) {
                t += 1.0 / 60
                ltr.update(at: t)
                rtl.update(at: t)
            }
        }
        func compare(_ moment: String) throws {
            let a = try Self.frame(ltrCanvas, ltr), b = try Self.frame(rtlCanvas, rtl)
            let off = Self.mismatch(a, b, width: 640, height: 400)
            #expect(off < 0.004, "\(moment): \(String(format: "%.2f", off * 100)) % of the pixels are not the mirror image")
        }
        try compare("the shelf")
        send(.return)
        advance(0.35); try compare("opening")
        advance(1.2); try compare("open on the cover")
        send(.right, .left)
        advance(0.25); try compare("turning the cover")
        advance(1.2)
        send(.right, .left)
        advance(0.25); try compare("turning forward")
        advance(1.2)
        #expect(ltr.book?.currentLeaf == 1 && rtl.book?.currentLeaf == 1)
        try compare("the spread, in 3D")
        send(.return)
        advance(0.3); try compare("laying the book flat")
        advance(1.0); try compare("the spread, flat")
        send(.right, .left)
        advance(0.25); try compare("turning forward, flat")
        advance(1.2)
        send(.left, .right)
        advance(0.25); try compare("turning back, flat")
        advance(1.2)
        #expect(ltr.book?.currentLeaf == 1 && rtl.book?.currentLeaf == 1)
        // A riffle to the end and back: the leaves in between turn the other way.
        send(.end)
        advance(0.2); try compare("riffling to the end, flat")
        advance(1.0)
        #expect(ltr.book?.currentLeaf == ltr.book?.lastLeaf && (ltr.book?.lastLeaf ?? 0) >= 3)
        send(.home)
        advance(0.25); try compare("riffling back to the start, flat")
        advance(1.0)
        send(.escape); advance(1.2)
        send(.escape); advance(0.4); try compare("closing")

        // The twin drawn left to right is not the mirror image: the test sees the difference.
        rtlLibrary.books[0].rightToLeft = false
        /// `library`'s book opened and at rest 1.5 s later.
        func opened(_ library: Library) -> FolioApp {
            let app = FolioApp(library: library, size: size)
            app.update(at: 0)
            app.handle(.key(.return), at: 0)
            for frame in 1...90 { app.update(at: Double(frame) / 60) }
            return app
        }
        let plain = opened(rtlLibrary), reference = opened(ltrLibrary)
        let plainCanvas = try HeadlessCanvas(library: rtlLibrary, decoder: TestDecoding.workers, width: 640, height: 400)
        let off = Self.mismatch(try Self.frame(ltrCanvas, reference), try Self.frame(plainCanvas, plain), width: 640, height: 400)
        #expect(off > 0.05, "a left-to-right twin differs from the mirror image in \(off * 100) % of the pixels")
    }
}
