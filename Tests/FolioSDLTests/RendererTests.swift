import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioSDL

/// Renders known frames with the offscreen driver and checks facts about their pixels.
@Suite(.serialized)
struct RendererTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The bundled library (empty if it cannot be read, which the next test reports).
    static let library = (try? LibraryLoader.load(root.appendingPathComponent("Assets/Books.plist").path).library) ?? Library(books: [])
    /// Each bundled cover's colour, written by the asset generator.
    static let coverColors: [String: [Double]] = (try? Data(contentsOf: root.appendingPathComponent("Assets/cover-colors.json")))
        .flatMap { try? JSONDecoder().decode([String: [Double]].self, from: $0) } ?? [:]

    @Test func theBundledLibraryAndItsCoverColoursLoad() {
        #expect(Self.library.books.count == 6)
        #expect(Self.library.books.allSatisfy { Self.coverColors[$0.title]?.count == 3 })
    }
    static let size = Size(width: 1280, height: 800)

    typealias RGB = (r: UInt8, g: UInt8, b: UInt8)

    static func close(_ p: RGB, _ c: [Double], tolerance: Double = 14) -> Bool {
        abs(Double(p.r) - c[0]) <= tolerance && abs(Double(p.g) - c[1]) <= tolerance && abs(Double(p.b) - c[2]) <= tolerance
    }

    static var background: [Double] {
        let b = ShelfScene.background
        return [b.r * 255, b.g * 255, b.b * 255].map { $0.rounded(.down) }
    }

    /// True when a column of pixels at `x` (through the page's height) is mostly not the
    /// background: something is drawn there.
    static func differsFromBackground(_ canvas: HeadlessCanvas, x: Int) -> Bool {
        let bg = background
        let ys = stride(from: 160, through: 640, by: 40)
        let differing = ys.filter { y in
            let p = canvas.pixel(x: x, y: y)
            return abs(Double(p.r) - bg[0]) + abs(Double(p.g) - bg[1]) + abs(Double(p.b) - bg[2]) > 30
        }
        return differing.count * 2 > Array(ys).count
    }

    func color(ofBook index: Int) -> [Double] {
        guard Self.library.books.indices.contains(index) else { return [-999, -999, -999] }
        return Self.coverColors[Self.library.books[index].title] ?? [-999, -999, -999]
    }

    /// Drives an app through `steps` of 1/60 s.
    func run(_ app: FolioApp, from t: inout Double, seconds: Double) {
        for _ in 0..<Int((seconds * 60).rounded()) {
            t += 1.0 / 60
            app.update(at: t)
        }
    }

    @Test func centredCoverFillsTheMiddleOfTheShelf() throws {
        let canvas = try HeadlessCanvas(library: Self.library, decoder: TestDecoding.workers, width: 1280, height: 800)
        let app = FolioApp(library: Self.library, size: Self.size)
        app.update(at: 0)
        try canvas.draw(app)
        #expect(Self.close(canvas.pixel(x: 640, y: 400), color(ofBook: 0)))
        // Far left of the first book there is only background.
        #expect(Self.close(canvas.pixel(x: 100, y: 400), Self.background, tolerance: 3))
        // The neighbour to the right shows its own colour at its centre.
        #expect(Self.close(canvas.pixel(x: 640 + 372, y: 400), color(ofBook: 1)))
    }

    @Test func openBookShowsPagesOnBothSidesOfTheSpine() throws {
        let canvas = try HeadlessCanvas(library: Self.library, decoder: TestDecoding.workers, width: 1280, height: 800)
        let app = FolioApp(library: Self.library, size: Self.size)
        var t = 0.0
        app.update(at: t)
        app.handle(.key(.return), at: t)
        run(app, from: &t, seconds: 1.2)
        // A book opens on its cover alone; its first spread is one turn on.
        app.book?.settle(onLeaf: 0)
        app.update(at: t)
        #expect(app.navigation.scenes.count == 2)
        try canvas.draw(app)
        let background = Self.background
        // A left page lies left of the spine, a right page right of it; beyond them, nothing.
        #expect(Self.differsFromBackground(canvas, x: 640 - 150))
        #expect(Self.differsFromBackground(canvas, x: 640 + 150))
        #expect(!Self.differsFromBackground(canvas, x: 640 - 420))
        #expect(!Self.differsFromBackground(canvas, x: 640 + 420))
        #expect(Self.close(canvas.pixel(x: 640 - 420, y: 400), background, tolerance: 3))
        // Page 1 is the inside of the cover, not the cover itself: no cover colour there.
        #expect(!Self.close(canvas.pixel(x: 640 - 150, y: 600), color(ofBook: 0), tolerance: 40))
    }

    @Test func aCulledFaceDrawsNothing() throws {
        let canvas = try HeadlessCanvas(library: Self.library, decoder: TestDecoding.workers, width: 640, height: 400)
        let layout = BookLayout(size: Size(width: 640, height: 400), pageCount: 2)
        canvas.renderer.configure(pixelScale: 1, windowSize: layout.size)
        var turnedAway = layout.layer(page: 0, content: .cover(book: 0), angle: -3 * Double.pi / 4)
        turnedAway.shading = nil
        var list = DrawList(background: ShelfScene.background)
        list.appendSorted([turnedAway])
        #expect(list.layers.isEmpty)
        canvas.renderer.draw(list)
        for x in stride(from: 20, to: 640, by: 40) {
            for y in stride(from: 20, to: 400, by: 40) {
                #expect(Self.close(canvas.pixel(x: x, y: y), Self.background, tolerance: 1))
            }
        }
        // The same page facing the viewer does draw.
        let facing = layout.layer(page: 0, content: .cover(book: 0), angle: -Double.pi / 4)
        list = DrawList(background: ShelfScene.background)
        list.appendSorted([facing])
        canvas.renderer.draw(list)
        #expect(!Self.close(canvas.pixel(x: 320 + 60, y: 200), Self.background, tolerance: 10))
    }

    /// Frames of a push at progress 0, 0.25, 0.5, 0.75 and 1 (the spring curve).
    @Test func pushFramesAtFiveProgressPoints() throws {
        let canvas = try HeadlessCanvas(library: Self.library, decoder: TestDecoding.workers, width: 1280, height: 800)
        var shelfFrame: RGB = (0, 0, 0)
        var pixels: [Double: (centre: RGB, side: RGB, left: RGB)] = [:]
        let sideX = 640 + 372 + 60
        do {
            let app = FolioApp(library: Self.library, size: Self.size)
            app.update(at: 0)
            try canvas.draw(app)
            shelfFrame = canvas.pixel(x: 640, y: 400)
        }
        for progress in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let app = FolioApp(library: Self.library, size: Self.size)
            app.update(at: 0)
            app.handle(.key(.return), at: 0)
            // 1/60 s steps (the app clamps larger ones), then exactly the wanted time.
            let end = progress * BookOpeningTransition.duration - (progress == 1 ? 1e-6 : 0)
            var t = 0.0
            while t + 1.0 / 60 < end { t += 1.0 / 60; app.update(at: t) }
            app.update(at: end)
            if progress < 1 { #expect(abs((app.transition?.progress ?? -1) - progress) < 1e-9) }
            try canvas.draw(app)
            pixels[progress] = (canvas.pixel(x: 640, y: 400), canvas.pixel(x: sideX, y: 400), canvas.pixel(x: 640 - 150, y: 250))
        }
        // Progress 0: the closed book sits exactly where the cover was.
        #expect(Self.close(pixels[0]!.centre, [Double(shelfFrame.r), Double(shelfFrame.g), Double(shelfFrame.b)], tolerance: 6))
        // The side cover fades out with the spring (gone once the value reaches 1).
        let spring = BookOpeningTransition.pushCurve()
        #expect(Self.close(pixels[0]!.side, color(ofBook: 1)))
        let quarterAlpha = 1 - spring.value(at: 0.25)
        let bg = Self.background, c1 = color(ofBook: 1)
        let expectedQuarter = (0..<3).map { bg[$0] + (c1[$0] - bg[$0]) * quarterAlpha }
        #expect(Self.close(pixels[0.25]!.side, expectedQuarter, tolerance: 16))
        for p in [0.5, 0.75, 1.0] { #expect(Self.close(pixels[p]!.side, bg, tolerance: 3)) }
        // Left of the spine: background throughout, as a book opens on its cover alone.
        for p in [0.0, 0.5, 0.75, 1.0] { #expect(Self.close(pixels[p]!.left, bg, tolerance: 3)) }
    }

    /// The centred cover's outer corners (away from the spine, on the right) are cut round
    /// in pixels, the spine side stays square: the corner pixel shows the background, pixels
    /// on the straight edges just past the curve show the cover.
    @Test func coversHaveRoundedOuterCornersInPixels() throws {
        let canvas = try HeadlessCanvas(library: Self.library, decoder: TestDecoding.workers, width: 1280, height: 800)
        let app = FolioApp(library: Self.library, size: Self.size)
        app.update(at: 0)
        try canvas.draw(app)
        let cover = color(ofBook: 0)
        // The cover's edges, found along the middle row and column.
        let x0 = try #require((300...640).first { Self.close(canvas.pixel(x: $0, y: 400), cover) })
        let x1 = try #require((640...980).reversed().first { Self.close(canvas.pixel(x: $0, y: 400), cover) })
        let y0 = try #require((0...400).first { Self.close(canvas.pixel(x: 640, y: $0), cover) })
        let r = Int(PageGeometry.cornerRadius)
        #expect(Self.close(canvas.pixel(x: x1 - 1, y: y0 + 1), Self.background, tolerance: 20), "outer corner not cut")
        #expect(Self.close(canvas.pixel(x: x1 - 2, y: y0 + r + 8), cover), "right edge below the curve")
        #expect(Self.close(canvas.pixel(x: x1 - r - 8, y: y0 + 2), cover), "top edge left of the curve")
        #expect(Self.close(canvas.pixel(x: x1 - r / 2, y: y0 + r / 2), cover), "inside the curve")
        #expect(Self.close(canvas.pixel(x: x0 + 1, y: y0 + 1), cover), "the spine's corner is square")
    }

    /// Draws `app` until no page texture is on its way (background decoding).
    func drawUntilSettled(_ canvas: HeadlessCanvas, _ app: FolioApp) throws {
        let deadline = Date().addingTimeInterval(60)
        repeat {
            try canvas.draw(app)
            usleep(2000)
        } while !canvas.renderer.texturesSettled && Date() < deadline
        #expect(canvas.renderer.texturesSettled)
    }

    /// The content widths, in texels, of the textures the image pages on screen draw (blank
    /// paper, such as the padding page, looks the same at any size).
    func textureWidths(_ canvas: HeadlessCanvas, _ app: FolioApp) -> [Int32?] {
        app.drawList().layers.filter { Self.library.image(for: $0.content) != nil && !$0.content.isBackCover }
            .map { canvas.renderer.texture(for: $0)?.width }
    }

    /// Doubling the window halfway through opening a book and once it is open, decoding in
    /// the background: the first frame after the resize draws the pages made for the old
    /// size, scaled (it matches the frame drawn once they are redone, where placeholders
    /// would show paper and page numbers); once settled, every page on screen is made for
    /// the new size.
    @Test(arguments: [0.5, 1.2])
    func resizingKeepsThePagesOnScreenUntilTheyAreRedone(secondsAfterOpening: Double) throws {
        let small = Size(width: 640, height: 400)
        let canvas = try HeadlessCanvas(library: Self.library, decoder: TestDecoding.workers, width: 640, height: 400, backgroundDecoding: true)
        let app = FolioApp(library: Self.library, size: small)
        var t = 0.0
        app.update(at: t)
        app.handle(.key(.return), at: t)
        run(app, from: &t, seconds: secondsAfterOpening)
        #expect((app.transition != nil) == (secondsAfterOpening < BookOpeningTransition.duration))
        try drawUntilSettled(canvas, app)
        let oldWidth = Int32((BookLayout(size: small, pageCount: 2).pageSize.width).rounded())
        #expect(textureWidths(canvas, app).allSatisfy { $0 == oldWidth })

        app.handle(.resize(Self.size), at: t)
        try canvas.draw(app)
        var first: [UInt8] = []
        canvas.readRGB(into: &first)
        let widths = textureWidths(canvas, app)
        #expect(widths.count >= 2)
        #expect(widths.allSatisfy { $0 == oldWidth }, "pages were not kept at their old size")

        try drawUntilSettled(canvas, app)
        var settled: [UInt8] = []
        canvas.readRGB(into: &settled)
        let newWidth = Int32((BookLayout(size: Self.size, pageCount: 2).pageSize.width).rounded())
        #expect(textureWidths(canvas, app).allSatisfy { $0 == newWidth })
        // Scaled pages are only softer than the redone ones: few pixels differ much.
        #expect(first.count == settled.count)
        let pixels = min(first.count, settled.count) / 3
        let differing = (0..<pixels).filter { p in
            (0..<3).map { abs(Int(first[3 * p + $0]) - Int(settled[3 * p + $0])) }.reduce(0, +) > 60
        }.count
        #expect(Double(differing) / Double(max(pixels, 1)) < 0.04, "\(differing) of \(pixels) pixels differ")
    }

    /// An empty library draws its one-line hint in the middle of an otherwise empty shelf.
    @Test func anEmptyShelfShowsItsHint() throws {
        let empty = Library(books: [])
        let canvas = try HeadlessCanvas(library: empty, decoder: TestDecoding.workers, width: 1280, height: 800)
        let app = FolioApp(library: empty, size: Self.size)
        app.update(at: 0)
        try canvas.draw(app)
        let bg = Self.background
        func differs(_ x: Int, _ y: Int) -> Bool {
            let p = canvas.pixel(x: x, y: y)
            return abs(Double(p.r) - bg[0]) + abs(Double(p.g) - bg[1]) + abs(Double(p.b) - bg[2]) > 30
        }
        let middle = (360...440).flatMap { y in stride(from: 200, to: 1080, by: 2).map { (x: $0, y: y) } }
        #expect(middle.filter { differs($0.x, $0.y) }.count > 200, "no hint drawn")
        let corners = [(10, 10), (1270, 10), (10, 790), (1270, 790)]
        #expect(corners.allSatisfy { !differs($0.0, $0.1) })
    }
}
