import FolioTestFixtures
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
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
        let cache = TextureCache(sdlRenderer: canvas.sdlRenderer, mode: mode, budgetBytes: budget, decoder: TestDecoding.workers, trimmer: trimmer)
        cache.setPageSize(width: 100, height: 150, cornerRadius: 6)
        return cache
    }

    @Test func aPlaceholderShowsUntilTheBackgroundDecodeSwapsIn() throws {
        let (library, dir) = try Self.library(pages: 4)
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 64, height: 64)
        let cache = makeCache(canvas, mode: .background, budget: 64 << 20)
        let source = library.books[0].pages[0]!
        cache.beginFrame(wanted: [.init(source: source, side: .left)])
        let first = cache.texture(for: source, side: .left, number: 1)
        #expect(first != nil)
        #expect(!cache.isReady(source, side: .left))
        // Within a few frames the decoded page replaces the placeholder.
        try #require(waitUntil("the decoded page to replace the placeholder") {
            cache.beginFrame(wanted: [.init(source: source, side: .left)])
            return cache.isReady(source, side: .left)
        })
        let second = cache.texture(for: source, side: .left, number: 1)
        #expect(second?.texture != first?.texture)
    }

    /// When the page size doubles, the page already showing keeps its texture (drawn scaled,
    /// no placeholder is made) until the redo at the new size replaces it.
    @Test func aResizedPageKeepsItsOldTextureUntilItsRedoArrives() throws {
        let (library, dir) = try Self.library(pages: 1)
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 64, height: 64)
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
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 64, height: 64)
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
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 64, height: 64)
        let pageBytes = (100 + 4) * (150 + 4) * 4
        let cache = makeCache(canvas, mode: .synchronous, budget: pageBytes * 5)
        defer { cache.close() }
        let pages = library.books[0].pages
        var peak = 0
        for (i, page) in pages.enumerated() {
            cache.beginFrame(wanted: [])
            // Two pages on screen each frame, like a spread.
            _ = cache.texture(for: page, side: .right, number: i + 1)
            if i > 0 { _ = cache.texture(for: pages[i - 1], side: .left, number: i) }
            peak = max(peak, cache.byteCount)
        }
        cache.beginFrame(wanted: [])
        // Over budget only by what one frame needs; evicted down to the budget afterwards.
        #expect(peak <= pageBytes * 7)
        #expect(cache.byteCount <= pageBytes * 5)
        // The last spread drawn survived; the pages read first were evicted.
        #expect(cache.isReady(pages[29]!, side: .right) && cache.isReady(pages[28]!, side: .left))
        #expect(!cache.isReady(pages[0]!, side: .right) && !cache.isReady(pages[1]!, side: .right))
        // A page evicted comes back when it is drawn again, and the budget still holds.
        #expect(cache.texture(for: pages[0]!, side: .right, number: 1)?.width == 100)
        #expect(cache.isReady(pages[0]!, side: .right))
        cache.beginFrame(wanted: [])
        #expect(cache.byteCount <= pageBytes * 5)
    }

    /// What eviction frees goes back to the system: a frame that evicts asks the trimmer, and
    /// none does while everything fits (the trim itself is checked in HeapTrimmerTests). The
    /// pages after the first five are made at another size, so no texture is filled again.
    @Test func evictingGivesTheFreedHeapBack() throws {
        let (library, dir) = try Self.library(pages: 8)
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 64, height: 64)
        let pageBytes = (100 + 4) * (150 + 4) * 4
        let trimmed = HeapTrimmerTests.Flag()
        let cache = makeCache(canvas, mode: .synchronous, budget: pageBytes * 5,
                              trimmer: HeapTrimmer(interval: 0, clock: { 0 }, trim: { trimmed.set() }))
        defer { cache.close() }
        let pages = library.books[0].pages
        for i in 0..<5 {
            cache.beginFrame(wanted: [])
            _ = cache.texture(for: pages[i]!, side: .right, number: i + 1)
        }
        cache.beginFrame(wanted: [])
        cache.trimmer.flush()
        #expect(!trimmed.isSet, "a trim with nothing evicted")
        cache.setPageSize(width: 200, height: 300, cornerRadius: 12)
        for i in 5..<8 {
            cache.beginFrame(wanted: [])
            _ = cache.texture(for: pages[i]!, side: .right, number: i + 1)
        }
        cache.beginFrame(wanted: [])
        #expect(!cache.isReady(pages[0]!, side: .right), "nothing was evicted")
        cache.trimmer.flush()
        #expect(trimmed.isSet, "pages were evicted and their memory was not given back")
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
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 64, height: 64)
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

@Suite(.serialized) struct HeapTrimmerTests {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    /// Set once something happened, from any thread.
    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }

    /// What a trim is for: heap memory freed in the middle of the heap stays resident until
    /// the trimmer hands it back. 50 MB in blocks below glibc's 128 KB mmap threshold, every
    /// other one freed: each freed block lies between two still in use, as an evicted texture
    /// lies between the ones kept, so none of it joins the heap's top and goes back on its own.
    /// (glibc's malloc_trim governs glibc's heap only: under ThreadSanitizer, whose own
    /// allocator takes every malloc, there is nothing for it to give back.)
    static let glibcHeap = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") == nil

    @Test(.enabled(if: glibcHeap, "glibc's heap only: ThreadSanitizer's allocator is not trimmed by malloc_trim"))
    func aTrimGivesFreedHeapMemoryBackFromGlibcsHeap() {
        let size = 64 << 10
        let blocks = (0..<1600).map { _ in malloc(size)! }
        for block in blocks { memset(block, 1, size) }
        defer { blocks.indices.filter { $0 % 2 == 0 }.forEach { free(blocks[$0]) } }
        blocks.indices.filter { $0 % 2 == 1 }.forEach { free(blocks[$0]) }
        let freed = ProcessMemory.rollup().written
        let trimmer = HeapTrimmer()
        trimmer.freed()
        trimmer.flush()
        let trimmed = ProcessMemory.rollup().written
        #expect(freed - trimmed > 30, "\(freed) MB written before the trim, \(trimmed) MB after")
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
