/// What a scene asks the app to do in response to input.
public enum SceneRequest: Equatable, Sendable {
    /// Open the book centred on the shelf.
    case openBook(Int)
    /// Close the open book.
    case closeBook
    /// Leave the app.
    case quit
}
