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
    /// `hidden` (a convex polygon in the layer's bounds coordinates, from `Occlusion`) is
    /// left out unless `cutsHidden` is false. The grid gains a row at each of its corners, so
    /// that within a row what is hidden lies between two straight chords; cells between them
    /// are skipped, cells they cross are cut along them. The pieces keep their triangle's
    /// affine texture map, so what remains is drawn exactly as the same grid drawn whole, and
    /// every point a cut adds lies on a cell's edge or diagonal and is added with the same
    /// value by each cell that shares it, so the mesh stays watertight (no T-junction a
    /// rasteriser could open into a crack). Whole cells inside `solid` (bounds coordinates)
    /// go to `opaqueIndices` instead of `indices`.
    @discardableResult
    /// Moves every vertex to where its texture coordinates fall on a `size` rectangle whose
    /// top-left corner is `origin`, pixels (a flat layer drawn texel for pixel; the mesh's
    /// own positions differ from these by less than a pixel and a half).
    public mutating func place(at origin: (x: Float, y: Float), size: (width: Float, height: Float)) {
        for i in vertices.indices {
            vertices[i].x = origin.x + vertices[i].u * size.width
            vertices[i].y = origin.y + vertices[i].v * size.height
        }
    }

    public mutating func append(_ layer: Layer, pixelScale: Double, bleed: Double = 0,
                                tolerance: Double = 0.5, hidden: ConvexPolygon? = nil, cutsHidden: Bool = true,
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
        var rows = (0...n).map { y0 + (y1 - y0) * Double($0) / Double(n) }
        if let hidden {
            rows += hidden.points.map(\.y).filter { $0 > y0 && $0 < y1 }
            rows.sort()
            // Rows closer than this are merged (a chord across a corner of the hidden polygon
            // stays inside it, so what is hidden is only ever underestimated).
            var kept = 0
            for y in rows where kept == 0 || y - rows[kept - 1] > 1e-6 {
                rows[kept] = y
                kept += 1
            }
            rows.removeLast(rows.count - kept)
            rows[kept - 1] = y1
        }

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
        let grid = Grid(base: base, columns: columns, rows: rows)
        // Where the hidden polygon crosses each row line: the ends of the chords.
        let spans: [(lo: Double, hi: Double)?] = rows.map { y in cutsHidden ? hidden?.span(atY: y) : nil }
        let cutRows = (0..<(rows.count - 1)).map { r in spans[r] != nil && spans[r + 1] != nil }
        for r in 0..<(rows.count - 1) {
            let cy0 = rows[r], cy1 = rows[r + 1]
            let solidSpan = solid.flatMap { polygon -> (lo: Double, hi: Double)? in
                guard let top = polygon.span(atY: cy0), let bottom = polygon.span(atY: cy1) else { return nil }
                return (max(top.lo, bottom.lo), min(top.hi, bottom.hi))
            }
            // Chord ends on the lines above and below that a neighbouring cut row put there.
            let marksAbove = r > 0 && cutRows[r - 1] || cutRows[r] ? spans[r] : nil
            let marksBelow = r + 1 < cutRows.count && cutRows[r + 1] || cutRows[r] ? spans[r + 1] : nil
            for c in 0..<(columns.count - 1) {
                let cell = grid.cell(row: r, column: c)
                if cutRows[r], let top = spans[r], let bottom = spans[r + 1] {
                    let left = Chord(top: top.lo, bottom: bottom.lo), right = Chord(top: top.hi, bottom: bottom.hi)
                    // Wholly between the chords: hidden.
                    if cell.x0 >= max(left.top, left.bottom) && cell.x1 <= min(right.top, right.bottom) { continue }
                    let crossesLeft = cell.x0 < max(left.top, left.bottom) && cell.x1 > min(left.top, left.bottom)
                    let crossesRight = cell.x0 < max(right.top, right.bottom) && cell.x1 > min(right.top, right.bottom)
                    if crossesLeft || crossesRight {
                        // What shows: left of the left chord, right of the right one.
                        if cell.x0 < max(left.top, left.bottom) { appendCut(of: cell, along: left, keepingLeft: true) }
                        if cell.x1 > min(right.top, right.bottom) { appendCut(of: cell, along: right, keepingLeft: false) }
                        continue
                    }
                }
                let whole = solidSpan.map { $0.lo <= cell.x0 && $0.hi >= cell.x1 } ?? false
                appendWhole(cell, marksAbove: marksAbove, marksBelow: marksBelow, opaque: whole)
            }
        }
        return true
    }

    /// The grid of vertices the layer's cells are made of (row-major from `base`).
    struct Grid {
        let base: Int32
        let columns: [Double]
        let rows: [Double]

        func cell(row r: Int, column c: Int) -> Cell {
            let a = base + Int32(r * columns.count + c)
            return Cell(a: a, b: a + 1, d: a + Int32(columns.count), e: a + Int32(columns.count) + 1,
                        x0: columns[c], x1: columns[c + 1], y0: rows[r], y1: rows[r + 1])
        }
    }

    /// One cell: corners a (top left), b (top right), e (bottom right), d (bottom left), as
    /// vertex indices and in bounds coordinates. Its triangles are a-b-e and a-e-d.
    struct Cell {
        let a, b, d, e: Int32
        let x0, x1, y0, y1: Double
    }

    /// The vertex a fraction `t` of the way from grid vertex `from` to `to`.
    private func along(_ from: Int32, _ to: Int32, _ t: Double) -> MeshVertex {
        Self.mix(vertices[Int(from)], vertices[Int(to)], t)
    }

    /// A cell's two triangles, a-b-e and a-e-d, appended one index at a time (an array
    /// literal here would be a heap allocation per cell).
    private mutating func appendTriangles(of cell: Cell, opaque: Bool) {
        func add(to list: inout [Int32]) {
            list.append(cell.a); list.append(cell.b); list.append(cell.e)
            list.append(cell.a); list.append(cell.e); list.append(cell.d)
        }
        if opaque { add(to: &opaqueIndices) } else { add(to: &indices) }
    }

    /// A whole cell, with the chord ends its neighbours put on its top or bottom edge as
    /// corners of its triangles (so no neighbour's corner sits in the middle of its edge).
    private mutating func appendWhole(_ cell: Cell, marksAbove: (lo: Double, hi: Double)?, marksBelow: (lo: Double, hi: Double)?,
                                      opaque: Bool) {
        // Most cells have no marks: no temporary arrays for them.
        guard marksAbove != nil || marksBelow != nil else { return appendTriangles(of: cell, opaque: opaque) }
        func inside(_ marks: (lo: Double, hi: Double)?) -> [Double] {
            guard let marks else { return [] }
            return [marks.lo, marks.hi].filter { $0 > cell.x0 && $0 < cell.x1 }.sorted()
        }
        let top = inside(marksAbove), bottom = inside(marksBelow)
        guard !top.isEmpty || !bottom.isEmpty else { return appendTriangles(of: cell, opaque: opaque) }
        var fresh: [Int32] = []
        func mark(_ x: Double, from: Int32, to: Int32) -> Int32 {
            vertices.append(along(from, to, (x - cell.x0) / (cell.x1 - cell.x0)))
            return Int32(vertices.count - 1)
        }
        // a-b-e as a fan from e over a, the marks on a-b, b; a-e-d as a fan from a over e,
        // the marks on e-d (right to left), d.
        let upper = [cell.a] + top.map { mark($0, from: cell.a, to: cell.b) } + [cell.b]
        for k in 0..<(upper.count - 1) { fresh += [cell.e, upper[k], upper[k + 1]] }
        let lower = [cell.e] + bottom.reversed().map { mark($0, from: cell.d, to: cell.e) } + [cell.d]
        for k in 0..<(lower.count - 1) { fresh += [cell.a, lower[k], lower[k + 1]] }
        if opaque { opaqueIndices += fresh } else { indices += fresh }
    }
}
