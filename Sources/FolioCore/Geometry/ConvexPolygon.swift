/// A convex polygon in a plane, its corners in order (either winding): what clipping a page
/// against the pages over it works with.
public struct ConvexPolygon: Equatable, Sendable {
    public var points: [Point]

    public init(_ points: [Point]) {
        self.points = points
    }

    /// Signed area: positive when the corners run clockwise on screen (y down).
    public var signedArea: Double {
        var sum = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    public var area: Double { abs(signedArea) }

    /// Smallest upright rectangle holding every corner: (minX, minY, maxX, maxY).
    public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        var b = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        for p in points {
            b = (min(b.minX, p.x), min(b.minY, p.y), max(b.maxX, p.x), max(b.maxY, p.y))
        }
        return b
    }

    /// True when `p` is inside or on the edge (the polygon must be convex).
    public func contains(_ p: Point) -> Bool {
        let sign = signedArea >= 0 ? 1.0 : -1.0
        for i in points.indices where sign * ConvexPolygon.side(points[i], points[(i + 1) % points.count], p) < 0 {
            return false
        }
        return !points.isEmpty
    }

    /// The span of x this polygon covers on the horizontal line at `y`, or nil if it misses it.
    public func span(atY y: Double) -> (lo: Double, hi: Double)? {
        var lo = Double.infinity, hi = -Double.infinity
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            if (a.y - y) * (b.y - y) > 0 { continue }
            if a.y == b.y {
                lo = min(lo, a.x, b.x); hi = max(hi, a.x, b.x)
            } else {
                let x = a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y)
                lo = min(lo, x); hi = max(hi, x)
            }
        }
        return lo <= hi ? (lo, hi) : nil
    }

    /// The x this polygon reaches between the horizontal lines at `y0` and `y1` (y0 ≤ y1),
    /// or nil if it misses that band.
    public func extent(fromY y0: Double, toY y1: Double) -> (lo: Double, hi: Double)? {
        var lo = Double.infinity, hi = -Double.infinity
        for p in points where p.y >= y0 && p.y <= y1 {
            lo = min(lo, p.x); hi = max(hi, p.x)
        }
        if let s = span(atY: y0) { lo = min(lo, s.lo); hi = max(hi, s.hi) }
        if let s = span(atY: y1) { lo = min(lo, s.lo); hi = max(hi, s.hi) }
        return lo <= hi ? (lo, hi) : nil
    }

    /// What is left of this polygon once `other` (convex) is taken away: disjoint convex
    /// pieces, none smaller than `minimumArea`. Each edge of `other` in turn splits off the
    /// part outside it.
    public func subtracting(_ other: ConvexPolygon, minimumArea: Double = 1e-9) -> [ConvexPolygon] {
        guard points.count >= 3, other.points.count >= 3 else { return [self] }
        let sign = other.signedArea >= 0 ? 1.0 : -1.0
        let corners = other.points, n = corners.count
        // Wholly outside one edge: untouched (and not cut into pieces for nothing).
        for k in 0..<n {
            let a = corners[k], b = corners[k + 1 == n ? 0 : k + 1]
            if points.allSatisfy({ sign * ConvexPolygon.side(a, b, $0) <= 0 }) { return [self] }
        }
        var pieces: [ConvexPolygon] = []
        var rest = self
        for k in 0..<n {
            let a = corners[k], b = corners[k + 1 == n ? 0 : k + 1]
            // Most edges of a polygon much larger than this one do not cut it at all.
            if rest.points.allSatisfy({ sign * ConvexPolygon.side(a, b, $0) >= 0 }) { continue }
            if rest.points.allSatisfy({ sign * ConvexPolygon.side(a, b, $0) <= 0 }) {
                if rest.area > minimumArea { pieces.append(rest) }
                return pieces
            }
            let outside = rest.clipped(a, b, keep: -sign)
            if outside.points.count >= 3, outside.area > minimumArea { pieces.append(outside) }
            rest = rest.clipped(a, b, keep: sign)
            if rest.points.count < 3 { break }
        }
        return pieces
    }

    /// The part on the side of the line a→b where `side(a, b, p)` has the sign of `keep`
    /// (Sutherland–Hodgman, one edge).
    func clipped(_ a: Point, _ b: Point, keep: Double) -> ConvexPolygon {
        var out: [Point] = []
        out.reserveCapacity(points.count + 1)
        for i in points.indices {
            let p = points[i], q = points[(i + 1) % points.count]
            let sp = keep * ConvexPolygon.side(a, b, p), sq = keep * ConvexPolygon.side(a, b, q)
            if sp >= 0 { out.append(p) }
            if (sp > 0 && sq < 0) || (sp < 0 && sq > 0) {
                let t = sp / (sp - sq)
                out.append(Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
            }
        }
        return ConvexPolygon(out)
    }

    /// Twice the signed area of the triangle a, b, p: which side of the line a→b `p` is on.
    @inline(__always)
    static func side(_ a: Point, _ b: Point, _ p: Point) -> Double {
        (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
    }
}
