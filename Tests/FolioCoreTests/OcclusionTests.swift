import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// The geometry behind leaving hidden parts of pages undrawn: the plane map of a layer,
/// which layer hides what, meshes cut to what shows, and counting filled pixels.
struct OcclusionTests {
    @Test(arguments: [0.0, -0.4, -1.1, 0.7])
    func aPlaneMapRoundTripsEveryPointOfAPageInFrontOfTheEye(angle: Double) throws {
        let layout = BookLayout(size: Size(width: 1280, height: 800), pageCount: 12)
        var layer = layout.layer(page: 2, content: .blank, angle: angle)
        layer.screen = ScreenTransform(scale: 1.5, offset: Point(x: -200, y: -90))
        let map = try #require(PlaneMap(layer))
        for x in stride(from: 0.0, through: layer.size.width, by: layer.size.width / 4) {
            for y in stride(from: 0.0, through: layer.size.height, by: layer.size.height / 4) {
                let window = try #require(map.window(Point(x: x, y: y)))
                // The map agrees with the layer's own projection…
                let projected = try #require(layer.project(x: x, y: y))
                #expect(abs(window.x - projected.x) < 1e-6 && abs(window.y - projected.y) < 1e-6)
                // …and finds the bounds point again from the window point.
                let back = try #require(map.bounds(window))
                #expect(abs(back.x - x) < 1e-6 && abs(back.y - y) < 1e-6)
            }
        }
    }

    static func flat(_ x: Double, opacity: Double = 1) -> Layer {
        Layer(size: Size(width: 200, height: 300), position: Point(x: x, y: 400), anchor: Point(x: 0.5, y: 0.5),
              opacity: opacity, content: .blank, side: .right, cornerRadius: 10)
    }

    @Test func aPageHidesWhatIsUnderItsOpaqueInteriorAndNothingElse() throws {
        // Three flat pages: the second over the first, shifted by 50; the third far away.
        let layers = [Self.flat(500), Self.flat(550), Self.flat(1000)]
        let hidden = Occlusion.hidden(in: layers, inset: { _ in 2 })
        #expect(hidden[1] == nil && hidden[2] == nil)
        let cover = try #require(hidden[0])
        // In the first page's bounds the second page's interior starts 50 + 2 points in.
        #expect(cover.contains(Point(x: 150, y: 150)))
        #expect(!cover.contains(Point(x: 51, y: 150)))
        #expect(cover.contains(Point(x: 53, y: 150)))
        // Its rounded corner is not counted as cover.
        #expect(!cover.contains(Point(x: 53, y: 3)))
        // A page that is not fully opaque, or has no texture, hides nothing.
        let faded = [Self.flat(500), Self.flat(550, opacity: 0.99)]
        #expect(Occlusion.hidden(in: faded, inset: { _ in 2 })[0] == nil)
        #expect(Occlusion.hidden(in: layers, inset: { $0 == 1 ? nil : 2 })[0] == nil)
    }

    @Test func aMeshLeavesOutWhatIsHiddenAndKeepsTheRest() {
        var layer = Self.flat(500)
        layer.shading = nil
        // The right half hidden (in bounds coordinates), past the page's edges.
        let half = ConvexPolygon([Point(x: 100, y: -10), Point(x: 300, y: -10), Point(x: 300, y: 310), Point(x: 100, y: 310)])
        var whole = QuadMesh(), cut = QuadMesh()
        whole.append(layer, pixelScale: 1)
        cut.append(layer, pixelScale: 1, hidden: half)
        func area(_ mesh: QuadMesh) -> Double {
            stride(from: 0, to: mesh.indices.count, by: 3).reduce(0) { sum, t in
                let a = mesh.vertices[Int(mesh.indices[t])], b = mesh.vertices[Int(mesh.indices[t + 1])], c = mesh.vertices[Int(mesh.indices[t + 2])]
                return sum + abs(Double((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y))) / 2
            }
        }
        #expect(abs(area(whole) - 200 * 300) < 1e-3)
        #expect(abs(area(cut) - 100 * 300) < 1e-3)
        // What is left keeps the texture where it was: every vertex's u is x across the page.
        for v in cut.vertices {
            #expect(abs(Double(v.u) - (Double(v.x) - 400) / 200) < 1e-5)
        }
        // Wholly hidden: nothing to draw.
        var gone = QuadMesh()
        gone.append(layer, pixelScale: 1, hidden: ConvexPolygon([Point(x: -5, y: -5), Point(x: 205, y: -5), Point(x: 205, y: 305), Point(x: -5, y: 305)]))
        #expect(gone.indices.isEmpty)
    }

