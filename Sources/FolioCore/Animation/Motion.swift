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
}
