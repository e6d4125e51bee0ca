/// A convex polygon in a plane, its corners in order (either winding): the part of a page
/// that a page over it hides.
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

    /// Twice the signed area of the triangle a, b, p: which side of the line a→b `p` is on.
    @inline(__always)
    static func side(_ a: Point, _ b: Point, _ p: Point) -> Double {
        (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
    }
}
