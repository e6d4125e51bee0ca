import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioSDL

/// The thumbnail strip's thumbnails come from the decoder at the thumbnail's size, never as
/// full pages: a page in the strip but not on screen has a thumbnail and no page texture.
@Suite(.serialized) struct ThumbnailPixelTests {
    @Test func thumbnailsAreDecodedAtTheirOwnSize() throws {
        let library = RendererTests.library
        try #require(library.books.count == 6 && library.books[0].pages.count == 11)
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 1280, height: 800)
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        var t = 0.0
        app.update(at: t)
        app.handle(.key(.return), at: t)
        ZoomRenderingTests.advance(app, from: &t, seconds: 1.5)
        app.handle(.key(.return), at: t)
        ZoomRenderingTests.advance(app, from: &t, seconds: 1.0)
        app.handle(.key(.t), at: t)
        let rgb = try canvas.settledFrame(app)

        let cache = canvas.renderer.textures
        let shape = cache.thumbnailShape
        let list = app.drawList()
        let thumb = try #require(list.overlays.first)
        #expect(shape.width == Int32(thumb.size.width.rounded()) && shape.height == Int32(thumb.size.height.rounded()))
        #expect(shape.height < 200, "a thumbnail, not a page: \(shape)")
        // Page 12 (the last) is in the strip, not on screen: held as a thumbnail only.
        let last = try #require(library.books[0].pages.last ?? nil)
        let held = try #require(cache.store.entry(.thumbnail(last)))
        #expect(held.fits(shape))
        #expect(cache.store.entry(.image(last, .left)) == nil && cache.store.entry(.image(last, .right)) == nil)

        // The cover's thumbnail shows the cover (Aurora's is violet), not a placeholder's paper.
        let geometry = app.stripGeometry(try #require(app.book))
        let frame = app.strip.frame(of: 1, in: geometry, mirrored: false)
        let i = (Int(frame.midY) * 1280 + Int(frame.midX)) * 3
        let (r, g, b) = (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
        #expect(b > g + 30 && r > g, "the cover's thumbnail is \((r, g, b))")
    }
}
