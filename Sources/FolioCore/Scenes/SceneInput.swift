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
    /// The pointer moved to this point, no button down (the library grid marks the cover
    /// under it).
    case hover(Point)
}

/// A scene that reads the wheel (the reading view, the library grid): at rest on top, the
/// wheel without Ctrl is its own (`SceneInput.verticalWheel`); Ctrl+wheel is the pinch.
public protocol WheelReading: Scene {}

/// A scene that zooms (the reading view): it reads the wheel, and a pinch zooms it (out past
/// its fit, back a scene) instead of only going deeper or back.
public protocol ZoomingScene: WheelReading {
    var isZoomed: Bool { get }
}
