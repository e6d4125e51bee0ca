import RealModule

/// UIScrollView's momentum: velocity decays as v(t) = v0 · rate^(1000 t), so a fling from
/// p0 rests at p0 − v0 / (1000 · ln rate). When the scroll view retargets the rest point
/// (snapping), the same exponential shape runs to the new target.
public struct DecayMotion: Motion, Equatable {
    /// UIScrollView.DecelerationRate.fast, per millisecond.
    public static let fastRate = 0.99
    /// UIScrollView.DecelerationRate.normal, per millisecond.
    public static let normalRate = 0.998

    public let start: Double
    public let target: Double
    /// Decay constant λ in v(t) = v0 · e^(−λt), per second.
    public let lambda: Double
    /// Distance from the target, in points, below which the motion lands.
    public let restThreshold: Double

    /// A decay from `start` that lands on `target`.
    public init(from start: Double, to target: Double, rate: Double = DecayMotion.fastRate,
                restThreshold: Double = 0.05) {
        self.start = start
        self.target = target
        self.lambda = -1000 * Double.log(rate)
        self.restThreshold = restThreshold
    }

    /// The decay that lands on `distance` points from where it starts, as a 0 → 1 fraction
    /// of the way (`Glide`'s motion): it settles when the same decay over `distance` points
    /// would.
    public static func unit(over distance: Double, rate: Double = DecayMotion.fastRate,
                            restThreshold: Double = 0.05) -> DecayMotion {
        DecayMotion(from: 0, to: 1, rate: rate, restThreshold: restThreshold / max(abs(distance), 1e-12))
    }

    /// Where a fling with `velocity` (points per second) from `position` comes to rest.
    public static func restingPosition(from position: Double, velocity: Double,
                                       rate: Double = DecayMotion.fastRate) -> Double {
        position - velocity / (1000 * Double.log(rate))
    }

    /// The velocity this motion starts with, points per second.
    public var initialVelocity: Double { (target - start) * lambda }

    public func value(at t: Double) -> Double {
        if t >= settleTime { return target }
        return target - (target - start) * Double.exp(-lambda * max(t, 0))
    }

    public func velocity(at t: Double) -> Double {
        if t >= settleTime { return 0 }
        return (target - start) * lambda * Double.exp(-lambda * max(t, 0))
    }

    public var settleTime: Double {
        let distance = abs(target - start)
        guard distance > restThreshold else { return 0 }
        return Double.log(distance / restThreshold) / lambda
    }
}
