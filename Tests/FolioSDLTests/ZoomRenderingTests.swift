import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioSDL

/// A zoomed spread on the offscreen driver: its pages are made again at the zoomed size, so
/// the picture stays sharp; the size is bounded by the texture budget.
@Suite(.serialized)
struct ZoomRenderingTests {
    static let size = Size(width: 1280, height: 800)

    /// An app with the bundled library's first book open at its first spread, laid flat in
    /// the reading view (where zoom lives).
    static func openBook(from t: inout Double) -> FolioApp {
        let app = FolioApp(library: RendererTests.library, size: size)
        app.update(at: t)
        app.handle(.key(.return), at: t)
        advance(app, from: &t, seconds: 1.2)
        app.handle(.key(.return), at: t)
        advance(app, from: &t, seconds: 0.6)
        app.book?.settle(onLeaf: 0)
        app.update(at: t)
        return app
    }

    static func advance(_ app: FolioApp, from t: inout Double, seconds: Double) {
        for _ in 0..<Int((seconds * 60).rounded()) {
            t += 1.0 / 60
            app.update(at: t)
        }
    }

    /// The right page of the spread on screen, and the texture it is drawn from.
    static func rightPage(_ app: FolioApp, _ canvas: HeadlessCanvas) throws -> (layer: Layer, texture: TextureStore.Entry) {
        let layer = try #require(app.drawList().layers.first { $0.content == .page(book: 0, page: 2) })
        return (layer, try #require(canvas.renderer.texture(for: layer)))
    }

    /// Texels of the page's texture per pixel of its width on screen.
    static func texelsPerPixel(_ page: (layer: Layer, texture: TextureStore.Entry)) throws -> Double {
        let left = try #require(page.layer.project(x: 0, y: page.layer.size.height / 2))
        let right = try #require(page.layer.project(x: page.layer.size.width, y: page.layer.size.height / 2))
        return Double(page.texture.width) / (right.x - left.x)
    }

    /// Σ |difference| between horizontal neighbours over a window region: how much fine
    /// detail the frame shows.
    static func detail(_ canvas: HeadlessCanvas, x: Range<Int>, y: Range<Int>) -> Double {
        var rgb: [UInt8] = []
        canvas.readRGB(into: &rgb)
        var sum = 0.0
        for row in y {
            for col in x.dropLast() {
                let i = (row * 1280 + col) * 3
                for c in 0..<3 { sum += abs(Double(rgb[i + c]) - Double(rgb[i + 3 + c])) }
            }
        }
        return sum
    }

    /// Writes the frame to `$FOLIO_ZOOM_PNG/name.png` when that folder is given (to look at).
    static func save(_ canvas: HeadlessCanvas, _ name: String) throws {
        guard let dir = ProcessInfo.processInfo.environment["FOLIO_ZOOM_PNG"] else { return }
        var rgb: [UInt8] = []
        canvas.readRGB(into: &rgb)
        try HeadlessCanvas.writePNG(rgb, width: 1280, height: 800, to: dir + "/\(name).png")
    }

    @Test func aZoomedSpreadIsDrawnFromPagesMadeAtTheZoomedSize() throws {
        #expect(RendererTests.library.books.count > 0)
        // A budget that holds 4× pages (the software renderer's default would cap them).
        let canvas = try HeadlessCanvas(library: RendererTests.library, decoder: TestDecoding.workers, width: 1280, height: 800, cacheBytes: Renderer.defaultCacheBytes)
        var t = 0.0
        let app = Self.openBook(from: &t)
        try canvas.draw(app)
        let whole = try Self.rightPage(app, canvas)
        try Self.save(canvas, "whole")
        // About one texel a pixel (more where the page leans away in perspective).
        let wholeDensity = try Self.texelsPerPixel(whole)
        #expect(wholeDensity >= 0.95 && wholeDensity < 1.5)

        // 4× about a point on the right page.
        app.handle(.pointerMoved(Point(x: 820, y: 360)), at: t)
        for _ in 0..<4 { app.handle(.key(.equals), at: t) }
        Self.advance(app, from: &t, seconds: 0.5)
        #expect(app.reading?.zoom.current.scale == BookZoom.maxScale)
        try canvas.draw(app)
        let zoomed = try Self.rightPage(app, canvas)
        // Made again larger (within a sixteenth of the budget): near a texel per screen
        // pixel, where the texture made for the whole spread would give about a quarter.
        #expect(zoomed.texture.width > 2 * whole.texture.width)
        let zoomedDensity = try Self.texelsPerPixel(zoomed)
        #expect(zoomedDensity > 0.8)
        #expect(zoomedDensity > 2.5 * Double(whole.texture.width) / Double(zoomed.texture.width) * zoomedDensity * 0.999
                || zoomedDensity > 2.5 * wholeDensity / 4)
        let sharp = Self.detail(canvas, x: 200..<1080, y: 150..<650)
        try Self.save(canvas, "zoomed-4x")

        // The same frame from pages made for the whole spread, drawn scaled: less detail.
        var list = app.drawList()
        list.magnification = 1
        canvas.renderer.draw(list)
        let blurred = Self.detail(canvas, x: 200..<1080, y: 150..<650)
        try Self.save(canvas, "zoomed-4x-from-1x")
        // The bundled pages are mostly smooth gradients; their stars and edges make the difference.
        #expect(sharp > 1.15 * blurred, "detail \(sharp) sharp, \(blurred) scaled")

        // Back to the whole spread: pages at the window's size again (the memory goes back).
        app.handle(.key(.zero), at: t)
        Self.advance(app, from: &t, seconds: 0.5)
        try canvas.draw(app)
        #expect(try Self.rightPage(app, canvas).texture.width == whole.texture.width)
    }

