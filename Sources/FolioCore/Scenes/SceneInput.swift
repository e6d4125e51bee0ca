/// Input as a scene sees it: the app has already told clicks from drags and double-clicks,
/// and taken the vertical wheel for the pinch unless the scene zooms (`ZoomingScene`).
public enum SceneInput: Equatable, Sendable {
    case key(Key, Modifiers)
    /// Horizontal wheel notches; positive scrolls towards later books or pages.
    case horizontalWheel(Double)
    /// Vertical wheel notches for a scene that reads the wheel (down is negative).
    case verticalWheel(Double)
    /// A pinch's (or Ctrl+wheel's) notches, outwards positive, for a scene that zooms.
    case pinchZoom(Double)
    case pointer(PointerGesture)
    /// Two clicks in the window's middle third in quick succession.
    case doubleClick(Point)
}

/// A scene that zooms (the reading view): at rest on top, the wheel without Ctrl is its own,
/// and a pinch zooms it (out past its fit, back a scene) instead of only going deeper or back.
public protocol ZoomingScene: Scene {
    var isZoomed: Bool { get }
}
