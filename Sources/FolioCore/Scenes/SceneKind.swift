/// The kinds of scene on the navigation stack.
public enum SceneKind: String, Codable, Sendable {
    case shelf, book, reading
}
