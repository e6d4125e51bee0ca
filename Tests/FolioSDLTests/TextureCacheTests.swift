import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioSDL

/// The page cache: placeholders that swap in, a byte budget, failures marked on the page.
@Suite(.serialized)
struct TextureCacheTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/Books/aurora/page-01.jpg")

    /// A folder book of `count` pages (copies of a bundled page).
    static func library(pages count: Int) throws -> (Library, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-cache-\(UUID().uuidString)/Book")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for i in 0...count {
            let name = i == 0 ? "cover.jpg" : String(format: "page%03d.jpg", i)
            try FileManager.default.copyItem(at: page, to: dir.appendingPathComponent(name))
        }
        return (try LibraryLoader.load(dir.path).library, dir.deletingLastPathComponent())
    }

    func makeCache(_ canvas: HeadlessCanvas, mode: TextureCache.Mode, budget: Int, trimmer: HeapTrimmer = HeapTrimmer()) -> TextureCache {
        let cache = TextureCache(sdlRenderer: canvas.sdlRenderer, mode: mode, budgetBytes: budget, trimmer: trimmer)
        cache.setPageSize(width: 100, height: 150, cornerRadius: 6)
        return cache
    }

    @Test func aPlaceholderShowsUntilTheBackgroundDecodeSwapsIn() throws {
        let (library, dir) = try Self.library(pages: 4)
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(library: library, width: 64, height: 64)
        let cache = makeCache(canvas, mode: .background, budget: 64 << 20)
        let source = library.books[0].pages[0]!
        cache.beginFrame(wanted: [.init(source: source, side: .left)])
        let first = cache.texture(for: source, side: .left, number: 1)
        #expect(first != nil)
        #expect(!cache.isReady(source, side: .left))
        // Within a few frames the decoded page replaces the placeholder.
        let deadline = Date().addingTimeInterval(10)
        while !cache.isReady(source, side: .left) && Date() < deadline {
            usleep(5000)
            cache.beginFrame(wanted: [.init(source: source, side: .left)])
        }
        #expect(cache.isReady(source, side: .left))
        let second = cache.texture(for: source, side: .left, number: 1)
        #expect(second?.texture != first?.texture)
    }

    /// When the page size doubles, the page already showing keeps its texture (drawn scaled,
    /// no placeholder is made) until the redo at the new size replaces it.
    @Test func aResizedPageKeepsItsOldTextureUntilItsRedoArrives() throws {
        let (library, dir) = try Self.library(pages: 1)
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(library: library, width: 64, height: 64)
        let cache = makeCache(canvas, mode: .background, budget: 64 << 20)
        defer { cache.close() }
        let worker = try #require(cache.worker)
        let source = library.books[0].pages[0]!
        for _ in 0..<10 where !cache.isReady(source, side: .left) {
            cache.beginFrame(wanted: [.init(source: source, side: .left)])
            worker.waitUntilIdle(timeout: 10)
        }
        let before = try #require(cache.texture(for: source, side: .left, number: 1))
        #expect(before.width == 100)
        let count = cache.count

        cache.setPageSize(width: 200, height: 300, cornerRadius: 12)
        cache.beginFrame(wanted: [.init(source: source, side: .left)])
        #expect(!cache.isReady(source, side: .left))
        let during = cache.texture(for: source, side: .left, number: 1)
        #expect(during?.texture == before.texture)
        #expect(during?.width == 100)
        #expect(cache.count == count, "a placeholder was made")

        for _ in 0..<10 where !cache.isReady(source, side: .left) {
            worker.waitUntilIdle(timeout: 10)
            cache.beginFrame(wanted: [.init(source: source, side: .left)])
        }
        #expect(cache.texture(for: source, side: .left, number: 1)?.width == 200)
        // The redo replaced the old texture rather than joining it.
        #expect(cache.count == count)
    }

    /// Decoding synchronously (recording), a resize redoes a page the first time it is drawn:
    /// no frame shows a texture made for another size.
    @Test func synchronousDecodingRedoesAResizedPageAtOnce() throws {
        let (library, dir) = try Self.library(pages: 1)
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(library: library, width: 64, height: 64)
        let cache = makeCache(canvas, mode: .synchronous, budget: 64 << 20)
        defer { cache.close() }
        let source = library.books[0].pages[0]!
        cache.beginFrame(wanted: [])
        #expect(cache.texture(for: source, side: .right, number: 1)?.width == 100)
        cache.setPageSize(width: 200, height: 300, cornerRadius: 12)
        cache.beginFrame(wanted: [])
        #expect(cache.texture(for: source, side: .right, number: 1)?.width == 200)
        #expect(cache.count == 1)
    }

    @Test func theCacheStaysWithinItsBudget() throws {
        let (library, dir) = try Self.library(pages: 30)
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(library: library, width: 64, height: 64)
        let pageBytes = (100 + 4) * (150 + 4) * 4
        let trims = HeapTrimmerTests.Counter()
        let cache = makeCache(canvas, mode: .synchronous, budget: pageBytes * 5,
                              trimmer: HeapTrimmer(interval: 0, clock: { 0 }, trim: { trims.add() }))
        var peak = 0, evictingFrames = 0
        for (i, page) in library.books[0].pages.enumerated() {
            cache.beginFrame(wanted: [])
            if cache.lastFrame.evictions > 0 { evictingFrames += 1 }
            // Each frame's trim done before the next frame asks: the trimmer keeps only the
            // latest request waiting, so two asked back to back could count as one.
            cache.trimmer.flush()
            // Two pages on screen each frame, like a spread.
            _ = cache.texture(for: page, side: .right, number: i + 1)
            if i > 0 { _ = cache.texture(for: library.books[0].pages[i - 1], side: .left, number: i) }
            peak = max(peak, cache.byteCount)
        }
        cache.beginFrame(wanted: [])
        if cache.lastFrame.evictions > 0 { evictingFrames += 1 }
        // Over budget only by what one frame needs; evicted down to the budget afterwards.
        #expect(peak <= pageBytes * 7)
        #expect(cache.byteCount <= pageBytes * 5)
        // The most recent pages survived; the first was evicted.
        #expect(cache.isReady(library.books[0].pages[29]!, side: .right))
        #expect(!cache.isReady(library.books[0].pages[0]!, side: .right))
        // Each frame that evicted asked for the freed heap to go back (none did before the
        // budget was reached).
        cache.trimmer.flush()
        #expect(trims.count == evictingFrames)
        #expect(trims.count >= 20)
    }

    /// (The one warning per broken file is checked end to end, on stderr, in LibraryCommandTests.)
    @Test func brokenImagesBecomePlaceholdersKeyedByTheirReason() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let corrupt = dir.appendingPathComponent("corrupt.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3, 4, 5]).write(to: corrupt)
        let huge = dir.appendingPathComponent("huge.png")
        var header = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        header.append(contentsOf: Array("IHDR".utf8) + [0, 0, 0x4E, 0x20, 0, 0, 0, 10, 8, 6, 0, 0, 0])
        try header.write(to: huge)
        let library = Library(books: [])
        let canvas = try HeadlessCanvas(library: library, width: 64, height: 64)
        let cache = makeCache(canvas, mode: .synchronous, budget: 64 << 20)
        for source in [ImageSource.file(corrupt.path), .file(huge.path), .file(dir.appendingPathComponent("gone.png").path)] {
            let entry = cache.texture(for: source, side: .right, number: 3)
            #expect(entry != nil)
            #expect(!cache.isReady(source, side: .right))
        }
        // The placeholders are keyed by their reason.
        #expect(cache.count == 3)
    }
}

@Suite struct HeapTrimmerTests {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    @Test func trimsAtMostOnceAnInterval() {
        let trims = Counter()
        var now = 10.0
        let trimmer = HeapTrimmer(interval: 0.5, clock: { now }, trim: { trims.add() })
        trimmer.freed()
        trimmer.flush()
        #expect(trims.count == 1)
        for t in [10.1, 10.2, 10.49] {
            now = t
            trimmer.freed()
        }
        trimmer.flush()
        #expect(trims.count == 1)
        now = 10.5
        trimmer.freed()
        trimmer.flush()
        #expect(trims.count == 2)
    }
}
