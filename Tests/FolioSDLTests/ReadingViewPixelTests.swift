import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioSDL

/// The reading view drawn on the offscreen driver: a ruled page lies flat, so its rules are
/// level across the page, where the 3D book slopes them.
@Suite(.serialized) struct ReadingViewPixelTests {
    /// A folder book of three ruled pages: white, a 4-pixel black rule every 60 pixels.
    static func ruledBook() throws -> (URL, Library) {
        let dir = try HeadlessCanvas.temporaryFolder("ruled")
        let (w, h) = (600, 900)
        var rgb = [UInt8](repeating: 255, count: w * h * 3)
        for y in 0..<h where y % 60 >= 28 && y % 60 < 32 {
            for x in 0..<w { for c in 0..<3 { rgb[(y * w + x) * 3 + c] = 0 } }
        }
        for i in 1...3 { try HeadlessCanvas.writePNG(rgb, width: Int32(w), height: Int32(h), to: dir.appendingPathComponent("p\(i).png").path) }
        return (dir, try LibraryLoader.load(dir.path).library)
    }

    /// The centre (sub-pixel) of the first whole dark rule below `top` in column `x` of `rgb`
    /// (a rule the window begins inside is passed over).
    static func rule(in rgb: [UInt8], width: Int, x: Int, from top: Int, to bottom: Int) -> Double? {
        func value(_ y: Int) -> Double {
            let i = (y * width + x) * 3
            return Double(Int(rgb[i]) + Int(rgb[i + 1]) + Int(rgb[i + 2])) / 3
        }
        // Darkness against the paper in this window (the 3D book shades its pages).
        let paper = max((top..<bottom).map(value).max() ?? 255, 1)
        var weight = 0.0, sum = 0.0, started = false, clear = false
        for y in top..<bottom {
            let darkness = 1 - value(y) / paper
            if darkness <= 0.05 { clear = true }
            guard clear else { continue }
            if darkness > 0.05 { started = true; weight += darkness; sum += darkness * Double(y) }
            else if started { break }
        }
        return weight > 0 ? sum / weight : nil
    }

    /// The slope of a rule across the right page, pixels: its centre near the spine against
    /// its centre near the outer edge.
    static func slope(flat: Bool) throws -> Double {
        let (dir, library) = try Self.ruledBook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 1280, height: 800)
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        var t = 0.0
        app.update(at: t)
        app.handle(.key(.return), at: t)
        for _ in 0..<80 { t += 1.0 / 60; app.update(at: t) }
        app.book?.settle(onLeaf: 0)
        if flat {
            app.handle(.key(.return), at: t)
            for _ in 0..<45 { t += 1.0 / 60; app.update(at: t) }
        }
        let rgb = try canvas.settledFrame(app)
        let page = try #require(app.drawList().layers.first { $0.content == .page(book: 0, page: 2) })
        let a = try #require(page.project(x: page.size.width * 0.15, y: page.size.height * 0.3))
        let b = try #require(page.project(x: page.size.width * 0.85, y: page.size.height * 0.3))
        let near = try #require(Self.rule(in: rgb, width: 1280, x: Int(a.x), from: Int(a.y) - 40, to: Int(a.y) + 40))
        // The same rule at the far column: the one nearest where the near one is, allowing for slope.
        let far = try #require(Self.rule(in: rgb, width: 1280, x: Int(b.x), from: Int(b.y) - 40 + Int((near - a.y).rounded()), to: Int(b.y) + 40))
        return far - near
    }

    /// Flat, a rule across the page drifts under half a pixel; in the 3D book it slopes by
    /// many (the page leans away in perspective).
    @Test func theReadingViewsRulesAreLevel() throws {
        let flat = try Self.slope(flat: true)
        #expect(abs(flat) < 0.5, "a rule slopes by \(flat) px in the reading view")
        let leaning = try Self.slope(flat: false)
        #expect(abs(leaning) > 3, "a rule slopes by only \(leaning) px in the 3D book")
    }

    /// The flat pages are made at the size they are drawn, HiDPI included: at one and at two
    /// pixels a point, at least one texel per screen pixel across the page (the 3D book's
    /// textures, drawn flat, would give about 0.77).
    @Test(arguments: [1.0, 2.0])
    func flatPagesAreSharpAtTheWindowsPixelSize(pixelScale: Double) throws {
        let canvas = try HeadlessCanvas(library: RendererTests.library, decoder: TestDecoding.workers, width: 1280, height: 800, pixelScale: pixelScale,
                                        cacheBytes: Renderer.defaultCacheBytes)
        var t = 0.0
        let app = ZoomRenderingTests.openBook(from: &t)
        _ = try canvas.settledFrame(app)
        let page = try ZoomRenderingTests.rightPage(app, canvas)
        let density = try ZoomRenderingTests.texelsPerPixel(page) / pixelScale
        #expect(density >= 1 && density < 1.5, "\(density) texels a pixel")
    }
}
