import FolioCore
import FolioLibrary
import FolioSDL
import Foundation

/// CPU cost of one frame: advance the app, build its draw list, find what is hidden and
/// build every layer's mesh.
///
/// A book is measured where it opens, at its first spread (one fan of leaves, on the right),
/// or ten leaves in (`inTheMiddle`), where both fans hold all the leaves they show. The
/// 12-page book has no such spread, so its length is compared where it opens
/// (`book1000_start` against `book12`), and 100, 1,000 and 10,000 pages ten leaves in.
public enum CPUCase: String, CaseIterable {
    case shelf_rest, shelf_moving, book12_rest, book12_turning, book1000_rest, book1000_turning
    case book1000_start_rest, book1000_start_turning
    case book100_middle_rest, book100_middle_turning, book10000_middle_rest, book10000_middle_turning

    /// Measured ten leaves into the book (`book1000` too, as it has been since it was added).
    var inTheMiddle: Bool {
        switch self {
        case .book1000_rest, .book1000_turning, .book100_middle_rest, .book100_middle_turning,
             .book10000_middle_rest, .book10000_middle_turning: return true
        default: return false
        }
    }

    /// The pages of each book of the synthetic library.
    var pages: Int { Int(rawValue.dropFirst(4).prefix { $0.isNumber }) ?? 12 }

    public func measure(frames: Int) -> Double {
        let size = Size(width: 1280, height: 800)
        let pages = self.pages
        let app = FolioApp(library: .synthetic(books: 20, pages: pages), size: size)
        var t = 0.0
        let dt = 1.0 / 60
        func step() { t += dt; app.update(at: t) }
        app.update(at: 0)
        if rawValue.hasPrefix("book") {
            app.handle(.key(.return), at: t)
            for _ in 0..<90 { step() }
            if inTheMiddle {
                for _ in 0..<250 { app.handle(.key(.end), at: t); step() }
                app.handle(.key(.home), at: t)
                for _ in 0..<10 { app.handle(.key(.right), at: t); step() }
            } else {
                // A book opens on its cover: its first spread is one turn on.
                app.handle(.key(.right), at: t)
                for _ in 0..<90 { step() }
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
            // What the renderer does: the parts under opaque pages are left out.
            let hidden = Occlusion.hidden(in: list.layers, inset: { _ in Renderer.opaqueInset(bleed: 1) })
            for (i, layer) in list.layers.enumerated() { mesh.append(layer, pixelScale: 1, bleed: 1, hidden: hidden[i]) }
            samples.append((seconds() - start) * 1e6)
        }
        return median(samples)
    }
}

extension Benchmarks {
    /// Render time of a 1280×800 frame with the offscreen OpenGL renderer, synchronised by a
    /// read-back: the shelf; a 12-page book open, as drawn (hidden parts culled, only edges
    /// blended), with each of those off, and drawn the way it was before both (whole and blended
    /// throughout); and the same visible pages drawn flat. The book's variants take turns frame
    /// by frame, so load on the machine weighs on each alike.
    public func measureRender(library: Library, frames: Int) throws -> [(String, JSONValue)] {
        let size = Size(width: 1280, height: 800)
        let canvas = try HeadlessCanvas(library: library, decoder: decoder, width: 1280, height: 800)
        let app = FolioApp(library: library, size: size)
        var t = 0.0
        app.update(at: t)
        /// Median ms of each variant, drawn in turn.
        func time(_ variants: [() throws -> Void]) throws -> [Double] {
            for draw in variants { for _ in 0..<5 { try draw(); canvas.finish() } }
            var samples = [[Double]](repeating: [], count: variants.count)
            for _ in 0..<frames {
                for (i, draw) in variants.enumerated() {
                    let start = seconds()
                    try draw()
                    canvas.finish()
                    samples[i].append((seconds() - start) * 1000)
                }
            }
            return samples.map(median)
        }
        let renderer = canvas.renderer
        func book(cull: Bool, blendEdgesOnly: Bool) -> () throws -> Void {
            {
                renderer.strategy = DrawingStrategy(hiddenParts: cull ? .cut : .ignored, blendsOnlyEdges: blendEdgesOnly)
                try canvas.draw(app)
            }
        }
        let shelf = try time([{ try canvas.draw(app) }])[0]
        openTwelvePageBook(app, library: library, at: &t)
        let list = app.drawList()
        let books = try time([book(cull: true, blendEdgesOnly: true), book(cull: false, blendEdgesOnly: true),
                              book(cull: true, blendEdgesOnly: false), book(cull: false, blendEdgesOnly: false),
                              { renderer.drawFlat(list) }])
        renderer.strategy = DrawingStrategy()
        return [("shelf", .number(shelf)), ("book12_open", .number(books[0])),
                ("book12_open_whole", .number(books[1])), ("book12_open_all_blended", .number(books[2])),
                ("book12_open_before", .number(books[3])), ("flat_blit", .number(books[4]))]
    }
}

extension Benchmarks {
    /// Pixels filled per pixel of a 1280×800 frame (the background counted where nothing covers
    /// it): the shelf and the open 12-page book, with hidden parts culled and drawn whole.
    public func measureOverdraw(library: Library) throws -> [(String, JSONValue)] {
        let size = Size(width: 1280, height: 800)
        let canvas = try HeadlessCanvas(library: library, decoder: decoder, width: 1280, height: 800)
        let app = FolioApp(library: library, size: size)
        var t = 0.0
        app.update(at: t)
        func overdraw(culling: Bool = true) throws -> Double {
            let probe = CoverageProbe(width: 1280, height: 800)
            canvas.renderer.strategy = DrawingStrategy(hiddenParts: culling ? .cut : .ignored)
            canvas.renderer.probe = probe
            defer { canvas.renderer.probe = nil; canvas.renderer.strategy = DrawingStrategy() }
            try canvas.draw(app)
            return probe.coverage.overdraw
        }
        let shelf = try overdraw()
        openTwelvePageBook(app, library: library, at: &t)
        return [("shelf", .number(shelf)), ("book12_open", .number(try overdraw())),
                ("book12_open_uncull", .number(try overdraw(culling: false)))]
    }
}

extension Benchmarks {
    /// Scrolls to the first book with twelve pages, opens it and turns its cover: at rest on
    /// its first spread after 3 s of animation.
    public func openTwelvePageBook(_ app: any ScriptedApp, library: Library, at t: inout Double) {
        if let twelve = library.books.firstIndex(where: { $0.displayPageCount == 12 }) ?? library.books.indices.first {
            for _ in 0..<twelve { app.handle(.key(.right), at: t) }
            for _ in 0..<120 { t += 1.0 / 60; app.update(at: t) }
            app.handle(.key(.return), at: t)
            for _ in 0..<90 { t += 1.0 / 60; app.update(at: t) }
            // It opens on its cover; the figures are the first spread's, as they always were.
            app.handle(.key(.right), at: t)
            for _ in 0..<90 { t += 1.0 / 60; app.update(at: t) }
        }
    }
}
