/// The two kinds of scene on the navigation stack.
public enum SceneKind: String, Sendable {
    case shelf, book
}

/// Input as a scene sees it: the app has already told clicks from drags and taken the
/// vertical wheel for the pinch.
public enum SceneInput: Equatable, Sendable {
    case key(Key, Modifiers)
    /// Horizontal wheel notches; positive scrolls towards later books or pages.
    case horizontalWheel(Double)
    case pointer(PointerGesture)
}

/// What a scene asks the app to do in response to input.
public enum SceneRequest: Equatable, Sendable {
    /// Open the book centred on the shelf.
    case openBook(Int)
    /// Close the open book.
    case closeBook
    /// Leave the app.
    case quit
}

/// A full-window scene that lives on the navigation stack.
public protocol Scene: AnyObject {
    var kind: SceneKind { get }
    var size: Size { get }
    /// Adopt a new window size; whatever was moving lands at its target.
    func resize(to size: Size)
    func handle(_ input: SceneInput, at time: Double) -> SceneRequest?
    /// Advance animations to `time` on the animation clock.
    func update(at time: Double)
    /// True when nothing in the scene is moving.
    var isAtRest: Bool { get }
}
