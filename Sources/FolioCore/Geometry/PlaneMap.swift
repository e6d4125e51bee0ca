/// A layer's plane as a homography: a point of its bounds (points, origin top left) to the
/// window point it is drawn at (points), and back.
///
/// A perspective projection of a plane is a 3×3 projective map: window = (a·x + b·y + c,
/// d·x + e·y + f) / (g·x + h·y + i). Lines stay lines, so a convex polygon of one layer maps
/// to a convex polygon of another as long as every corner is in front of the eye.
public struct PlaneMap: Sendable {
    /// A row-major 3×3 matrix.
    struct Matrix: Sendable {
        var a, b, c, d, e, f, g, h, i: Double

        /// The image of (x, y, 1) after the divide, or nil when its w is not usable.
        @inline(__always)
        func apply(_ p: Point, requirePositive: Bool) -> Point? {
            let w = g * p.x + h * p.y + i
            if requirePositive ? w <= 1e-9 : abs(w) <= 1e-12 { return nil }
            return Point(x: (a * p.x + b * p.y + c) / w, y: (d * p.x + e * p.y + f) / w)
        }

        /// The inverse by the adjugate, or nil when singular.
        var inverse: Matrix? {
            let c00 = e * i - f * h, c01 = -(d * i - f * g), c02 = d * h - e * g
            let det = a * c00 + b * c01 + c * c02
            guard abs(det) > 1e-12 else { return nil }
            let k = 1 / det
            return Matrix(a: c00 * k, b: -(b * i - c * h) * k, c: (b * f - c * e) * k,
                          d: c01 * k, e: (a * i - c * g) * k, f: -(a * f - c * d) * k,
                          g: c02 * k, h: -(a * h - b * g) * k, i: (a * e - b * d) * k)
        }
    }

    private let forward: Matrix
    private let inverse: Matrix

    /// Nil when the plane is seen exactly edge-on (the map cannot be inverted).
    public init?(_ layer: Layer) {
        let m = layer.transform
        let ax = layer.anchor.x * layer.size.width, ay = layer.anchor.y * layer.size.height
        let s = layer.screen.scale
        let ox = layer.screen.offset.x + s * layer.position.x
        let oy = layer.screen.offset.y + s * layer.position.y
        // Homogeneous image of (x − ax, y − ay, 0, 1), rows of x, y and w as functions of
        // (x, y, 1); then window = s·(x'/w') + o, that is (s·x' + o·w') / w'.
        let wx = m.m14, wy = m.m24, w1 = m.m44 - ax * m.m14 - ay * m.m24
        let xx = m.m11, xy = m.m21, x1 = m.m41 - ax * m.m11 - ay * m.m21
        let yx = m.m12, yy = m.m22, y1 = m.m42 - ax * m.m12 - ay * m.m22
        let f = Matrix(a: s * xx + ox * wx, b: s * xy + ox * wy, c: s * x1 + ox * w1,
                       d: s * yx + oy * wx, e: s * yy + oy * wy, f: s * y1 + oy * w1,
                       g: wx, h: wy, i: w1)
        guard let inv = f.inverse else { return nil }
        forward = f
        inverse = inv
    }

    /// The window point of bounds point `p`, or nil at or behind the eye.
    @inline(__always)
    public func window(_ p: Point) -> Point? {
        forward.apply(p, requirePositive: true)
    }

    /// The bounds point of the plane seen at window point `p`, or nil when no point of the
    /// plane in front of the eye is seen there.
    public func bounds(_ p: Point) -> Point? {
        guard let q = inverse.apply(p, requirePositive: false),
              let back = forward.apply(q, requirePositive: true) else { return nil }
        // The plane point must itself be in front of the eye: then it maps back to `p`.
        let dx = back.x - p.x, dy = back.y - p.y
        return dx * dx + dy * dy < 1e-6 * max(1, p.x * p.x + p.y * p.y) ? q : nil
    }
}
