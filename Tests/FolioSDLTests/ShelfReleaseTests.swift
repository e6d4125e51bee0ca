import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSDL
import FolioTestFixtures

/// Back on the shelf and still, a closed book's page textures go and the covers stay: the
/// shelf holds what it shows, not every page read; a still book holds the pages around it.
@Suite(.serialized)
struct ShelfReleaseTests {
    @Test func aClosedBooksPagesGoOnceTheShelfRests() throws {
        let library = RendererTests.library
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 1280, height: 800)
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        let frames = Frames(app: app, canvas: canvas)
        var t: Double { frames.t }
        func run(_ seconds: Double) throws { try frames.run(seconds) }
        try run(0.5)
        let covers = Set(library.books.compactMap(\.cover))
        let pages = Set(library.books[0].pages.compactMap { $0 }).subtracting(covers)
        try #require(!pages.isEmpty)
        func held(_ sources: Set<ImageSource>) -> Int {
            sources.filter { canvas.renderer.textures.store.entry(.image($0, .left)) != nil || canvas.renderer.textures.store.entry(.image($0, .right)) != nil }.count
        }
        let coversOnShelf = held(covers)
        #expect(coversOnShelf > 0)
        #expect(held(pages) == 0)
        app.handle(.key(.return), at: t)
        try run(1.5)
        for _ in 0..<3 { app.handle(.key(.right), at: t); try run(0.6) }
        // The book's pages are held while it is open.
        #expect(held(pages) >= 4)
        app.handle(.key(.escape), at: t)
        try run(0.4)
        // Still closing: nothing goes yet.
        #expect(app.book != nil && held(pages) >= 4)
        try run(1.5)
        #expect(app.book == nil && app.isAtRest)
        #expect(held(pages) == 0)
        #expect(held(covers) >= coversOnShelf)
    }

    /// Still after a riffle, a book holds what it shows and the pages around it: the pages the
    /// riffle passed go (a reader that keeps a few pages, not every page seen), and come back
    /// when wanted again.
    @Test func aStillBookHoldsOnlyThePagesAroundIt() throws {
        let url = try DocumentPageTests.write(PDFFixture.document(pages: 40, title: "Forty"), "forty.pdf")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let library = try LibraryLoader.load(url.path, documents: TestDecoding.workers).library
        // Decoded in the background as in the viewer: the pages around the one shown too.
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 1280, height: 800, backgroundDecoding: true)
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        let frames = Frames(app: app, canvas: canvas)
        let textures = canvas.renderer.textures, store = textures.store
        let pages = library.books[0].pages
        /// The book's pages held, at their size or small.
        func held() -> Set<Int> {
            Set(pages.indices.filter { i in
                guard let source = pages[i] else { return false }
                return [PageSide.left, .right].contains { store.entry(.image(source, $0)) != nil || store.entry(.small(source, $0)) != nil }
            })
        }
        /// Draws until the app is still and every page it wants is decoded, three frames in a
        /// row (coming to rest, the book in 3D asks for its fan), for at most ten seconds.
        func settle() throws {
            let deadline = Date().addingTimeInterval(10)
            var settled = 0
            while settled < 3 && Date() < deadline {
                try frames.run(1.0 / 60)
                textures.waitForDecode(timeout: 0.05)
                settled = app.isAtRest && textures.isSettled ? settled + 1 : 0
            }
        }
        try frames.run(0.5)
        app.open(book: 0, atPage: 1, at: frames.t)
        try settle()
        let atTheCover = held()
        try #require(!atTheCover.isEmpty && atTheCover.max()! < pages.count / 2, "\(atTheCover.sorted())")
        app.handle(.key(.end), at: frames.t)
        try settle()
        let atTheEnd = held()
        #expect(app.isAtRest && textures.isSettled && atTheEnd.contains(pages.count - 1), "\(atTheEnd.sorted())")
        #expect(atTheEnd.isDisjoint(with: atTheCover), "the pages at the cover went: \(atTheEnd.sorted())")
        #expect(atTheEnd.count <= atTheCover.count + 2, "the riffle's pages went: \(atTheEnd.sorted())")
        app.handle(.key(.home), at: frames.t)
        try settle()
        #expect(held() == atTheCover, "the cover's pages come back")
    }

    /// A book's two decoder workers: both ready while it opens and moves, one (a fresh one)
    /// kept once it has been still a while, none once it has closed and the shelf has been
    /// still a while, two again when the next book opens.
    @Test func theSecondWorkerGoesWithTheBookAndComesBackWithTheNext() throws {
        let library = RendererTests.library
        let decoder = try DecoderSandbox(executable: DecoderSandboxTests.worker)
        let canvas = try HeadlessCanvas(library: library, decoder: decoder, width: 1280, height: 800, backgroundDecoding: true)
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        let frames = Frames(app: app, canvas: canvas)
        var t: Double { frames.t }
        func run(_ seconds: Double) throws { try frames.run(seconds) }
        /// Draws until `done` holds, waiting on the decodes, for at most ten seconds.
        func run(until done: () -> Bool) throws {
            let deadline = Date().addingTimeInterval(10)
            while !done() && Date() < deadline {
                try run(1.0 / 60)
                canvas.renderer.textures.waitForDecode(timeout: 0.05)
            }
        }
        try run(0.5)
        app.handle(.key(.return), at: t)
        try run { app.book != nil && decoder.runningWorkers == DecoderSandbox.maxWorkers }
        #expect(app.book != nil && decoder.runningWorkers == DecoderSandbox.maxWorkers, "a book opening has both")
        try run { app.isAtRest && canvas.renderer.textures.isSettled }
        let still = t
        #expect(decoder.runningWorkers == DecoderSandbox.maxWorkers, "a book just come to rest keeps both")
        let decoded = Set(DecoderSandboxTests.childWorkers())
        try run { decoder.runningWorkers == 1 && !decoded.isSuperset(of: DecoderSandboxTests.childWorkers()) }
        #expect(app.book != nil && decoder.runningWorkers == 1, "a book still for a while keeps one")
        #expect(t - still >= Renderer.stillBeforeRest - 0.5)
        // (Other suites' decoders may have workers of their own: only what changed counts.)
        let now = Set(DecoderSandboxTests.childWorkers())
        #expect(decoded.subtracting(now).count == DecoderSandbox.maxWorkers && now.subtracting(decoded).count == 1,
                "the one kept is fresh, not one that decoded")
        app.handle(.key(.right), at: t)
        try run { decoder.runningWorkers == DecoderSandbox.maxWorkers }
        #expect(!app.isAtRest && decoder.runningWorkers == DecoderSandbox.maxWorkers, "a turn has both again")
        app.handle(.key(.escape), at: t)
        try run { app.book == nil && app.isAtRest && canvas.renderer.textures.isSettled && decoder.runningWorkers == 0 }
        #expect(decoder.runningWorkers == 0, "the shelf still for a while keeps none")
        app.handle(.key(.return), at: t)
        try run { app.book != nil && decoder.runningWorkers == DecoderSandbox.maxWorkers }
        #expect(app.book != nil && decoder.runningWorkers == DecoderSandbox.maxWorkers, "the next book has both again")
    }
}

/// An app drawn at 60 frames a second on a canvas, its clock advanced a frame at a time.
final class Frames {
    let app: FolioApp
    let canvas: HeadlessCanvas
    private(set) var t = 0.0

    init(app: FolioApp, canvas: HeadlessCanvas) {
        self.app = app
        self.canvas = canvas
    }

    func run(_ seconds: Double) throws {
        for _ in 0..<Int((seconds * 60).rounded()) {
            t += 1.0 / 60
            app.update(at: t)
            try canvas.draw(app)
        }
    }
}