    /// Hidden polygons of every kind a fan produces: slanted chords, a corner cut off, one
    /// that reaches past the page, one wholly inside it.
    static let covers: [ConvexPolygon] = [
        ConvexPolygon([Point(x: -50, y: 12), Point(x: 150, y: 30), Point(x: 130, y: 290), Point(x: -50, y: 270)]),
        ConvexPolygon([Point(x: 40, y: 40), Point(x: 120, y: 20), Point(x: 180, y: 150), Point(x: 150, y: 260), Point(x: 60, y: 280), Point(x: 20, y: 140)]),
        ConvexPolygon([Point(x: 10, y: -20), Point(x: 260, y: -20), Point(x: 260, y: 120)]),
        ConvexPolygon([Point(x: 67.5, y: 100.25), Point(x: 133, y: 100.25), Point(x: 133, y: 200), Point(x: 67.5, y: 200)]),
    ]

    @Test(arguments: [0.0, -0.5, -1.1])
    func aCutMeshHasNoTJunctions(angle: Double) {
        // A corner of one triangle lying inside another's edge is what a rasteriser opens
        // into a crack: every corner drawn must meet the edges it touches at their ends.
        let layout = BookLayout(size: Size(width: 1280, height: 800), pageCount: 12)
        let layer = layout.layer(page: 2, content: .blank, angle: angle)
        let scale = layer.size.width / 200
        for cover in Self.covers {
            let polygon = ConvexPolygon(cover.points.map { Point(x: $0.x * scale, y: $0.y * layer.size.height / 300) })
            var mesh = QuadMesh()
            mesh.append(layer, pixelScale: 1, bleed: 1, hidden: polygon)
            let triangles = stride(from: 0, to: mesh.indices.count, by: 3).map { Array(mesh.indices[$0..<$0 + 3]) }
                + stride(from: 0, to: mesh.opaqueIndices.count, by: 3).map { Array(mesh.opaqueIndices[$0..<$0 + 3]) }
            #expect(!triangles.isEmpty)
            var corners: [(Float, Float)] = []
            for t in triangles { for i in t { corners.append((mesh.vertices[Int(i)].x, mesh.vertices[Int(i)].y)) } }
            var junctions = 0
            for t in triangles {
                for k in 0..<3 {
                    let p = mesh.vertices[Int(t[k])], q = mesh.vertices[Int(t[(k + 1) % 3])]
                    let dx = Double(q.x - p.x), dy = Double(q.y - p.y)
                    let length2 = dx * dx + dy * dy
                    guard length2 > 1e-6 else { continue }
                    for (x, y) in corners where (x, y) != (p.x, p.y) && (x, y) != (q.x, q.y) {
                        let vx = Double(x - p.x), vy = Double(y - p.y)
                        let along = (vx * dx + vy * dy) / length2
                        let off = abs(vx * dy - vy * dx) / length2.squareRoot()
                        if along > 1e-4, along < 1 - 1e-4, off < 1e-3 { junctions += 1 }
                    }
                }
            }
            #expect(junctions == 0, "cover \(cover.points)")
        }
    }

    @Test func coverageCountsEachPixelOfTwoTrianglesOnce() {
        var coverage = Coverage(width: 10, height: 8)
        // Two triangles making up the whole frame: every pixel filled once, none twice along
        // the shared diagonal.
        let a = Point(x: 0, y: 0), b = Point(x: 10, y: 0), c = Point(x: 10, y: 8), d = Point(x: 0, y: 8)
        coverage.fill(a, b, c)
        coverage.fill(a, c, d)
        #expect(coverage.fills == 80 && coverage.uncovered == 0)
        #expect(coverage.overdraw == 1)
        // A square of 4×4 over it: those 16 pixels are filled twice.
        coverage.fill(Point(x: 2, y: 2), Point(x: 6, y: 2), Point(x: 6, y: 6))
        coverage.fill(Point(x: 2, y: 2), Point(x: 6, y: 6), Point(x: 2, y: 6))
        #expect(coverage.fills == 96)
        #expect(coverage.overdraw == 96.0 / 80)
        // Over an empty frame, the background counts once where nothing is drawn.
        var sparse = Coverage(width: 10, height: 10)
        sparse.fill(Point(x: 0, y: 0), Point(x: 5, y: 0), Point(x: 5, y: 10))
        sparse.fill(Point(x: 0, y: 0), Point(x: 5, y: 10), Point(x: 0, y: 10))
        #expect(sparse.fills == 50 && sparse.uncovered == 50 && sparse.overdraw == 1)
    }
}
