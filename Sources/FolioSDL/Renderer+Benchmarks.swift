import CSDL2
import FolioCore
import FolioDecoding
import FolioLibrary

/// What benchmarks and tests ask of the renderer: waiting for its background work, what
/// its textures hold, and decoding measured on this thread.
extension Renderer {
    /// Sleeps until the decoder has done what it does when idle (the covers' thumbnails it
    /// owes), or `timeout` seconds pass; false if the timeout came first (benchmarks, tests).
    @discardableResult
    public func waitForChores(timeout: Double) -> Bool { textures.worker?.waitForChores(timeout: timeout) ?? true }

    /// Sleeps until the back covers' colours asked for are found and a page texture can be
    /// made or none is on its way, or `timeout` seconds pass; false if the timeout came first.
    @discardableResult
    public func waitForTextures(timeout: Double) -> Bool {
        backCovers.waitForColours(timeout: timeout) && textures.waitForDecode(timeout: timeout)
    }

    /// Bytes of textures held (benchmarks).
    public var cacheBytes: Int { textures.byteCount }

    /// What the last `draw` spent on page textures before drawing (benchmarks).
    public var lastTextureWork: FrameTextureWork { textures.lastFrame }

    /// Decodes the first `count` images of book `book` in order on this thread, stopping
    /// early once `timeLimit` seconds have passed; pages per second (benchmarks).
    public func measureDecoding(book: Int, count: Int, pixelSize: (Int32, Int32), timeLimit: Double = .infinity) -> Double {
        guard library.books.indices.contains(book) else { return 0 }
        let shape = PageImage.Shape(width: pixelSize.0, height: pixelSize.1, radius: PageGeometry.cornerRadius, side: .right)
        let sources = library.books[book].pages.compactMap { $0 }.prefix(count)
        let start = SDL_GetPerformanceCounter()
        var done = 0
        for source in sources {
            if (try? PageImage.decode(source, decoder: textures.decoder, shape: shape)) != nil { done += 1 }
            if Double(SDL_GetPerformanceCounter() - start) / Double(SDL_GetPerformanceFrequency()) > timeLimit { break }
        }
        let seconds = Double(SDL_GetPerformanceCounter() - start) / Double(SDL_GetPerformanceFrequency())
        return seconds > 0 ? Double(done) / seconds : 0
    }
}
