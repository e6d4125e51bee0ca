import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// QuadMesh: affine triangles that stay within a pixel of the exact perspective projection.
@Suite struct QuadMeshTests {
    static let size = Size(width: 1280, height: 800)

    /// Worst distance, in pixels, between a point of any triangle and the exact projection of
    /// the texture point the triangle's affine map gives it.
    static func worstError(_ mesh: QuadMesh, layer: Layer, pixelScale: Double, bleed: Double,
                           samples: [(Double, Double, Double)]) -> Double {
        let w = layer.size.width, h = layer.size.height
        var worst = 0.0
        for k in stride(from: 0, to: mesh.indices.count, by: 3) {
            let a = mesh.vertices[Int(mesh.indices[k])], b = mesh.vertices[Int(mesh.indices[k + 1])],
                c = mesh.vertices[Int(mesh.indices[k + 2])]
            for (l0, l1, l2) in samples {
                let sx = l0 * Double(a.x) + l1 * Double(b.x) + l2 * Double(c.x)
                let sy = l0 * Double(a.y) + l1 * Double(b.y) + l2 * Double(c.y)
                let u = l0 * Double(a.u) + l1 * Double(b.u) + l2 * Double(c.u)
                let v = l0 * Double(a.v) + l1 * Double(b.v) + l2 * Double(c.v)
                // u runs from −bleed to w + bleed across the quad, v likewise.
                let lx = -bleed + u * (w + 2 * bleed), ly = -bleed + v * (h + 2 * bleed)
                guard let exact = layer.project(x: lx, y: ly) else { return .infinity }
                worst = max(worst, distance(Point(x: sx, y: sy), Point(x: exact.x * pixelScale, y: exact.y * pixelScale)))
            }
        }
        return worst
    }

    /// Corners, edge midpoints, centroid and a few interior points, as barycentric weights.
    static let barycentric: [(Double, Double, Double)] = [
        (1, 0, 0), (0, 1, 0), (0, 0, 1), (0.5, 0.5, 0), (0, 0.5, 0.5), (0.5, 0, 0.5),
        (1.0 / 3, 1.0 / 3, 1.0 / 3), (0.6, 0.2, 0.2), (0.2, 0.6, 0.2), (0.2, 0.2, 0.6), (0.1, 0.45, 0.45),
    ]

