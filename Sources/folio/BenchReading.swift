import FolioCore
import FolioSDL
import Foundation

/// Render time of the reading view with the offscreen OpenGL renderer, synchronised by a
/// read-back, at 1280×800 and 1920×1080: the 12-page book laid flat at rest, and mid-turn
/// (a leaf half way over, posed once and drawn again each frame). Pages are decoded before
/// timing starts, so the figure is drawing alone.
func measureReading(library: Library, frames: Int) throws -> [(String, JSONValue)] {
    var out: [(String, JSONValue)] = []
    for (width, height) in [(1280, 800), (1920, 1080)] {
        let canvas = try HeadlessCanvas(library: library, width: width, height: height)
        let app = FolioApp(library: library, size: Size(width: Double(width), height: Double(height)))
        var t = 0.0
        app.update(at: t)
        openTwelvePageBook(app, library: library, at: &t)
        app.handle(.key(.return), at: t)
        for _ in 0..<45 { t += 1.0 / 60; app.update(at: t) }
        /// Median ms of drawing the frame as it is now, textures made first.
        func time() throws -> Double {
            for _ in 0..<40 {
                try canvas.draw(app)
                canvas.finish()
                if canvas.renderer.texturesSettled { break }
                _ = canvas.renderer.waitForTextures(timeout: 0.5)
            }
            var samples: [Double] = []
            for _ in 0..<frames {
                let start = seconds()
                try canvas.draw(app)
                canvas.finish()
                samples.append((seconds() - start) * 1000)
            }
            return median(samples)
        }
        let rest = try time()
        app.handle(.key(.right), at: t)
        // Half way through the turn: the leaf stands on the spine, seen steeply.
        while let book = app.book, book.offset < book.layout.size.width * 0.4 { t += 1.0 / 240; app.update(at: t) }
        let turning = try time()
        out += [("reading_\(width)x\(height)_rest", .number(rest)), ("reading_\(width)x\(height)_turning", .number(turning))]
    }
    return out
}
