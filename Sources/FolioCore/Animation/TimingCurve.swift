/// A CSS/Core Animation timing function: a cubic Bézier from (0, 0) to (1, 1) with control
/// points (x1, y1) and (x2, y2), run over `duration` seconds.
public struct TimingCurve: Motion, Equatable {
    public let x1: Double, y1: Double, x2: Double, y2: Double
    public let duration: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, duration: Double = 1) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
        self.duration = max(duration, 1e-6)
    }

    /// UIView.AnimationCurve.easeInOut (kCAMediaTimingFunctionEaseInEaseOut).
    public static func easeInOut(duration: Double = 1) -> TimingCurve {
        TimingCurve(0.42, 0, 0.58, 1, duration: duration)
    }

    public static func linear(duration: Double = 1) -> TimingCurve {
        TimingCurve(0, 0, 1, 1, duration: duration)
    }

    /// Progress per fraction of the duration as the curve starts (the first control point's
    /// direction, or the second's where the first lies on the start).
    public var startSlope: Double {
        if x1 > 0 { return y1 / x1 }
        if y1 > 0 { return .infinity }
        return x2 > 0 ? y2 / x2 : .infinity
    }

    /// This curve's end (its second control point, its duration) from a start at `slope`
    /// (progress per fraction of the duration; 0 is from rest), kept within 0…3 so the
    /// curve neither runs backwards nor overshoots its end.
    public func starting(atSlope slope: Double) -> TimingCurve {
        let s = min(max(slope.isFinite ? slope : 0, 0), 3)
        return TimingCurve(1.0 / 3, s / 3, x2, y2, duration: duration)
    }

    // Bézier polynomial coefficients: B(s) = ((a·s + b)·s + c)·s.
    private static func coefficients(_ p1: Double, _ p2: Double) -> (a: Double, b: Double, c: Double) {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        return (1 - c - b, b, c)
    }

    @inline(__always)
    private static func sample(_ k: (a: Double, b: Double, c: Double), _ s: Double) -> Double {
        ((k.a * s + k.b) * s + k.c) * s
    }

    @inline(__always)
    private static func slope(_ k: (a: Double, b: Double, c: Double), _ s: Double) -> Double {
        (3 * k.a * s + 2 * k.b) * s + k.c
    }

    /// The Bézier parameter s with x(s) = x: Newton (at most 8 steps), then bisection.
    func parameter(forX x: Double) -> Double {
        let kx = Self.coefficients(x1, x2)
        let epsilon = 1e-9
        var s = x
        for _ in 0..<8 {
            let error = Self.sample(kx, s) - x
            if abs(error) < epsilon { return s }
            let d = Self.slope(kx, s)
            if abs(d) < 1e-9 { break }
            s -= error / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        while lo < hi {
            let value = Self.sample(kx, s)
            if abs(value - x) < epsilon { return s }
            if x > value { lo = s } else { hi = s }
            let next = (lo + hi) / 2
            if next == s { break }
            s = next
        }
        return s
    }

    /// y for a given fraction x of the duration, 0…1.
    public func progress(atFraction x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.sample(Self.coefficients(y1, y2), parameter(forX: x))
    }

    public func value(at t: Double) -> Double { progress(atFraction: t / duration) }

    public func velocity(at t: Double) -> Double {
        let x = t / duration
        guard x > 0, x < 1 else { return 0 }
        let s = parameter(forX: x)
        let dx = Self.slope(Self.coefficients(x1, x2), s)
        let dy = Self.slope(Self.coefficients(y1, y2), s)
        return dx == 0 ? 0 : dy / dx / duration
    }

    public var settleTime: Double { duration }
}
