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
    /// True when `other` is this very motion: the same type with the same parameters.
    func isSame(as other: any Motion) -> Bool
}

extension Motion where Self: Equatable {
    public func isSame(as other: any Motion) -> Bool { (other as? Self) == self }
}

extension Motion {
    public func isDone(at t: Double) -> Bool { t >= settleTime }
}
