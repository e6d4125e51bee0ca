/// Input as a scene sees it: the app has already told clicks from drags and taken the
/// vertical wheel for the pinch.
public enum SceneInput: Equatable, Sendable {
    case key(Key, Modifiers)
    /// Horizontal wheel notches; positive scrolls towards later books or pages.
    case horizontalWheel(Double)
    case pointer(PointerGesture)
}
