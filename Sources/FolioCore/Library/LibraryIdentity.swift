/// Which library a shelf shows, as the remembered places and input captures name it: the
/// bundled books, or the real path of what was opened (a folder, or one book's file).
/// (Reading it from disk is FolioLibrary's `LibraryIdentity.of(path:)`.)
public enum LibraryIdentity: Hashable, Sendable {
    case bundled
    /// Absolute, every link resolved, at most `Places.maxPathBytes` bytes.
    case path(String)

    /// How it is written: "bundled", or the path.
    public var stored: String {
        switch self {
        case .bundled: return LibraryIdentity.bundledName
        case .path(let path): return path
        }
    }

    static let bundledName = "bundled"

    /// Reads `stored`: "bundled", or an absolute path of at most `Places.maxPathBytes` bytes
    /// with no NUL; nil for anything else.
    public init?(stored: String) {
        if stored == LibraryIdentity.bundledName {
            self = .bundled
        } else if LibraryIdentity.isAbsolutePath(stored) {
            self = .path(stored)
        } else {
            return nil
        }
    }

    /// An absolute path short enough to be remembered, with no NUL.
    public static func isAbsolutePath(_ text: String) -> Bool {
        text.hasPrefix("/") && text.utf8.count <= Places.maxPathBytes && !text.utf8.contains(0)
    }
}
