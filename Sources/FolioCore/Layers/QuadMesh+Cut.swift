/// Cells a hidden region's edge crosses: the part that shows, cut along the edge.
extension QuadMesh {
    /// A straight line across a row: x at the row's top line and at its bottom line.
    struct Chord {
        let top: Double
        let bottom: Double
        func x(at y: Double, _ cell: Cell) -> Double {
            top + (bottom - top) * (y - cell.y0) / (cell.y1 - cell.y0)
        }
    }

    /// A corner of a cut piece: bounds position and its vertex.
    struct CutPoint {
        let local: Point
        let vertex: MeshVertex
    }

    /// A short list of cut points in a slice of stack storage.
    struct CutList {
        private let base: UnsafeMutablePointer<CutPoint>
        private let capacity: Int
        private(set) var count = 0

        init(_ storage: UnsafeMutableBufferPointer<CutPoint>, from start: Int, capacity: Int) {
            precondition(start >= 0 && start + capacity <= storage.count)
            base = storage.baseAddress! + start
            self.capacity = capacity
        }

        subscript(k: Int) -> CutPoint {
            precondition(k >= 0 && k < count)
            return base[k]
        }

        /// Adds `point`; past the capacity (which only rounding gone wild could reach) it is
        /// dropped, leaving a smaller piece rather than a fault.
        mutating func append(_ point: CutPoint) {
            guard count < capacity else { return }
            (base + count).initialize(to: point)
            count += 1
        }
    }

    /// The vertex a fraction `t` of the way from `p` to `q`. Callers give an edge's ends
    /// always in the same order, so two cells that share the edge get the same bits.
    static func mix(_ p: MeshVertex, _ q: MeshVertex, _ t: Double) -> MeshVertex {
        func mix(_ a: Float, _ b: Float) -> Float { Float(Double(a) + t * (Double(b) - Double(a))) }
        return MeshVertex(x: mix(p.x, q.x), y: mix(p.y, q.y), u: mix(p.u, q.u), v: mix(p.v, q.v), shade: mix(p.shade, q.shade))
    }

    /// The part of `cell` on one side of `chord` (left: x ≤ the chord), split along the
    /// cell's diagonal into the parts of its two triangles.
    mutating func appendCut(of cell: Cell, along chord: Chord, keepingLeft: Bool) {
        let sign = keepingLeft ? 1.0 : -1.0
        let va = vertices[Int(cell.a)], vb = vertices[Int(cell.b)], ve = vertices[Int(cell.e)], vd = vertices[Int(cell.d)]
        func corner(_ k: Int) -> CutPoint {
            switch k {
            case 0: return CutPoint(local: Point(x: cell.x0, y: cell.y0), vertex: va)
            case 1: return CutPoint(local: Point(x: cell.x1, y: cell.y0), vertex: vb)
            case 2: return CutPoint(local: Point(x: cell.x1, y: cell.y1), vertex: ve)
            default: return CutPoint(local: Point(x: cell.x0, y: cell.y1), vertex: vd)
            }
        }
        func keeps(_ p: Point) -> Double { sign * (chord.x(at: p.y, cell) - p.x) }
        // Where the chord crosses each edge, from the edge's own ends: top and bottom at the
        // chord's ends, the sides where the chord reaches their x.
        func crossing(edge k: Int) -> CutPoint {
            switch k {
            case 0: return CutPoint(local: Point(x: chord.top, y: cell.y0),
                                    vertex: Self.mix(va, vb, (chord.top - cell.x0) / (cell.x1 - cell.x0)))
            case 2: return CutPoint(local: Point(x: chord.bottom, y: cell.y1),
                                    vertex: Self.mix(vd, ve, (chord.bottom - cell.x0) / (cell.x1 - cell.x0)))
            default:
                let x = k == 1 ? cell.x1 : cell.x0
                let t = (x - chord.top) / (chord.bottom - chord.top)
                let (top, bottom) = k == 1 ? (vb, ve) : (va, vd)
                return CutPoint(local: Point(x: x, y: cell.y0 + t * (cell.y1 - cell.y0)), vertex: Self.mix(top, bottom, t))
            }
        }
        // The pieces live on the stack: a cell cut by a chord has at most five corners, and
        // either side of its diagonal at most six.
        withUnsafeTemporaryAllocation(of: CutPoint.self, capacity: 18) { storage in
            var piece = CutList(storage, from: 0, capacity: 6)
            var upper = CutList(storage, from: 6, capacity: 6), lower = CutList(storage, from: 12, capacity: 6)
            for k in 0..<4 {
                let p = corner(k), q = corner((k + 1) % 4)
                let sp = keeps(p.local), sq = keeps(q.local)
                if sp >= 0 { piece.append(p) }
                if (sp > 0 && sq < 0) || (sp < 0 && sq > 0) { piece.append(crossing(edge: k)) }
            }
            guard piece.count >= 3 else { return }
            // The diagonal a–e: b's side is triangle a-b-e, d's side a-e-d. It can only cross the
            // piece on the chord; that point is made once and shared by both sides.
            let pa = Point(x: cell.x0, y: cell.y0), pe = Point(x: cell.x1, y: cell.y1)
            func side(_ p: Point) -> Double { ConvexPolygon.side(pa, pe, p) }
            let upperSign = side(Point(x: cell.x1, y: cell.y0)) > 0 ? 1.0 : -1.0
            for k in 0..<piece.count {
                let p = piece[k], q = piece[(k + 1) % piece.count]
                let sp = upperSign * side(p.local), sq = upperSign * side(q.local)
                if sp >= 0 { upper.append(p) }
                if sp <= 0 { lower.append(p) }
                if (sp > 0 && sq < 0) || (sp < 0 && sq > 0) {
                    let t = sp / (sp - sq)
                    let local = Point(x: p.local.x + (q.local.x - p.local.x) * t, y: p.local.y + (q.local.y - p.local.y) * t)
                    let point = CutPoint(local: local, vertex: Self.mix(va, ve, (local.x - cell.x0) / (cell.x1 - cell.x0)))
                    upper.append(point)
                    lower.append(point)
                }
            }
            appendFan(upper)
            appendFan(lower)
        }
    }

    /// A convex polygon of cut points as a fan of triangles.
    private mutating func appendFan(_ part: CutList) {
        guard part.count >= 3 else { return }
        let first = Int32(vertices.count)
        for k in 0..<part.count { vertices.append(part[k].vertex) }
        for k in 1..<Int32(part.count - 1) {
            indices.append(first)
            indices.append(first + k)
            indices.append(first + k + 1)
        }
    }
}
