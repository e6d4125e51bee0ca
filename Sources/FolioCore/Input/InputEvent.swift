/// Input in Folio's own terms: FolioSDL translates SDL events into these, scripts describe
/// them, and nothing above FolioSDL ever sees an SDL type.
public enum InputEvent: Equatable, Sendable {
    case key(Key, Modifiers = [])
    /// Characters typed (what the keyboard's layout makes of the keys, Shift included): on
    /// the shelf they go to the find; elsewhere "?" shows the list of keys. A key arrives as
    /// `key` too, so a command key is never also typed and typing never runs a command.
    case text(String)
    /// Back a level: the mouse's back button, or a right-click.
    case back
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

extension InputEvent {
    /// The same event with its positions and sizes passed through `point` and `size` (a
    /// script played at another window size, a capture written at the script's size).
    public func mapped(point: (Point) -> Point, size: (Size) -> Size = { $0 }) -> InputEvent {
        switch self {
        case .pointerDown(let p): return .pointerDown(point(p))
        case .pointerMoved(let p): return .pointerMoved(point(p))
        case .pointerUp(let p): return .pointerUp(point(p))
        case .touch(let phase, let finger, let p): return .touch(phase, finger: finger, at: point(p))
        case .resize(let s): return .resize(size(s))
        case .key, .text, .back, .wheel, .pointerLeft: return self
        }
    }
}

public enum TouchPhase: String, Sendable, CaseIterable {
    case down, move, up
}
