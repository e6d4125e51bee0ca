import RealModule

/// A damped spring moving a unit mass from 0 to 1: the physical parameters (stiffness,
/// damping) plus UIKit's perceptual initializer (damping ratio, duration, initial velocity).
///
/// One closed form per damping case (underdamped, critically damped); UIKit ends the
/// animation at `duration`, where the value snaps the last fraction of a percent onto 1.
public struct Spring: Motion, Equatable {
    /// Damping ratio ζ in (0, 1].
    public let dampingRatio: Double
    /// Undamped angular frequency ω0, radians per second.
    public let naturalFrequency: Double
    /// Initial velocity, in distances per second (0.7 = 70% of the distance each second).
    public let initialVelocity: Double
    /// Seconds until the animation ends exactly on 1.
    public let duration: Double

    public var stiffness: Double { naturalFrequency * naturalFrequency }
    public var damping: Double { 2 * dampingRatio * naturalFrequency }
    public var mass: Double { 1 }

    /// UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:):
    /// ω0 is found by Newton's method from 5/T so that the oscillation's envelope term
    /// `((ζω0 − v)/ωd)·e^(−ζω0T)` is 0.001 at T.
    public init(dampingRatio: Double, duration: Double, initialVelocity: Double) {
        let zeta = min(max(dampingRatio, 1e-3), 1)
        let T = min(max(duration, 0.01), 10)
        let v = initialVelocity
        self.dampingRatio = zeta
        self.duration = T
        self.initialVelocity = v
        self.naturalFrequency = Spring.solveNaturalFrequency(zeta: zeta, duration: T, velocity: v)
    }

    static func envelope(omega: Double, zeta: Double, duration T: Double, velocity v: Double) -> Double {
        if zeta >= 1 {
            return (1 + (omega - v) * T) * Double.exp(-omega * T)
        }
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        return (zeta * omega - v) / omegaD * Double.exp(-zeta * omega * T)
    }

    static func solveNaturalFrequency(zeta: Double, duration T: Double, velocity v: Double) -> Double {
        let target = 0.001
        var omega = 5 / T
        for _ in 0..<64 {
            let f = envelope(omega: omega, zeta: zeta, duration: T, velocity: v) - target
            let h = 1e-6 * max(1, omega)
            let d = (envelope(omega: omega + h, zeta: zeta, duration: T, velocity: v)
                - envelope(omega: omega - h, zeta: zeta, duration: T, velocity: v)) / (2 * h)
            guard d != 0, d.isFinite else { break }
            let next = max(omega - f / d, omega / 2)
            if abs(next - omega) < 1e-12 * omega { omega = next; break }
            omega = next
        }
        return omega
    }

    /// The free spring's position, without UIKit's landing at T.
    public func freeValue(at t: Double) -> Double {
        let z = dampingRatio, w0 = naturalFrequency, v = initialVelocity
        if z >= 1 {
            return 1 - Double.exp(-w0 * t) * (1 + (w0 - v) * t)
        }
        let wd = w0 * (1 - z * z).squareRoot()
        let b = (z * w0 - v) / wd
        return 1 - Double.exp(-z * w0 * t) * (Double.cos(wd * t) + b * Double.sin(wd * t))
    }

    public func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= duration { return 1 }
        return freeValue(at: t)
    }

    public func velocity(at t: Double) -> Double {
        if t < 0 || t >= duration { return 0 }
        let z = dampingRatio, w0 = naturalFrequency, v = initialVelocity
        if z >= 1 {
            // d/dt of 1 − e^(−w0 t)(1 + (w0 − v)t)
            return Double.exp(-w0 * t) * (w0 * (1 + (w0 - v) * t) - (w0 - v))
        }
        let wd = w0 * (1 - z * z).squareRoot()
        let b = (z * w0 - v) / wd
        let e = Double.exp(-z * w0 * t)
        let (c, s) = (Double.cos(wd * t), Double.sin(wd * t))
        return e * (z * w0 * (c + b * s) - (-wd * s + b * wd * c))
    }

    public var settleTime: Double { duration }
}
