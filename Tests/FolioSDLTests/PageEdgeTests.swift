import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSDL

/// Page outlines are anti-aliased at every angle: a page turned about the spine has slanted
/// top and bottom edges, and across them the pixels pass through partly covered values
/// between the background and the paper instead of jumping in steps.
@Suite(.serialized)
struct PageEdgeTests {
    static let size = Size(width: 640, height: 400)

    /// Fraction of the columns across the slanted top edge of a blank page (plain paper) at
    /// `angle` that hold at least one pixel between background and paper (5 % to 95 % of the
    /// way).
    static func smoothColumns(angle: Double) throws -> Double {
        let canvas = try HeadlessCanvas(library: Library(books: []), decoder: TestDecoding.workers, width: Int(size.width), height: Int(size.height))
        let layout = BookLayout(size: size, pageCount: 2)
        canvas.renderer.configure(pixelScale: 1, windowSize: size)
        var layer = layout.layer(page: 0, content: .blank, angle: angle)
        layer.shading = nil
        var list = DrawList(background: ShelfScene.background)
        list.appendSorted([layer])
        #expect(list.layers.count == 1)
        canvas.renderer.draw(list)

        let tl = try #require(layer.project(x: 0, y: 0)), tr = try #require(layer.project(x: layer.size.width, y: 0))
        // Slanted: the edge climbs or falls by pixels over its run.
        #expect(abs(tr.y - tl.y) > 8)
        // Columns along the straight part of the edge (clear of the rounded corner).
        let x0 = Int(tl.x + 0.1 * (tr.x - tl.x)), x1 = Int(tl.x + 0.8 * (tr.x - tl.x))
        let bg = ShelfScene.background
        let background = [bg.r, bg.g, bg.b].map { ($0 * 255).rounded(.down) }
        let paper = [Double(PageImage.paper.r), Double(PageImage.paper.g), Double(PageImage.paper.b)]
        var smooth = 0
        for x in x0..<x1 {
            // Where the edge crosses this column, and a few pixels either side.
            let edge = tl.y + (tr.y - tl.y) * (Double(x) + 0.5 - tl.x) / (tr.x - tl.x)
            let partial = (Int(edge) - 3...Int(edge) + 3).contains { y in
                let p = canvas.pixel(x: x, y: y)
                let c = [Double(p.r), Double(p.g), Double(p.b)]
                // Coverage from 0 (background) to 1 (paper), on the channel that differs most.
                let k = (0..<3).max { abs(paper[$0] - background[$0]) < abs(paper[$1] - background[$1]) }!
                let coverage = (c[k] - background[k]) / (paper[k] - background[k])
                return coverage > 0.05 && coverage < 0.95
            }
            if partial { smooth += 1 }
        }
        return Double(smooth) / Double(max(x1 - x0, 1))
    }

    /// The page faces the viewer at each angle (0 is flat, -π/2 edge on).
    @Test(arguments: [-0.3, -0.6, -Double.pi / 4, -1.0, -1.2])
    func aSlantedEdgeHasPartlyCoveredPixelsInMostColumns(angle: Double) throws {
        // An edge one pixel wide (what coverage gives) puts a partly covered pixel centre in
        // nine columns of ten; nearest sampling, in none.
        let smooth = try Self.smoothColumns(angle: angle)
        #expect(smooth > 0.75)
    }
}
