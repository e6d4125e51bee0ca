/// What reading a path gave: its books, the problems met on the way, and whether the path
/// was one book.
public struct LoadedLibrary: Sendable {
    public var library: Library
    public var problems: [LibraryProblem]
    /// The path was one book (a PDF, an archive, an image, a folder of images), not a
    /// shelf of them: the viewer opens it straight into the reading view.
    public var isOneBook = false

    public init(library: Library, problems: [LibraryProblem], isOneBook: Bool = false) {
        self.library = library
        self.problems = problems
        self.isOneBook = isOneBook
    }
}
