/// A straight line from 0 to 1 over `duration` seconds, exactly: the clock's share of a
/// transition's progress (no Bézier to solve, so a ramp's value is t / duration to the bit).
public struct Ramp: Motion, Equatable {
    public let duration: Double

    public init(duration: Double) {
        self.duration = max(duration, 0)
    }

    public func value(at t: Double) -> Double {
        duration > 0 ? min(max(t, 0) / duration, 1) : 1
    }

    public func velocity(at t: Double) -> Double {
        duration > 0 && t < duration ? 1 / duration : 0
    }

    public var settleTime: Double { duration }
}
