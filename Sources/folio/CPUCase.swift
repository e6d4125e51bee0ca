import ArgumentParser
import FolioCore
import FolioSDL
import Foundation

/// CPU cost of one frame: advance the app, build its draw list and every layer's mesh.
enum CPUCase: String, CaseIterable {
    case shelf_rest, shelf_moving, book12_rest, book12_turning, book1000_rest, book1000_turning

    func measure(frames: Int) -> Double {
        let size = Size(width: 1280, height: 800)
        let pages = rawValue.hasPrefix("book1000") ? 1000 : 12
        let app = FolioApp(library: .synthetic(books: 20, pages: pages), size: size)
        var t = 0.0
        let dt = 1.0 / 60
        func step() { t += dt; app.update(at: t) }
        app.update(at: 0)
        if rawValue.hasPrefix("book") {
            app.handle(.key(.return), at: t)
            for _ in 0..<90 { step() }
            if pages == 1000 {
                // Somewhere in the middle of the long book.
                for _ in 0..<250 { app.handle(.key(.end), at: t); step() }
                app.handle(.key(.home), at: t)
                for _ in 0..<10 { app.handle(.key(.right), at: t); step() }
            }
        }
        let moving = rawValue.hasSuffix("moving") || rawValue.hasSuffix("turning")
        var mesh = QuadMesh()
        var samples: [Double] = []
        samples.reserveCapacity(frames)
        var forward = true
        for i in 0..<frames {
            if moving, i % 20 == 0 {
                // Keep something moving: a key every third of a second, back and forth.
                if rawValue.hasPrefix("shelf") {
                    forward.toggle()
                    app.handle(.key(forward ? .right : .left), at: t)
                } else {
                    app.handle(.key(i % 40 == 0 ? .right : .left), at: t)
                }
            }
            let start = seconds()
            step()
            let list = app.drawList()
            mesh.removeAll()
            for layer in list.layers { mesh.append(layer, pixelScale: 1, bleed: 1) }
            samples.append((seconds() - start) * 1e6)
        }
        return median(samples)
    }
}

/// Render time of a 1280×800 frame with the offscreen OpenGL renderer, synchronised by a
/// read-back: the shelf, a 12-page book open, and the same visible pages drawn flat.
func measureRender(library: Library, frames: Int) throws -> [(String, JSONValue)] {
    let size = Size(width: 1280, height: 800)
    let canvas = try HeadlessCanvas(library: library, width: 1280, height: 800)
    let app = FolioApp(library: library, size: size)
    var t = 0.0
    app.update(at: t)
    func time(_ draw: () throws -> Void) rethrows -> Double {
        for _ in 0..<5 { try draw(); canvas.finish() }
        var samples: [Double] = []
        for _ in 0..<frames {
            let start = seconds()
            try draw()
            canvas.finish()
            samples.append((seconds() - start) * 1000)
        }
        return median(samples)
    }
    let shelf = try time { try canvas.draw(app) }
    // Open the first book with twelve pages.
    if let twelve = library.books.firstIndex(where: { $0.displayPageCount == 12 }) ?? library.books.indices.first {
        for _ in 0..<twelve { app.handle(.key(.right), at: t) }
        for _ in 0..<120 { t += 1.0 / 60; app.update(at: t) }
        app.handle(.key(.return), at: t)
        for _ in 0..<90 { t += 1.0 / 60; app.update(at: t) }
    }
    let book = try time { try canvas.draw(app) }
    let list = app.drawList()
    let flat = time { canvas.renderer.drawFlat(list) }
    return [("shelf", .number(shelf)), ("book12_open", .number(book)), ("flat_blit", .number(flat))]
}
