/// The kinds of scene on the navigation stack.
public enum SceneKind: String, Sendable {
    case shelf, book, reading
}
