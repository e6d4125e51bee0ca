import CSDL2
import FolioTestFixtures
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSDL

/// Textures made once and filled again: a texture that goes is a spare for the next upload
/// of its size, a page no longer wanted gives its texture to a page of its size, and a large
/// page is made a band a frame (at once when it is on screen and the view is still).
@Suite(.serialized)
struct TextureReuseTests {
    /// A page-like `width` × `height`, filled with one colour.
    static func surface(_ width: Int32, _ height: Int32, red: UInt8) throws -> PagePixels {
        let page = try #require(PagePixels(width: width, height: height))
        page.fill(x: 0, y: 0, w: Int(width), h: Int(height), r: red, g: 40, b: 60, a: 255)
        return page
    }

    static func key(_ page: Int) -> TextureStore.Key {
        .image(.documentPage(document: "/books/a.pdf", page: page), .alone)
    }

    static func canvas() throws -> HeadlessCanvas {
        try HeadlessCanvas(library: RendererTests.library, decoder: TestDecoding.workers, width: 64, height: 64)
    }

    /// A store of `budget` bytes on `canvas`'s renderer holding page 1, 120×180, drawn in an
    /// earlier frame.
    static func storeWithPage(on canvas: HeadlessCanvas, budget: Int, red: UInt8 = 1) throws -> (TextureStore, TextureStore.Entry) {
        let store = TextureStore(sdlRenderer: canvas.sdlRenderer, budget: budget)
        let page = try #require(store.insert(key(1), surface: surface(120, 180, red: red), width: 116, height: 176))
        return (store, page)
    }

    /// The red channel `texture` draws with at its centre.
    static func red(of texture: OpaquePointer, on canvas: HeadlessCanvas) -> UInt8 {
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        SDL_RenderCopy(canvas.sdlRenderer, texture, nil, nil)
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        return canvas.pixel(x: 32, y: 32).r
    }

    @Test func aTextureThatGoesIsFilledAgainByTheNextUploadOfItsSize() throws {
        let canvas = try Self.canvas()
        let (store, first) = try Self.storeWithPage(on: canvas, budget: 64 << 20, red: 200)
        defer { store.purge() }
        store.beginFrame()
        #expect(store.remove { key, _ in key == Self.key(1) } == 1)
        #expect(store.spareByteCount == 120 * 180 * 4, "the texture is kept aside")
        // Another size is made anew; the same size fills the spare with its own pixels.
        let other = try #require(store.insert(Self.key(2), surface: Self.surface(100, 180, red: 90), width: 96, height: 176))
        #expect(other.texture != first.texture)
        let second = try #require(store.insert(Self.key(3), surface: Self.surface(120, 180, red: 30), width: 116, height: 176))
        #expect(second.texture == first.texture)
        #expect(store.reuseCount == 1 && store.madeCount == 2)
        #expect(store.spareByteCount == 0)
        #expect(Self.red(of: second.texture, on: canvas) == 30, "the spare shows the new page, not the old one")
    }

    @Test func sparesStayWithinAnEighthOfTheBudget() throws {
        let canvas = try Self.canvas()
        let store = TextureStore(sdlRenderer: canvas.sdlRenderer, budget: 1 << 20)
        defer { store.purge() }
        for page in 0..<4 { _ = try store.insert(Self.key(page), surface: Self.surface(100, 100, red: 1), width: 96, height: 96) }
        store.beginFrame()
        #expect(store.remove { _, _ in true } == 4)
        #expect(store.spareByteCount <= store.spareBytes && store.spareByteCount > 0)
        // A texture larger than the spares may hold is not kept at all.
        _ = try store.insert(Self.key(9), surface: Self.surface(400, 400, red: 1), width: 396, height: 396)
        store.beginFrame()
        let spares = store.spareByteCount
        #expect(store.remove { key, _ in key == Self.key(9) } == 1)
        #expect(store.spareByteCount == spares)
    }