    /// With the software renderer's smaller budget, a 4× page is held to a sixteenth of it.
    @Test func onASmallBudgetZoomedPagesAreCapped() throws {
        let budget = 64 << 20
        let canvas = try HeadlessCanvas(library: RendererTests.library, decoder: TestDecoding.workers, width: 1280, height: 800, cacheBytes: budget)
        var t = 0.0
        let app = Self.openBook(from: &t)
        try canvas.draw(app)
        let whole = try Self.rightPage(app, canvas)
        for _ in 0..<4 { app.handle(.key(.equals), at: t) }
        Self.advance(app, from: &t, seconds: 0.5)
        try canvas.draw(app)
        let zoomed = try Self.rightPage(app, canvas)
        #expect(zoomed.texture.width > whole.texture.width && zoomed.texture.width < 4 * whole.texture.width)
        #expect(Int(zoomed.texture.width) * Int(zoomed.texture.height) * 4 <= budget / 16 + 4 * Int(zoomed.texture.width))
        #expect(canvas.renderer.cacheBytes <= budget)
    }

    @Test func zoomedPagesStayWithinTheBudget() {
        // 1280×800 at one pixel a point: the tutorial's page 4× is 1448×2272, 13 MB, within
        // a sixteenth of the default 256 MB.
        let page = (width: 362.0, height: 568.0)
        let budget = Renderer.defaultCacheBytes / 16
        #expect(PageSizePolicy.magnification(zoom: 4, width: page.width, height: page.height, maxPageBytes: budget) == 4)
        // Steps: quarters up to 2, then whole numbers.
        #expect(PageSizePolicy.magnification(zoom: 1, width: page.width, height: page.height, maxPageBytes: budget) == 1)
        #expect(PageSizePolicy.magnification(zoom: 1.2, width: page.width, height: page.height, maxPageBytes: budget) == 1.25)
        #expect(PageSizePolicy.magnification(zoom: 1.3, width: page.width, height: page.height, maxPageBytes: budget) == 1.5)
        #expect(PageSizePolicy.magnification(zoom: 2, width: page.width, height: page.height, maxPageBytes: budget) == 2)
        #expect(PageSizePolicy.magnification(zoom: 2.8, width: page.width, height: page.height, maxPageBytes: budget) == 3)
        // HiDPI (2 pixels a point): 4× would be 53 MB a page; capped to the sixteenth.
        let hi = PageSizePolicy.magnification(zoom: 4, width: 2 * page.width, height: 2 * page.height, maxPageBytes: budget)
        #expect(hi < 4 && hi > 2)
        #expect(4 * (2 * page.width * hi) * (2 * page.height * hi) <= Double(budget) + 1)
        // Never below the unzoomed size, however small the budget.
        #expect(PageSizePolicy.magnification(zoom: 4, width: 4000, height: 6000, maxPageBytes: 1 << 20) == 1)
    }

    /// A column's page is made at exactly the size it is drawn (below the book's page too)
    /// while that fits in the bytes allowed; past them it is made as a zoomed page is.
    @Test func aColumnsPageIsMadeAtItsDrawnSizeWhenItFits() {
        let page = (width: 362.0, height: 568.0)
        let exact = Renderer.softwareCacheBytes / 12
        // 1280×800's column: 1252 px wide, 8.9 MB.
        #expect(PageSizePolicy.magnification(zoom: 3.4586, width: page.width, height: page.height, maxPageBytes: exact / 2,
                                             exactBytes: exact) == 3.4586)
        #expect(PageSizePolicy.magnification(zoom: 0.8, width: page.width, height: page.height, maxPageBytes: exact / 2,
                                             exactBytes: exact) == 0.8)
        // 1920×1080's: 1882 px wide, 20 MB; made a quarter step within the zoomed page's bytes.
        let wide = PageSizePolicy.magnification(zoom: 5.2, width: page.width, height: page.height, maxPageBytes: exact / 2, exactBytes: exact)
        #expect(wide == PageSizePolicy.magnification(zoom: 5.2, width: page.width, height: page.height, maxPageBytes: exact / 2))
        #expect(wide < 5.2)
    }

    /// A size taken exactly is taken however little it changes; otherwise small changes keep
    /// the textures made.
    @Test func anExactSizeIsTakenHoweverSmallTheChange() {
        var policy = PageSizePolicy(maxTextureSide: 8192)
        let first = policy.adopt(width: 1000, height: 1400, cornerRadius: 8)
        let small = policy.adopt(width: 1010, height: 1414, cornerRadius: 8)
        let exact = policy.adopt(width: 1010, height: 1414, cornerRadius: 8, exact: true)
        #expect(first && !small && exact)
        #expect(policy.shape.width == 1010 && policy.shape.height == 1414)
    }
}
