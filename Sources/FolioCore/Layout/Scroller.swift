/// One axis of a scroll view: dragging with rubber-banded edges, momentum that decays as
/// UIScrollView's does, and a snapping rule that picks where the momentum lands.
public struct Scroller: Sendable {
    public enum Phase: Sendable {
        case idle
        /// Following the pointer; `raw` is the position before the rubber band.
        case dragging(raw: Double)
        /// Gliding to a target: momentum's decay, or a sweep across many leaves (riffled).
        case gliding(Glide<Double>)
    }

    /// Where the content rests, points.
    public private(set) var position: Double
    public private(set) var phase: Phase = .idle
    /// Positions between which the content rests.
    public var range: ClosedRange<Double>
    /// Size of the viewport along this axis; the rubber band stretches relative to it.
    public var dimension: Double
    /// Recent (time, raw position) samples while dragging, for the release velocity.
    private var samples: [(t: Double, p: Double)] = []

    /// Velocity samples older than this (seconds) do not count at release.
    static let velocityWindow = 0.1

    public init(position: Double = 0, range: ClosedRange<Double>, dimension: Double) {
        self.range = range
        self.dimension = dimension
        self.position = clamp(position, range.lowerBound, range.upperBound)
    }

    public var isDragging: Bool { if case .dragging = phase { return true } else { return false } }
    public var isAnimating: Bool {
        if case .gliding = phase { return true } else { return false }
    }

    /// Where the content is heading: the animation's target, or the current position.
    public var target: Double {
        if case .gliding(let glide) = phase { return glide.to } else { return position }
    }

    /// UIScrollView's rubber band: an overshoot `x` past an edge shows as
    /// `(1 − 1/(x·0.55/d + 1))·d`.
    public static func rubberBand(_ x: Double, dimension d: Double) -> Double {
        guard d > 0 else { return 0 }
        return (1 - 1 / (abs(x) * 0.55 / d + 1)) * d * (x < 0 ? -1 : 1)
    }

    func displayed(raw: Double) -> Double {
        if raw < range.lowerBound { return range.lowerBound + Scroller.rubberBand(raw - range.lowerBound, dimension: dimension) }
        if raw > range.upperBound { return range.upperBound + Scroller.rubberBand(raw - range.upperBound, dimension: dimension) }
        return raw
    }

    /// The raw position that displays as `shown` (inverse of the rubber band).
    func raw(displayed shown: Double) -> Double {
        func inverse(_ y: Double) -> Double {
            let f = min(abs(y) / dimension, 0.999_999)
            return (1 / (1 - f) - 1) * dimension / 0.55 * (y < 0 ? -1 : 1)
        }
        if shown < range.lowerBound { return range.lowerBound + inverse(shown - range.lowerBound) }
        if shown > range.upperBound { return range.upperBound + inverse(shown - range.upperBound) }
        return shown
    }

    public mutating func beginDrag(at time: Double) {
        let raw = raw(displayed: position)
        phase = .dragging(raw: raw)
        samples = [(time, raw)]
    }

    /// Moves the content by `delta` points (positive increases the position).
    public mutating func drag(by delta: Double, at time: Double) {
        guard case .dragging(let raw) = phase else { return }
        let next = raw + delta
        phase = .dragging(raw: next)
        position = displayed(raw: next)
        samples.append((time, next))
        samples.removeAll { $0.t < time - Scroller.velocityWindow }
    }

    /// The release velocity, points per second: zero if the pointer rested before release.
    public func dragVelocity(at time: Double) -> Double {
        let recent = samples.filter { $0.t >= time - Scroller.velocityWindow }
        guard let first = recent.first, let last = recent.last, last.t > first.t else { return 0 }
        return (last.p - first.p) / (last.t - first.t)
    }

    /// Ends a drag; `snap(rest, velocity)` picks the landing position from where the
    /// momentum would come to rest.
    public mutating func endDrag(at time: Double, snap: (Double, Double) -> Double) {
        guard isDragging else { return }
        let v = dragVelocity(at: time)
        let rest = DecayMotion.restingPosition(from: position, velocity: v)
        scroll(to: snap(rest, v), at: time)
    }

    /// Glides to `target` (clamped to the range) with the fast-deceleration shape.
    public mutating func scroll(to target: Double, at time: Double) {
        let goal = clamp(target, range.lowerBound, range.upperBound)
        samples.removeAll()
        if abs(goal - position) < 1e-9 {
            position = goal
            phase = .idle
            return
        }
        phase = .gliding(Glide(from: position, to: goal, motion: DecayMotion.unit(over: goal - position), start: time))
    }

    /// Sweeps to `target` (clamped) along an ease-in-out curve over `duration` seconds: the
    /// content passes everything in between at a pace set by the distance, and lands on time.
    public mutating func sweep(to target: Double, duration: Double, at time: Double) {
        let goal = clamp(target, range.lowerBound, range.upperBound)
        samples.removeAll()
        guard abs(goal - position) >= 1e-9 else {
            jump(to: goal)
            return
        }
        phase = .gliding(Glide(from: position, to: goal, motion: TimingCurve.easeInOut(duration: duration), start: time))
    }

    /// Jumps without animation (clamped).
    public mutating func jump(to target: Double) {
        position = clamp(target, range.lowerBound, range.upperBound)
        phase = .idle
        samples.removeAll()
    }

    /// Advances an animation to `time` (the animation clock).
    public mutating func update(at time: Double) {
        guard case .gliding(let glide) = phase else { return }
        position = glide.value(at: time)
        if glide.isDone(at: time) { phase = .idle }
    }

    /// Adopts a new range and viewport (a resize), keeping the content at the same place in
    /// units of `scale` (old size → new size). Whatever was moving lands at once: an
    /// animation at its target, a drag at `snap` of where it was (the drag is over).
    public mutating func relayout(range: ClosedRange<Double>, dimension: Double, scale: Double,
                                  snap: (Double) -> Double) {
        let wasDragging = isDragging
        let target = self.target * scale
        self.range = range
        self.dimension = dimension
        position = position * scale
        samples.removeAll()
        if wasDragging {
            jump(to: snap(position))
        } else if isAnimating || position < range.lowerBound || position > range.upperBound {
            jump(to: target)
        }
    }
}
