#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the vertical wheel into a pinch (SPEC §4): `scale = exp(ln 1.25 · Σ notches)`,
/// wheel up (away from the user) spreading the fingers. A gesture begins with the first
/// notch and ends when the wheel has been idle for 0.25 s or the pointer leaves.
public struct PinchRecognizer: Sendable {
    public enum Phase: Equatable, Sendable {
        case began(scale: Double)
        case changed(scale: Double)
        /// `velocity`: d(scale)/dt over the gesture's last moments, per second.
        case ended(scale: Double, velocity: Double)
    }

    /// ln 1.25: one notch scales by 1.25.
    public static let notchGain = log(1.25)
    /// Seconds without a wheel event that end the gesture.
    public static let idleEnd = 0.25
    /// Seconds of the gesture's tail that the release velocity looks at.
    static let velocityWindow = 0.3

    /// Σ notches of the gesture in progress, or nil when none is.
    public private(set) var notches: Double?
    private var lastEvent = 0.0
    private var samples: [(t: Double, n: Double)] = []

    public init() {}

    public var isActive: Bool { notches != nil }
    public var scale: Double { exp(PinchRecognizer.notchGain * (notches ?? 0)) }

    /// A wheel event with `dy` notches at `time` (the real clock).
    public mutating func wheel(dy: Double, at time: Double) -> Phase {
        let began = notches == nil
        let total = (notches ?? 0) + dy
        notches = total
        lastEvent = time
        samples.append((time, total))
        samples.removeAll { $0.t < time - PinchRecognizer.velocityWindow }
        return began ? .began(scale: scale) : .changed(scale: scale)
    }

    /// Ends the gesture if the wheel has been idle long enough.
    public mutating func update(at time: Double) -> Phase? {
        guard notches != nil, time - lastEvent >= PinchRecognizer.idleEnd else { return nil }
        return end()
    }

    /// The pointer left the window: the gesture ends now.
    public mutating func pointerLeft() -> Phase? {
        notches == nil ? nil : end()
    }

    private mutating func end() -> Phase {
        let s = scale
        var velocity = 0.0
        if let first = samples.first, let last = samples.last, last.t > first.t {
            velocity = s * PinchRecognizer.notchGain * (last.n - first.n) / (last.t - first.t)
        }
        notches = nil
        samples.removeAll()
        return .ended(scale: s, velocity: velocity)
    }
}
