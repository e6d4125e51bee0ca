import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSDL

/// Back on the shelf and still, a closed book's page textures go and the covers stay: the
/// shelf holds what it shows, not every page read (issue 38's lean shelf).
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

    /// A book's two decoder workers: both ready while it is open, one kept once it has closed
    /// and the shelf rests, two again when the next book opens.
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
        try run { app.book != nil && app.isAtRest && decoder.runningWorkers == DecoderSandbox.maxWorkers }
        #expect(app.book != nil && decoder.runningWorkers == DecoderSandbox.maxWorkers, "a book open has both")
        app.handle(.key(.escape), at: t)
        try run { app.book == nil && app.isAtRest && canvas.renderer.textures.isSettled && decoder.runningWorkers == 1 }
        #expect(decoder.runningWorkers == 1, "the shelf at rest keeps one")
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
