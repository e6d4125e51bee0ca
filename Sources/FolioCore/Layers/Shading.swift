/// The darkening gradient across a page (SPEC §2): stops at fractions of the width measured
/// from the quad's left edge, each an alpha of dark grey.
public struct Shading: Equatable, Sendable {
    public static let grey = 0.33
    public var stops: [(x: Double, alpha: Double)]

    public static func == (a: Shading, b: Shading) -> Bool {
        a.stops.count == b.stops.count
            && zip(a.stops, b.stops).allSatisfy { $0.x == $1.x && $0.alpha == $1.alpha }
    }

    /// Alpha at fraction `x` of the width, linear between stops.
    public func alpha(at x: Double) -> Double {
        guard let first = stops.first, let last = stops.last else { return 0 }
        if x <= first.x { return first.alpha }
        if x >= last.x { return last.alpha }
        for i in 1..<stops.count where x <= stops[i].x {
            let a = stops[i - 1], b = stops[i]
            return b.x == a.x ? b.alpha : mix(a.alpha, b.alpha, (x - a.x) / (b.x - a.x))
        }
        return last.alpha
    }

    public var isVisible: Bool { stops.contains { $0.alpha > 1.0 / 512 } }

    /// The gradient for a page whose current rotation corresponds to ratio `rho`:
    /// alpha times `inv = 1 − |ρ|`. Right pages measure from the spine (the quad's left
    /// edge); left pages from their outer edge (also the quad's left edge).
    public static func page(side: PageSide, rho: Double) -> Shading {
        let inv = max(0, 1 - abs(rho))
        switch side {
        case .right:
            return Shading(stops: [(0, 0.45 * inv), (0.02, 0.40 * inv), (1, 0.55 * inv)])
        case .left:
            return Shading(stops: [(0, 0.30 * inv), (0.5, 0.40 * inv), (0.98, 0.50 * inv), (1, 0.55 * inv)])
        case .alone:
            // A page alone is flat, unbent: no shade.
            return Shading(stops: [(0, 0), (1, 0)])
        }
    }
}
