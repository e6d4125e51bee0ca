/// Keys Folio responds to; raw values are SDL's key names, lower-cased.
public enum Key: String, CaseIterable, Sendable {
    case right, left, up, down
    case `return`, escape, space, backspace
    case home, end, pageup, pagedown
    case s, r
}

/// Modifier keys held during an event.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1)
    public static let ctrl = Modifiers(rawValue: 2)
    public static let alt = Modifiers(rawValue: 4)
}

/// Input in Folio's own terms: FolioSDL translates SDL events into these, scripts describe
/// them, and nothing above FolioSDL ever sees an SDL type.
public enum InputEvent: Equatable, Sendable {
    case key(Key, Modifiers = [])
    /// Wheel motion in notches (fractions for smooth wheels); dx > 0 scrolls right, dy > 0
    /// is away from the user.
    case wheel(dx: Double, dy: Double, modifiers: Modifiers = [])
    case pointerDown(Point)
    case pointerMoved(Point)
    case pointerUp(Point)
    /// The pointer left the window.
    case pointerLeft
    /// The window's logical size changed.
    case resize(Size)
}

/// What a press-move-release of the pointer amounts to.
public enum PointerGesture: Equatable, Sendable {
    case click(Point)
    case dragBegan(Point)
    /// `delta` since the previous event, points.
    case dragChanged(Point, delta: Point)
    case dragEnded(Point)
}

/// Tells clicks from drags: a press that moves less than `slop` points before release is
/// a click.
public struct PointerTracker: Sendable {
    public static let slop = 6.0
    private var down: Point?
    private var last: Point?
    private var dragging = false

    public init() {}

    public mutating func handle(_ event: InputEvent) -> [PointerGesture] {
        switch event {
        case .pointerDown(let p):
            down = p
            last = p
            dragging = false
            return []
        case .pointerMoved(let p):
            guard let start = down, let previous = last else { return [] }
            last = p
            var out: [PointerGesture] = []
            if !dragging {
                guard hypot2(p.x - start.x, p.y - start.y) >= PointerTracker.slop * PointerTracker.slop else { return [] }
                dragging = true
                out.append(.dragBegan(start))
                out.append(.dragChanged(p, delta: Point(x: p.x - start.x, y: p.y - start.y)))
                return out
            }
            return [.dragChanged(p, delta: Point(x: p.x - previous.x, y: p.y - previous.y))]
        case .pointerUp(let p):
            defer { down = nil; last = nil; dragging = false }
            guard down != nil else { return [] }
            if dragging {
                var out: [PointerGesture] = []
                if let previous = last, previous != p {
                    out.append(.dragChanged(p, delta: Point(x: p.x - previous.x, y: p.y - previous.y)))
                }
                out.append(.dragEnded(p))
                return out
            }
            return [.click(p)]
        case .pointerLeft, .resize:
            return []
        default:
            return []
        }
    }
}

@inline(__always)
private func hypot2(_ x: Double, _ y: Double) -> Double { x * x + y * y }
