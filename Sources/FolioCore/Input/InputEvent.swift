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
    /// A finger on a touchscreen, at a window position in points (`TouchTracker` turns one
    /// finger into the pointer and two into the pinch).
    case touch(TouchPhase, finger: Int, at: Point)
}

public enum TouchPhase: String, Sendable, CaseIterable {
    case down, move, up
}
