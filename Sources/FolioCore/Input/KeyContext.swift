/// Where a key binding applies: a scene's keys, a modal context's, or the window's. Open to
/// new scenes: a registered scene brings its own (`SceneEntry`).
public struct KeyContext: Hashable, Sendable, CustomStringConvertible {
    /// Its name in the README's key table.
    public let rawValue: String
    /// Its heading in `--help` and the list of keys.
    public let heading: String

    public init(_ rawValue: String, heading: String) {
        self.rawValue = rawValue
        self.heading = heading
    }

    public static func == (a: KeyContext, b: KeyContext) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    public var description: String { rawValue }

    /// The shelf, at rest or scrolling.
    public static let shelf = KeyContext("shelf", heading: "On the shelf:")
    /// While a find on the shelf shows (before the window's keys).
    public static let find = KeyContext("find", heading: "While finding a book on the shelf:")
    /// An open book, in 3D.
    public static let book = KeyContext("book", heading: "In a book (3D):")
    /// The reading view: the open book flat, filling the window.
    public static let reading = KeyContext("reading", heading: "Reading (the book flat):")
    /// While a book opens or closes, or goes flat or back to 3D.
    public static let transition = KeyContext("transition", heading: "While a book opens, closes, or goes flat:")
    /// Everywhere in the window.
    public static let anywhere = KeyContext("anywhere", heading: "Anywhere:")
    /// Wherever no find can be typed (a book, 3D or flat, and the scenes above it): the
    /// window's keys as single letters.
    public static let inBook = KeyContext("book, reading", heading: "In a book, 3D or flat:")
    /// While the thumbnail strip shows in a book (before the book's keys).
    public static let strip = KeyContext("strip", heading: "While the thumbnail strip shows:")
    /// While a book's contents show (before the book's keys; its keys are the Tab row's words,
    /// `ContentsContext`, so the list of keys still fits 800×600).
    public static let contents = KeyContext("contents", heading: "While the contents show:")
    /// While a search of a book's text is under way (its keys are the "/" row's words,
    /// `SearchContext`, so the list of keys still fits 800×600).
    public static let search = KeyContext("search", heading: "While searching a book's text:")
    /// While the list of keys shows (before any other context).
    public static let help = KeyContext("help", heading: "While the list of keys shows:")

    /// Every context, in the order `--help` lists them: the built-in ones, then those of the
    /// scenes the viewer registers.
    public static var allCases: [KeyContext] {
        [.shelf, .find, .book, .reading, .transition, .anywhere, .inBook, .strip, .help] + SceneCatalog.entries.map(\.context)
    }
}
