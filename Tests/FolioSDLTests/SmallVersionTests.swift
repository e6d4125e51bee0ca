import FolioTestFixtures
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSDL

/// A page not decoded at its drawn size yet shows its small version, scaled up, and sharpens
/// in place when the page itself arrives; a small version never takes a page's place.
@Suite(.serialized) struct SmallVersionTests {
    /// A folder book of a cover and four 600×900 pages, each red above its middle and blue
    /// below (nothing like a placeholder's paper).
    static func redAndBlueBook() throws -> (URL, Library) {
        let dir = try HeadlessCanvas.temporaryFolder("small-version")
        var rgb: [UInt8] = []
        rgb.reserveCapacity(600 * 900 * 3)
        for y in 0..<900 { for _ in 0..<600 { rgb += y < 450 ? [220, 30, 30] : [30, 30, 220] } }
        for name in ["cover.png", "p1.png", "p2.png", "p3.png", "p4.png"] {
            try HeadlessCanvas.writePNG(rgb, width: 600, height: 900, to: dir.appendingPathComponent(name).path)
        }
        return (dir, try LibraryLoader.load(dir.path).library)
    }

    /// What a frame shows of display page `page` down its middle: red above, blue below, and
    /// how many pixels of the column across the red–blue edge are neither (the edge's blur).
    struct Column {
        var red: Bool
        var blue: Bool
        var blurred: Int
    }

    static func column(_ rgb: [UInt8], _ app: FolioApp, page: Int) throws -> Column {
        let top = try SpreadPixelTests.colour(rgb, app, page: page, fx: 0.5, fy: 0.25)
        let bottom = try SpreadPixelTests.colour(rgb, app, page: page, fx: 0.5, fy: 0.75)
        let layer = try #require(app.drawList().layers.first { $0.content == .page(book: 0, page: page) })
        let edge = try #require(layer.project(x: layer.size.width / 2, y: layer.size.height / 2))
        var blurred = 0
        for y in (Int(edge.y) - 24)...(Int(edge.y) + 24) {
            let i = (y * 1280 + Int(edge.x)) * 3
            let (r, b) = (Int(rgb[i]), Int(rgb[i + 2]))
            if abs(r - b) < 100 { blurred += 1 }
        }
        return Column(red: top.r > top.b + 100, blue: bottom.b > bottom.r + 100, blurred: blurred)
    }

    @Test func aPageShowsItsSmallVersionUntilItsOwnArrives() throws {
        let (dir, library) = try Self.redAndBlueBook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 1280, height: 800, backgroundDecoding: true)
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        var t = 0.0
        app.update(at: t)
        app.handle(.key(.return), at: t)
        ZoomRenderingTests.advance(app, from: &t, seconds: 1.5)
        app.book?.settle(onLeaf: 0)
        ZoomRenderingTests.advance(app, from: &t, seconds: 0.1)
        let content = LayerContent.page(book: 0, page: 1)
        #expect(app.drawList().layers.contains { $0.content == content }, "page 1 is not on screen")
        let cache = canvas.renderer.textures
        let source = try #require(library.image(for: content))
        let side = canvas.renderer.side(of: content)
        let aspect = canvas.renderer.aspect(of: content)
        let worker = try #require(cache.worker)

        var rgb: [UInt8] = []
        try canvas.draw(app)
        canvas.readRGB(into: &rgb)
        // Nothing is decoded in the first frame: the placeholder's paper.
        let placeholder = try Self.column(rgb, app, page: 1)
        #expect(!placeholder.red && !placeholder.blue, "the first frame already shows the page")

        // Only page 1's small version decoded (what the first frame asked for is forgotten),
        // then a frame drawn: it asks for the page, which cannot arrive before the frame is.
        worker.clear()
        worker.waitUntilIdle()
        worker.setWanted([cache.smallJob(.init(source: source, side: side, aspect: aspect))])
        worker.waitUntilIdle()
        try canvas.draw(app)
        canvas.readRGB(into: &rgb)
        #expect(cache.store.entry(.small(source, side)) != nil && !cache.isReady(source, side: side, aspect: aspect))
        #expect(canvas.renderer.lastTextureWork.lowres > 0)
        let before = try Self.column(rgb, app, page: 1)

