/// Anything that moves: a value as a function of time in seconds since it started.
///
/// A cubic-Bézier curve, a spring and a scroll decay all answer the same three questions,
/// so every animation in Folio is driven by one code path (STYLE 2).
public protocol Motion: Sendable {
    /// The value at `t` seconds (t ≥ 0). Springs may overshoot their end value.
    func value(at t: Double) -> Double
    /// The rate of change at `t`, in value units per second.
    func velocity(at t: Double) -> Double
    /// Seconds after which the value rests exactly at its end value.
    var settleTime: Double { get }
}

extension Motion {
    public func isDone(at t: Double) -> Bool { t >= settleTime }

    /// A central difference; curves with a closed-form derivative override `velocity(at:)`.
    public func numericVelocity(at t: Double) -> Double {
        let h = 1e-4
        return (value(at: t + h) - value(at: max(0, t - h))) / (t + h - max(0, t - h))
    }
}

/// A 0 → 1 motion stretched to run between two values.
public struct MappedMotion: Motion {
    public let unit: any Motion
    public let from: Double
    public let to: Double

    public init(_ unit: any Motion, from: Double, to: Double) {
        self.unit = unit
        self.from = from
        self.to = to
    }

    public func value(at t: Double) -> Double { mix(from, to, unit.value(at: t)) }
    public func velocity(at t: Double) -> Double { (to - from) * unit.velocity(at: t) }
    public var settleTime: Double { unit.settleTime }
}
