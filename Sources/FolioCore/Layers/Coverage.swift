/// Counts how often each pixel of a frame is filled by the triangles drawn into it: the
/// benchmark's overdraw. A pixel is filled by a triangle when its centre lies inside.
public struct Coverage: Sendable {
    public let width: Int
    public let height: Int
    private var counts: [UInt16]

    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        counts = [UInt16](repeating: 0, count: self.width * self.height)
    }

    /// Counts the pixels whose centres lie inside the triangle a, b, c (pixels).
    public mutating func fill(_ a: Point, _ b: Point, _ c: Point) {
        let area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)
        guard abs(area) > 1e-12, a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, c.x.isFinite, c.y.isFinite
        else { return }
        // Clockwise triangles are turned round so every edge function is positive inside.
        let (p, q, r) = area > 0 ? (a, b, c) : (a, c, b)
        let x0 = max(0, Int((min(p.x, q.x, r.x) - 0.5).rounded(.up)))
        let x1 = min(width - 1, Int((max(p.x, q.x, r.x) - 0.5).rounded(.down)))
        let y0 = max(0, Int((min(p.y, q.y, r.y) - 0.5).rounded(.up)))
        let y1 = min(height - 1, Int((max(p.y, q.y, r.y) - 0.5).rounded(.down)))
        guard x0 <= x1, y0 <= y1 else { return }
        func edge(_ u: Point, _ v: Point, _ x: Double, _ y: Double) -> Double {
            (v.x - u.x) * (y - u.y) - (v.y - u.y) * (x - u.x)
        }
        for y in y0...y1 {
            let cy = Double(y) + 0.5
            for x in x0...x1 {
                let cx = Double(x) + 0.5
                // Pixels on a shared edge go to the triangle on its right or below (no
                // double count where two triangles meet).
                let e0 = edge(p, q, cx, cy), e1 = edge(q, r, cx, cy), e2 = edge(r, p, cx, cy)
                if Coverage.inside(e0, p, q), Coverage.inside(e1, q, r), Coverage.inside(e2, r, p) {
                    counts[y * width + x] &+= 1
                }
            }
        }
    }

    /// Top-left rule: a centre exactly on an edge counts for one of the two triangles only.
    @inline(__always)
    private static func inside(_ e: Double, _ u: Point, _ v: Point) -> Bool {
        if e > 0 { return true }
        if e < 0 { return false }
        return v.y > u.y || (v.y == u.y && v.x < u.x)
    }

    /// Pixels filled, counting each time.
    public var fills: Int { counts.reduce(0) { $0 + Int($1) } }

    /// Pixels no triangle filled.
    public var uncovered: Int { counts.reduce(0) { $0 + ($1 == 0 ? 1 : 0) } }

    /// Fills per pixel of the frame, the background counted once where nothing covers it:
    /// 1 when every pixel is filled exactly once.
    public var overdraw: Double {
        let n = width * height
        return n == 0 ? 0 : Double(fills + uncovered) / Double(n)
    }
}