        var sharp: Column?
        for _ in 0..<60 {
            worker.waitUntilIdle()
            try canvas.draw(app)
            canvas.readRGB(into: &rgb)
            if cache.isReady(source, side: side, aspect: aspect) {
                sharp = try Self.column(rgb, app, page: 1)
                break
            }
        }
        let after = try #require(sharp, "page 1's own decode never arrived")
        #expect(before.red && before.blue, "the small version does not show the page: \(before)")
        #expect(after.red && after.blue, "the page does not show its image: \(after)")
        // Scaled up four times, the small version's edge is softer than the page's own.
        #expect(before.blurred >= after.blurred + 2, "small \(before.blurred) px, sharp \(after.blurred) px across the edge")
    }

    /// A small version decoded after its page is never uploaded: the page keeps its texture
    /// and no new small copy joins it in the budget.
    @Test func aSmallVersionNeverReplacesThePage() throws {
        let (dir, library) = try Self.redAndBlueBook()
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 64, height: 64)
        let cache = TextureCache(sdlRenderer: canvas.sdlRenderer, mode: .background, budgetBytes: 64 << 20, decoder: TestDecoding.workers)
        defer { cache.close() }
        cache.setPageSize(width: 100, height: 150, cornerRadius: 6)
        let worker = try #require(cache.worker)
        let source = try #require(library.books[0].pages[1])
        let want = TextureCache.Wanted(source: source, side: .left)
        try #require(waitUntil("the page to be decoded") {
            cache.beginFrame(wanted: [want])
            return cache.isReady(source, side: .left)
        })
        let page = try #require(cache.texture(for: source, side: .left, number: 1))
        // (The small version decoded before the page, if it arrived first, stays as it was.)
        let earlier = cache.store.entry(.small(source, .left))?.texture
        let bytes = cache.byteCount

        let shape = TextureCache.smallShape(of: PageImage.Shape(width: 100, height: 150, radius: 6, side: .left))
        worker.setWanted([DecodeWorker.Job(source: source, side: .left, shape: shape, small: true)])
        worker.waitUntilIdle()
        cache.beginFrame(wanted: [want])
        #expect(cache.lastFrame.uploads == 0, "the small version was uploaded")
        #expect(cache.store.entry(.small(source, .left))?.texture == earlier)
        #expect(cache.byteCount == bytes)
        #expect(cache.texture(for: source, side: .left, number: 1)?.texture == page.texture)
        #expect(cache.lastFrame.lowres == 0)
    }

    /// A background-decoding canvas on the red and blue book, and its pages 1 to 3 as wanted
    /// (the canvas holds the cache the jobs are asked of).
    static func canvasWantingThreePages() throws -> (URL, HeadlessCanvas, [TextureCache.Wanted]) {
        let (dir, library) = try redAndBlueBook()
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 1280, height: 800, backgroundDecoding: true)
        let wants = try (1...3).map { page in
            TextureCache.Wanted(source: try #require(library.image(for: .page(book: 0, page: page))), side: .right, aspect: PageGeometry.aspect)
        }
        return (dir, canvas, wants)
    }

    /// Small versions go ahead of pages at their size, but not of the pages said to be
    /// urgent (those a book arriving from `folio BOOK` will lie open at): those come first.
    @Test func urgentPagesAreMadeBeforeAnySmallVersion() throws {
        let (dir, canvas, wants) = try Self.canvasWantingThreePages()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cache = canvas.renderer.textures
        let plain = cache.jobs(for: wants)
        let plainSmalls = plain.prefix(3).filter { $0.small }.count, lastIsPage = plain.last.map { !$0.small } ?? false
        #expect(plainSmalls == 3 && lastIsPage, "small versions first, then the pages")
        let hurried = cache.jobs(for: wants, urgent: 1)
        #expect(!hurried[0].small && hurried[0].source == wants[0].source, "the urgent page at its size first")
        let hurriedSmalls = hurried.dropFirst().prefix(3).filter { $0.small }.count
        #expect(hurriedSmalls == 3, "then the small versions, as before")
        #expect(hurried.count == plain.count)
    }

    /// A page wanted small only (ahead of a flip) is given its small version, never a decode
    /// at its own size; the same page wanted in full still is.
    @Test func aPageWantedSmallOnlyIsNeverMadeWhole() throws {
        var (dir, canvas, wants) = try Self.canvasWantingThreePages()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cache = canvas.renderer.textures
        wants[2].smallOnly = true
        let jobs = cache.jobs(for: wants)
        #expect(jobs.filter { $0.source == wants[2].source }.map(\.small) == [true])
        #expect(jobs.filter { $0.source == wants[0].source }.map(\.small).sorted { !$0 && $1 } == [false, true])
        wants[2].smallOnly = false
        #expect(cache.jobs(for: wants).filter { $0.source == wants[2].source }.count == 2)
    }
}
