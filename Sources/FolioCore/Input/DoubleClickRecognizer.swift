/// Tells a double-click from a click in a book, where a click turns the page and a
/// double-click zooms: a click is held for `interval` and acts then, unless a second click
/// near it comes first, which makes both one double-click. What it costs: a click in a book
/// turns its page `interval` later than it would on its own. Times are real seconds (slow
/// motion does not slow the hand).
public struct DoubleClickRecognizer: Sendable {
    /// Longest time between the two clicks' releases, seconds.
    public static let interval = 0.3
    /// Farthest the second click may land from the first, points.
    public static let slop = 8.0

    public enum Output: Equatable, Sendable {
        case click(Point)
        case doubleClick(Point)
    }

    private var pending: (point: Point, time: Double)?

    public init() {}

    /// A click is being held.
    public var isHolding: Bool { pending != nil }

    /// A click at `point` at `time`: a double-click if one is held close enough in time and
    /// space; otherwise the held one (if any) acts now and this one is held.
    public mutating func click(_ point: Point, at time: Double) -> Output? {
        if let held = pending, time - held.time <= Self.interval,
           abs(point.x - held.point.x) <= Self.slop, abs(point.y - held.point.y) <= Self.slop {
            pending = nil
            return .doubleClick(held.point)
        }
        let earlier = flush()
        pending = (point, time)
        return earlier
    }

    /// The held click, once its interval has passed without a second.
    public mutating func update(at time: Double) -> Output? {
        guard let held = pending, time - held.time > Self.interval else { return nil }
        return flush()
    }

    /// The held click now (something else happens with the pointer first).
    public mutating func flush() -> Output? {
        defer { pending = nil }
        return pending.map { .click($0.point) }
    }

    /// Forgets the held click (the book closed under it).
    public mutating func cancel() {
        pending = nil
    }
}
