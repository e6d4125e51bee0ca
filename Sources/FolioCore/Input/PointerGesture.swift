/// What a press-move-release of the pointer amounts to.
public enum PointerGesture: Equatable, Sendable {
    case click(Point)
    case dragBegan(Point)
    /// `delta` since the previous event, points.
    case dragChanged(Point, delta: Point)
    case dragEnded(Point)
}
