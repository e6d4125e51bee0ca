/// Triangles for one layer, subdivided so that affine texture mapping (all that
/// SDL_RenderGeometry does) stays within a pixel of the exact perspective projection.
///
/// A triangle's affine map is exact at its corners; the worst error is at the midpoint of a
/// cell's diagonal and falls with the product of the columns and rows, so the grid is sized
/// from the error of the undivided quad: n × n cells with n² ≥ error / tolerance.
public struct QuadMesh: Sendable {
    public var vertices: [MeshVertex] = []
    public var indices: [Int32] = []
    /// Triangles wholly inside the layer's opaque interior (`solid`): they may be drawn
    /// without blending.
    public var opaqueIndices: [Int32] = []

    public init() {}

    /// Largest number of cells along one side.
    public static let maxCells = 48

    public mutating func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        opaqueIndices.removeAll(keepingCapacity: true)
    }

    /// Appends the mesh of `layer`. `pixelScale` is pixels per point; `bleed` (points)
    /// extends the quad on every side to cover the texture's transparent margin, which is
    /// what gives the page edges their smooth, filtered falloff. Returns false (and appends
    /// nothing) when the layer is behind the eye.
    ///
    /// `hidden` (convex polygons in the layer's bounds coordinates, from `Occlusion`) is left
    /// out: cells wholly inside one are skipped, and cells that cross one are cut to what is
    /// left. The pieces keep their triangle's affine texture map, so what remains is drawn
    /// exactly as it would have been. Whole cells inside `solid` (bounds coordinates) go to
    /// `opaqueIndices` instead of `indices`.
    @discardableResult
    public mutating func append(_ layer: Layer, pixelScale: Double, bleed: Double = 0,
                                tolerance: Double = 0.5, hidden: [ConvexPolygon] = [],
                                solid: ConvexPolygon? = nil) -> Bool {
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
        // Per row of cells, for each hidden polygon: the x it holds all the way down the row
        // (a convex polygon holds a cell when it holds its four corners) and the x it reaches.
        var holds: [(lo: Double, hi: Double)] = [], reaches: [(lo: Double, hi: Double)] = []
        var crossing: [Int] = []
        for r in 0..<(rows.count - 1) {
            let cy0 = rows[r], cy1 = rows[r + 1]
            holds.removeAll(keepingCapacity: true)
            reaches.removeAll(keepingCapacity: true)
            for polygon in hidden {
                if let top = polygon.span(atY: cy0), let bottom = polygon.span(atY: cy1) {
                    holds.append((max(top.lo, bottom.lo), min(top.hi, bottom.hi)))
                } else {
                    holds.append((.infinity, -.infinity))
                }
                reaches.append(polygon.extent(fromY: cy0, toY: cy1) ?? (.infinity, -.infinity))
            }
            let solidSpan = solid.flatMap { polygon -> (lo: Double, hi: Double)? in
                guard let top = polygon.span(atY: cy0), let bottom = polygon.span(atY: cy1) else { return nil }
                return (max(top.lo, bottom.lo), min(top.hi, bottom.hi))
            }
            for c in 0..<(columns.count - 1) {
                let a = base + Int32(r) * stride + Int32(c)
                let b = a + 1, d = a + stride, e = d + 1
                let cx0 = columns[c], cx1 = columns[c + 1]
                if holds.contains(where: { $0.lo <= cx0 && $0.hi >= cx1 }) { continue }
                crossing.removeAll(keepingCapacity: true)
                for k in reaches.indices where reaches[k].lo < cx1 && reaches[k].hi > cx0 {
                    crossing.append(k)
                }
                // A small cell on an edge of what is hidden is drawn whole: cutting it would
                // cost more than the few pixels it saves.
                if crossing.isEmpty || cellArea(a, b, e, d) < QuadMesh.smallestCutCell {
                    if let span = solidSpan, span.lo <= cx0, span.hi >= cx1 {
                        opaqueIndices.append(contentsOf: [a, b, e, a, e, d])
                    } else {
                        indices.append(contentsOf: [a, b, e, a, e, d])
                    }
                    continue
                }
                // What is left of the cell, then of each of its two triangles (split along
                // the diagonal a–e), each piece keeping its triangle's texture map.
                var pieces = [ConvexPolygon([Point(x: cx0, y: cy0), Point(x: cx1, y: cy0), Point(x: cx1, y: cy1), Point(x: cx0, y: cy1)])]
                for k in crossing {
                    var next: [ConvexPolygon] = []
                    for piece in pieces { next.append(contentsOf: piece.subtracting(hidden[k])) }
                    pieces = next
                    if pieces.isEmpty { break }
                }
                guard !pieces.isEmpty else { continue }
                let pa = Point(x: cx0, y: cy0), pb = Point(x: cx1, y: cy0), pd = Point(x: cx0, y: cy1), pe = Point(x: cx1, y: cy1)
                // Side of the diagonal a→e that b is on: negative (y down, b is up and right).
                let upper = ConvexPolygon.side(pa, pe, pb) < 0 ? -1.0 : 1.0
                appendPieces(pieces.map { $0.clipped(pa, pe, keep: upper) }, of: (pa, vertices[Int(a)]), (pb, vertices[Int(b)]), (pe, vertices[Int(e)]))
                appendPieces(pieces.map { $0.clipped(pa, pe, keep: -upper) }, of: (pa, vertices[Int(a)]), (pe, vertices[Int(e)]), (pd, vertices[Int(d)]))
            }
        }
        return true
    }

    /// Cells on screen smaller than this many square pixels are never cut.
    public static let smallestCutCell: Float = 400

    /// Screen area of the cell with corners a, b, e, d (in order round it), square pixels.
    private func cellArea(_ a: Int32, _ b: Int32, _ e: Int32, _ d: Int32) -> Float {
        let p = vertices[Int(a)], q = vertices[Int(b)], r = vertices[Int(e)], s = vertices[Int(d)]
        return abs((r.x - p.x) * (s.y - q.y) - (s.x - q.x) * (r.y - p.y)) / 2
    }

    /// Appends convex `pieces` of a mesh triangle as fans, each new corner carrying the
    /// triangle's own affine interpolation of position, texture coordinates and shade.
    private mutating func appendPieces(_ pieces: [ConvexPolygon], of t0: (Point, MeshVertex), _ t1: (Point, MeshVertex), _ t2: (Point, MeshVertex)) {
        let p0 = t0.0, p1 = t1.0, p2 = t2.0
        let det = (p1.x - p0.x) * (p2.y - p0.y) - (p2.x - p0.x) * (p1.y - p0.y)
        guard abs(det) > 1e-12 else { return }
        let v0 = t0.1, v1 = t1.1, v2 = t2.1
        for piece in pieces where piece.points.count >= 3 && piece.area > 1e-9 {
            let first = Int32(vertices.count)
            for p in piece.points {
                let l1 = ((p.x - p0.x) * (p2.y - p0.y) - (p2.x - p0.x) * (p.y - p0.y)) / det
                let l2 = ((p1.x - p0.x) * (p.y - p0.y) - (p.x - p0.x) * (p1.y - p0.y)) / det
                let l0 = 1 - l1 - l2
                func mix(_ a: Float, _ b: Float, _ c: Float) -> Float {
                    Float(l0 * Double(a) + l1 * Double(b) + l2 * Double(c))
                }
                vertices.append(MeshVertex(x: mix(v0.x, v1.x, v2.x), y: mix(v0.y, v1.y, v2.y),
                                           u: mix(v0.u, v1.u, v2.u), v: mix(v0.v, v1.v, v2.v),
                                           shade: mix(v0.shade, v1.shade, v2.shade)))
            }
            for k in 1..<Int32(piece.points.count - 1) {
                indices.append(contentsOf: [first, first + k, first + k + 1])
            }
        }
    }
}
