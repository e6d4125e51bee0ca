/// A value on its way from `from` to `to` along a 0 → 1 motion begun at `start` on the
/// animation clock: one shape for everything in Folio that glides (Flutter's
/// AnimationController over a Simulation). The zoom, the reading focus, the shelf's and the
/// book's scrolling and the navigation transition all sample one of these at the time they
/// are given; none of them keeps its own from/to/start arithmetic.
public struct Glide<Value: Mixable>: Sendable {
    /// Where the glide began and where it lands.
    public private(set) var from: Value
    public private(set) var to: Value
    /// When it began, seconds on the animation clock.
    public private(set) var start: Double
    /// Fraction of the way from `from` to `to` against seconds since `start`: 0 → 1 (a
    /// spring may pass 1 on the way).
    public private(set) var motion: any Motion

    /// A glide resting at `value` (its motion already over).
    public init(at value: Value) {
        from = value
        to = value
        start = 0
        motion = Glide.resting
    }

    /// A glide from `from` to `to` along `motion`, begun at `start`.
    public init(from: Value, to: Value, motion: any Motion, start: Double) {
        self.from = from
        self.to = to
        self.motion = motion
        self.start = start
    }

    /// The value at `time`: exactly `to` once the motion is over.
    public func value(at time: Double) -> Value {
        let t = time - start
        return motion.isDone(at: t) ? to : from.mixed(with: to, motion.value(at: max(t, 0)))
    }

    /// True once the motion is over at `time`.
    public func isDone(at time: Double) -> Bool { motion.isDone(at: time - start) }

    /// Glides on from `current` (what is on screen) to `target` along `motion`, from `time`.
    public mutating func retarget(from current: Value, to target: Value, motion: any Motion, at time: Double) {
        from = current
        to = target
        self.motion = motion
        start = time
    }

    /// Rests at `value` at once.
    public mutating func settle(on value: Value) {
        self = Glide(at: value)
    }

    /// A motion that is over before it starts.
    private static var resting: any Motion { TimingCurve.linear(duration: 0) }
}

/// A value that can be blended with another of its kind: `fraction` 0 is `self`, 1 is
/// `other`, in between (and beyond, for a spring's overshoot) on the straight line.
public protocol Mixable: Sendable {
    func mixed(with other: Self, _ fraction: Double) -> Self
}

extension Glide: Equatable where Value: Equatable {
    public static func == (a: Glide, b: Glide) -> Bool {
        a.from == b.from && a.to == b.to && a.start == b.start && a.motion.isSame(as: b.motion)
    }
}

/// A value whose changes can be measured against each other: the way from it to another as
/// components in one unit, so a glide's speed along one way can be carried onto another.
public protocol Measurable: Mixable {
    func components(to other: Self) -> [Double]
}

extension Glide where Value: Measurable {
    /// The rate of change at `time`, per component of `Value.components`, a second (zeros
    /// before the start and once over).
    public func velocity(at time: Double) -> [Double] {
        let t = time - start, way = from.components(to: to)
        guard t >= 0, !motion.isDone(at: t) else { return way.map { _ in 0 } }
        let rate = motion.velocity(at: t)
        return way.map { $0 * rate }
    }

    /// Glides on from `current` to `target` along `curve`, or, when the glide is moving that
    /// way faster at `time` than `curve` would start, along its end from that speed (the
    /// part of its velocity along the new way), as UIKit's springs take an initial
    /// velocity: a glide sent somewhere nearer while it moves (a turn of the wheel that asks
    /// less, a second zoom step) keeps its momentum rather than braking at once. A glide
    /// from rest starts as `curve` does.
    public mutating func retarget(from current: Value, to target: Value, keepingSpeedAlong curve: TimingCurve, at time: Double) {
        let way = current.components(to: target), moving = velocity(at: time)
        let length = way.reduce(0) { $0 + $1 * $1 }
        let along = zip(moving, way).reduce(0) { $0 + $1.0 * $1.1 }
        let slope = length == 0 ? 0 : along / length * curve.duration
        retarget(from: current, to: target, motion: slope > curve.startSlope ? curve.starting(atSlope: slope) : curve, at: time)
    }
}

extension Glide where Value == Double {
    /// The rate of change at `time`, value units a second (0 before the start and once over).
    public func speed(at time: Double) -> Double { velocity(at: time)[0] }
}

extension Double: Measurable {
    public func mixed(with other: Double, _ fraction: Double) -> Double {
        self + (other - self) * fraction
    }
    public func components(to other: Double) -> [Double] { [other - self] }
}

extension ScreenTransform: Measurable {
    /// A change of scale counts as the distance it moves a point `measuringReach` window
    /// points from the point zoomed about; a change of offset, as the points it moves.
    public func components(to other: ScreenTransform) -> [Double] {
        [(other.scale - scale) * ScreenTransform.measuringReach, other.offset.x - offset.x, other.offset.y - offset.y]
    }
    /// About half a window's width, points.
    static let measuringReach = 500.0
}