    @Test(arguments: [1.0, 2.0])
    func randomPagePosesStayWithinOnePixel(pixelScale: Double) {
        let layout = BookLayout(size: Self.size, pageCount: 12)
        var g = SplitMix64(seed: pixelScale == 1 ? 31 : 32)
        var failures: [String] = []
        for n in 0..<24 {
            let page = n % 2 == 0 ? 2 : 3
            let angle = Double.random(in: (-Double.pi / 2 + 0.01)...(Double.pi / 2 - 0.01), using: &g)
            let scale = Double.random(in: 0.7...1.1, using: &g)
            let tx = Double.random(in: -130...130, using: &g)
            let bleed = n % 3 == 0 ? 0 : 2.0
            let layer = layout.layer(page: page, content: .blank, angle: angle, tx: tx, scale: scale)
            var mesh = QuadMesh()
            let pose = "page \(page) angle \(angle) scale \(scale) tx \(tx) bleed \(bleed)"
            guard mesh.append(layer, pixelScale: pixelScale, bleed: bleed),
                  mesh.indices.count % 3 == 0, !mesh.indices.isEmpty,
                  mesh.indices.allSatisfy({ $0 >= 0 && Int($0) < mesh.vertices.count }) else {
                failures.append("malformed mesh for " + pose)
                continue
            }
            let error = Self.worstError(mesh, layer: layer, pixelScale: pixelScale, bleed: bleed, samples: Self.barycentric)
            if !(error <= 1) { failures.append("\(error) px off for " + pose) }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
    }

    /// Steep angles need many cells; the undivided quad would be far off.
    @Test func steepPagesAreSubdivided() {
        let layout = BookLayout(size: Self.size, pageCount: 12)
        let layer = layout.layer(page: 2, content: .blank, angle: -1.4, scale: 1.1)
        var mesh = QuadMesh()
        mesh.append(layer, pixelScale: 2)
        #expect(mesh.vertices.count > 16)
        #expect(Self.worstError(mesh, layer: layer, pixelScale: 2, bleed: 0, samples: Self.barycentric) <= 1)
    }

    @Test(arguments: [1.0, 2.0])
    func flatLayerIsASingleCell(pixelScale: Double) {
        let layer = Layer(size: Size(width: 100, height: 50), position: Point(x: 200, y: 100),
                          anchor: Point(x: 0.5, y: 0.5), transform: .scale(0.7, 0.7, 1),
                          content: .blank, side: .right, cornerRadius: 0)
        var mesh = QuadMesh()
        let appended = mesh.append(layer, pixelScale: pixelScale)
        #expect(appended)
        #expect(mesh.vertices.count == 4 && mesh.indices.count == 6)
        // Corners of the 70 × 35 quad about (200, 100), in pixels.
        let xs = Set(mesh.vertices.map { Double($0.x) }), ys = Set(mesh.vertices.map { Double($0.y) })
        #expect(xs == [165 * pixelScale, 235 * pixelScale] && ys == [82.5 * pixelScale, 117.5 * pixelScale])
        #expect(Set(mesh.vertices.map(\.u)) == [0, 1] && Set(mesh.vertices.map(\.v)) == [0, 1])
    }

    @Test(arguments: [PageSide.right, PageSide.left])
    func shadingStopsBecomeColumns(side: PageSide) {
        let bleed = 2.0, w = 362.0
        let shading = Shading.page(side: side, rho: 0.25)
        let layer = Layer(size: Size(width: w, height: 568), position: Point(x: 640, y: 400),
                          anchor: Point(x: side == .right ? 0 : 1, y: 0.5), content: .blank, side: side,
                          cornerRadius: 20, shading: shading)
        var mesh = QuadMesh()
        mesh.append(layer, pixelScale: 1, bleed: bleed)
        let us = mesh.vertices.map { Double($0.u) }
        for stop in shading.stops where stop.x > 0 && stop.x < 1 {
            let u = (stop.x * w + bleed) / (w + 2 * bleed)
            let column = mesh.vertices.first { abs(Double($0.u) - u) < 1e-6 }
            #expect(column != nil, "stop \(stop.x)")
            // The vertex there carries the stop's alpha (inv = 0.75).
            #expect(abs(Double(column?.shade ?? -1) - stop.alpha) < 1e-6)
        }
        #expect(us.contains(0) && us.contains(1))
    }

    @Test func layerBehindTheEyeAppendsNothing() {
        let layer = Layer(size: Size(width: 100, height: 100), position: .zero, anchor: Point(x: 0.5, y: 0.5),
                          transform: Transform3D.perspective(distance: 100).translated(0, 0, 150),
                          content: .blank, side: .right, cornerRadius: 0)
        var mesh = QuadMesh()
        let appended = mesh.append(layer, pixelScale: 1)
        #expect(!appended)
        #expect(mesh.vertices.isEmpty && mesh.indices.isEmpty)
    }

    @Test func secondLayerIndicesStartAfterTheFirst() {
        let layer = Layer(size: Size(width: 10, height: 10), position: .zero, anchor: .zero,
                          content: .blank, side: .right, cornerRadius: 0)
        var mesh = QuadMesh()
        mesh.append(layer, pixelScale: 1)
        mesh.append(layer, pixelScale: 1)
        #expect(mesh.vertices.count == 8)
        #expect(mesh.indices.suffix(6).allSatisfy { $0 >= 4 })
        mesh.removeAll()
        #expect(mesh.vertices.isEmpty && mesh.indices.isEmpty)
    }
}
