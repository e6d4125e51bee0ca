/// Triangles for one layer, subdivided so that affine texture mapping (all that
/// SDL_RenderGeometry does) stays within a pixel of the exact perspective projection.
///
/// A triangle's affine map is exact at its corners; the worst error is at the midpoint of a
/// cell's diagonal and falls with the product of the columns and rows, so the grid is sized
/// from the error of the undivided quad: n × n cells with n² ≥ error / tolerance.
public struct QuadMesh: Sendable {
    public var vertices: [MeshVertex] = []
    public var indices: [Int32] = []

    public init() {}

    /// Largest number of cells along one side.
    public static let maxCells = 48

    public mutating func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }

    /// Appends the mesh of `layer`. `pixelScale` is pixels per point; `bleed` (points)
    /// extends the quad on every side to cover the texture's transparent margin, which is
    /// what gives the page edges their smooth, filtered falloff. Returns false (and appends
    /// nothing) when the layer is behind the eye.
    @discardableResult
    public mutating func append(_ layer: Layer, pixelScale: Double, bleed: Double = 0,
                                tolerance: Double = 0.5) -> Bool {
        let w = layer.size.width, h = layer.size.height
        let x0 = -bleed, x1 = w + bleed, y0 = -bleed, y1 = h + bleed
        guard let tl = layer.project(x: x0, y: y0), let tr = layer.project(x: x1, y: y0),
              let br = layer.project(x: x1, y: y1), let bl = layer.project(x: x0, y: y1),
              let centre = layer.project(x: (x0 + x1) / 2, y: (y0 + y1) / 2)
        else { return false }

        func distance(_ a: Point, _ b: Point) -> Double {
            let dx = a.x - b.x, dy = a.y - b.y
            return (dx * dx + dy * dy).squareRoot()
        }
        let midA = Point(x: (tl.x + br.x) / 2, y: (tl.y + br.y) / 2)
        let midB = Point(x: (tr.x + bl.x) / 2, y: (tr.y + bl.y) / 2)
        let error = max(distance(centre, midA), distance(centre, midB)) * pixelScale
        let n = min(QuadMesh.maxCells, max(1, Int((error / tolerance).squareRoot().rounded(.up))))

        // Columns: uniform, plus the shading stops so the gradient bends exactly there.
        var columns = (0...n).map { x0 + (x1 - x0) * Double($0) / Double(n) }
        if let shading = layer.shading {
            for stop in shading.stops where stop.x > 0 && stop.x < 1 {
                columns.append(stop.x * w)
            }
            columns.sort()
        }
        let rows = (0...n).map { y0 + (y1 - y0) * Double($0) / Double(n) }

        let base = Int32(vertices.count)
        let m = layer.transform
        let ax = layer.anchor.x * w, ay = layer.anchor.y * h
        for y in rows {
            let v = Float((y - y0) / (y1 - y0))
            for x in columns {
                let p = m.apply(Vector3(x - ax, y - ay, 0))
                let inv = 1 / max(p.w, 1e-9)
                let shade = layer.shading.map { $0.alpha(at: clamp(x / w, 0, 1)) } ?? 0
                let q = layer.screen.apply(Point(x: layer.position.x + p.x * inv, y: layer.position.y + p.y * inv))
                vertices.append(MeshVertex(
                    x: Float(q.x * pixelScale),
                    y: Float(q.y * pixelScale),
                    u: Float((x - x0) / (x1 - x0)), v: v, shade: Float(shade)))
            }
        }
        let stride = Int32(columns.count)
        for r in 0..<Int32(rows.count - 1) {
            for c in 0..<(stride - 1) {
                let a = base + r * stride + c
                let b = a + 1, d = a + stride, e = d + 1
                indices.append(contentsOf: [a, b, e, a, e, d])
            }
        }
        return true
    }
}