    @Test func aFullStoresPageNoLongerWantedGivesItsTextureToAPageOfItsSize() throws {
        let canvas = try Self.canvas()
        // Room for two pages: the third is made from a page no longer wanted.
        let (store, passed) = try Self.storeWithPage(on: canvas, budget: 2 * 120 * 180 * 4)
        defer { store.purge() }
        let kept = try #require(store.insert(Self.key(2), surface: Self.surface(120, 180, red: 1), width: 116, height: 176))
        store.beginFrame()
        // Page 2 is drawn this frame: it is never taken, even when called unwanted.
        _ = store.use(Self.key(2))
        let next = try #require(store.insert(Self.key(3), surface: Self.surface(120, 180, red: 1), width: 116, height: 176,
                                             recyclable: { $0 == Self.key(1) || $0 == Self.key(2) }))
        #expect(next.texture == passed.texture)
        #expect(store.entry(Self.key(1)) == nil && store.entry(Self.key(2))?.texture == kept.texture)
        // Nothing unwanted is left: the next page's texture is made.
        let last = try #require(store.insert(Self.key(4), surface: Self.surface(120, 180, red: 1), width: 116, height: 176,
                                             recyclable: { $0 == Self.key(2) }))
        #expect(last.texture != kept.texture && store.madeCount == 3)
    }

    /// While the budget has room a new page's texture is made and the pages before it stay
    /// (a reader going back finds them).
    @Test func aStoreWithRoomKeepsThePagesNoLongerWanted() throws {
        let canvas = try Self.canvas()
        let (store, passed) = try Self.storeWithPage(on: canvas, budget: 64 << 20)
        defer { store.purge() }
        store.beginFrame()
        let next = try #require(store.insert(Self.key(2), surface: Self.surface(120, 180, red: 1), width: 116, height: 176,
                                             recyclable: { _ in true }))
        #expect(next.texture != passed.texture && store.entry(Self.key(1))?.texture == passed.texture)
        #expect(store.reuseCount == 0)
    }

    @Test func bandsCoverThePageEachWithinTheirBytes() {
        for (height, bytesPerRow) in [(2672, 7548), (1779, 5016), (10, 7548), (1, 4), (4000, 40000)] {
            let rows = TextureCache.bandRows(height: Int32(height), bytesPerRow: bytesPerRow)
            #expect(rows.first?.lowerBound == 0 && rows.last?.upperBound == Int32(height))
            #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound }, "\(rows)")
            #expect(rows.allSatisfy { $0.count * bytesPerRow <= TextureCache.bandBytes || $0.count == 1 })
            #expect(Set(rows.dropLast().map(\.count)).count <= 1, "equal bands but the last: \(rows)")
        }
        #expect(TextureCache.bandRows(height: 2672, bytesPerRow: 7548).count == 5)
        #expect(TextureCache.bandRows(height: 100, bytesPerRow: 400).count == 1)
    }

    /// A page decoded at 1100×1600 (about 7 MB, two bands) in the background, on its way in
    /// while the view moves: it is kept only once its last band is made, a frame later; the
    /// same page on screen with the view still is made whole in the frame it arrives.
    @Test func aLargePageIsMadeABandAFrameOrAtOnceOnAStillScreen() throws {
        let (library, dir) = try TextureCacheTests.library(pages: 2)
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 64, height: 64)
        for onStillScreen in [false, true] {
            let cache = TextureCache(sdlRenderer: canvas.sdlRenderer, mode: .background, budgetBytes: 128 << 20, decoder: TestDecoding.workers)
            defer { cache.close() }
            cache.setPageSize(width: 1100, height: 1600, cornerRadius: 12)
            let source = library.books[0].pages[1]!
            let wanted = [TextureCache.Wanted(source: source, side: .left)]
            let shown = onStillScreen ? 1 : 0
            try #require(waitUntil("the page's first band or the page") {
                cache.beginFrame(wanted: wanted, shown: shown, still: onStillScreen)
                return cache.banding != nil || cache.isReady(source, side: .left)
            })
            if onStillScreen {
                #expect(cache.isReady(source, side: .left) && cache.banding == nil)
                #expect(cache.store.entry(.image(source, .left))?.bands.count == 1, "made whole")
                continue
            }
            #expect(!cache.isReady(source, side: .left))
            #expect(cache.banding?.bands.count == 1 && cache.banding?.rows.count == 2)
            cache.beginFrame(wanted: wanted, shown: 0, still: false)
            let entry = try #require(cache.store.entry(.image(source, .left)))
            #expect(cache.banding == nil && entry.bands.count == 2 && entry.rows == 1600 + 2 * PageImage.margin)
            #expect(entry.bands[1].firstRow == entry.bands[0].size.height)
        }
    }

    /// A page no longer wanted while its bands are being made is given up, its bands kept
    /// as spares.
    @Test func aBandedPageNoLongerWantedIsGivenUp() throws {
        let (library, dir) = try TextureCacheTests.library(pages: 2)
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 64, height: 64)
        let cache = TextureCache(sdlRenderer: canvas.sdlRenderer, mode: .background, budgetBytes: 128 << 20, decoder: TestDecoding.workers)
        defer { cache.close() }
        cache.setPageSize(width: 1100, height: 1600, cornerRadius: 12)
        let source = library.books[0].pages[1]!
        try #require(waitUntil("the page's first band") {
            cache.beginFrame(wanted: [.init(source: source, side: .left)], shown: 0, still: false)
            return cache.banding != nil
        })
        cache.beginFrame(wanted: [], shown: 0, still: false)
        #expect(cache.banding == nil && cache.store.entry(.image(source, .left)) == nil)
        #expect(cache.store.spareByteCount > 0)
    }
}
