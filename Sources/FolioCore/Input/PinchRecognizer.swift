/// Turns the vertical wheel into a pinch (SPEC §4, tuned for real wheels): wheel up (away
/// from the user) spreads the fingers, wheel down pinches in. Every event carries SDL's
/// `preciseY`: ±1 per notch of a notched wheel, fractions from high-resolution wheels and
/// touchpads. A gesture begins with the first event and ends when the wheel has been idle
/// for 0.25 s or the pointer leaves (a touchscreen pinch: when a finger lifts); what the end
/// means is the gesture's rule (`PinchGesture`).
public struct PinchRecognizer: Sendable {
    public enum Phase: Equatable, Sendable {
        /// The first event of a gesture, `dy` notches.
        case began(dy: Double)
        /// A later event of the same gesture.
        case changed(dy: Double)
        case ended(Release)
    }

    /// How the wheel moved as the gesture ended.
    public struct Release: Equatable, Sendable {
        /// Notches per second over the gesture's last moments (0 when there was one event).
        public var velocity: Double
        /// The sign of the last event: +1 up, −1 down.
        public var lastDirection: Double
        /// True when the last event was a whole notch (a notched wheel, not a smooth stream).
        public var notched: Bool
        /// Σ notches of the whole gesture.
        public var notches: Double
    }

    /// Seconds without a wheel event that end the gesture.
    public static let idleEnd = 0.25
    /// Seconds of the gesture's tail that the release velocity looks at.
    static let velocityWindow = 0.15

    /// Σ notches of the gesture in progress, or nil when none is.
    public private(set) var notches: Double?
    /// When the gesture's last event came (the real clock).
    public private(set) var lastEvent = 0.0
    private var lastDelta = 0.0
    private var samples: [(t: Double, dy: Double)] = []

    public init() {}

    public var isActive: Bool { notches != nil }

    /// A wheel event with `dy` notches at `time` (the real clock).
    public mutating func wheel(dy: Double, at time: Double) -> Phase {
        let began = notches == nil
        notches = (notches ?? 0) + dy
        lastEvent = time
        lastDelta = dy
        samples.append((time, dy))
        samples.removeAll { $0.t < time - PinchRecognizer.velocityWindow }
        return began ? .began(dy: dy) : .changed(dy: dy)
    }

    /// Ends the gesture if the wheel has been idle long enough.
    public mutating func update(at time: Double) -> Phase? {
        guard notches != nil, time - lastEvent >= PinchRecognizer.idleEnd else { return nil }
        return end()
    }

    /// The pointer left the window, or the pinching fingers lifted: the gesture ends now.
    public mutating func pointerLeft() -> Phase? {
        notches == nil ? nil : end()
    }

    /// Seconds since the gesture's last event.
    public func idle(at time: Double) -> Double { time - lastEvent }

    private mutating func end() -> Phase {
        // The first event in the window marks when the measured movement began, so it counts
        // as the start, not as movement: a lone notch has no velocity.
        var velocity = 0.0
        if let first = samples.first, let last = samples.last, last.t > first.t {
            velocity = samples.dropFirst().reduce(0) { $0 + $1.dy } / (last.t - first.t)
        }
        let release = Release(velocity: velocity, lastDirection: lastDelta < 0 ? -1 : 1,
                              notched: abs(lastDelta) >= 1 && lastDelta == lastDelta.rounded(),
                              notches: notches ?? 0)
        notches = nil
        samples.removeAll()
        return .ended(release)
    }
}
