/// Tells clicks from drags: a press that moves less than `slop` points before release is
/// a click.
public struct PointerTracker: Sendable {
    public static let slop = 6.0
    private var down: Point?
    private var last: Point?
    private var dragging = false

    public init() {}

    /// A button is down (a press that may become a click or a drag).
    public var isDown: Bool { down != nil }

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

    /// Ends the press without a click (a second finger turned a swipe into a pinch): a drag
    /// in progress ends where it is, a press that has not moved is forgotten.
    public mutating func cancel() -> [PointerGesture] {
        defer { down = nil; last = nil; dragging = false }
        guard dragging, let last else { return [] }
        return [.dragEnded(last)]
    }
}

@inline(__always)
private func hypot2(_ x: Double, _ y: Double) -> Double { x * x + y * y }
