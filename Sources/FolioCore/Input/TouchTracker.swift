/// Fingers on a touchscreen in Folio's terms. One finger is the pointer: a tap clicks, a
/// swipe drags (the shelf scrolls, a leaf turns). Two fingers are the pinch: the change in
/// their distance drives the same percent-driven interaction as the wheel, as a smooth
/// stream (`PinchRecognizer`), spreading them by half the window's shorter side being worth
/// a whole transition (four notches); lifting one ends the gesture at once. The point between
/// them moves the pointer (without a press), so a pinch in an open book zooms about it. A second finger
/// landing mid-swipe ends the swipe where it is (never as a tap). Fingers beyond two are
/// ignored, and after a pinch the remaining finger does nothing until every finger is up.
public struct TouchTracker: Sendable {
    public enum Output: Equatable, Sendable {
        /// Pointer input from the one finger down (`.pointerDown`, `.pointerMoved`, `.pointerUp`).
        case pointer(InputEvent)
        /// A second finger ended the one-finger press.
        case cancelPointer
        /// The pinch moved by `dy` notches (positive spreads: opening).
        case pinch(dy: Double)
        /// A pinching finger lifted.
        case pinchEnded
    }

    /// Notches per unit of finger distance over the window's shorter side: half of it is
    /// four notches, a whole transition.
    public static let notchesPerShortSide = 8.0
    /// Fingers tracked at once (the rest are ignored).
    public static let maxFingers = 10

    private var fingers: [Int: Point] = [:]
    private var pointerFinger: Int?
    private var pair: (a: Int, b: Int, distance: Double)?

    public init() {}

    public var isPinching: Bool { pair != nil }

    public mutating func handle(_ phase: TouchPhase, finger: Int, at point: Point, windowSize: Size) -> [Output] {
        guard point.x.isFinite, point.y.isFinite else { return [] }
        switch phase {
        case .down:
            guard fingers[finger] == nil, fingers.count < TouchTracker.maxFingers else { return [] }
            fingers[finger] = point
            if fingers.count == 1 {
                pointerFinger = finger
                return [.pointer(.pointerDown(point))]
            }
            if fingers.count == 2, let first = fingers.keys.first(where: { $0 != finger }), let other = fingers[first] {
                let wasPointer = pointerFinger != nil
                pointerFinger = nil
                pair = (first, finger, distance(other, point))
                // The point between the fingers is where a zoom centres.
                return (wasPointer ? [.cancelPointer] : []) + [.pointer(.pointerMoved(midpoint(other, point)))]
            }
            return []
        case .move:
            guard fingers[finger] != nil else { return [] }
            fingers[finger] = point
            if finger == pointerFinger { return [.pointer(.pointerMoved(point))] }
            guard let p = pair, finger == p.a || finger == p.b, let a = fingers[p.a], let b = fingers[p.b] else { return [] }
            let d = distance(a, b)
            pair = (p.a, p.b, d)
            let side = max(min(windowSize.width, windowSize.height), 1)
            let dy = (d - p.distance) / side * TouchTracker.notchesPerShortSide
            return dy == 0 || !dy.isFinite ? [] : [.pointer(.pointerMoved(midpoint(a, b))), .pinch(dy: dy)]
        case .up:
            guard fingers.removeValue(forKey: finger) != nil else { return [] }
            if finger == pointerFinger {
                pointerFinger = nil
                return [.pointer(.pointerUp(point))]
            }
            if let p = pair, finger == p.a || finger == p.b {
                pair = nil
                return [.pinchEnded]
            }
            return []
        }
    }

    private func midpoint(_ a: Point, _ b: Point) -> Point {
        Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
    }

    private func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
