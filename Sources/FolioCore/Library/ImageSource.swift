/// Where a page image comes from.
public enum ImageSource: Hashable, Sendable {
    /// A file on disk (absolute path).
    case file(String)
    /// An entry inside a ZIP/CBZ archive, read in place.
    case archiveEntry(archive: String, entry: String)
    /// An image that cannot be shown; the reason ("missing", "refused") marks its placeholder.
    case unavailable(reason: String, name: String)

    /// A short name for messages.
    public var name: String {
        switch self {
        case .file(let path): return path
        case .archiveEntry(let archive, let entry): return "\(archive):\(entry)"
        case .unavailable(_, let name): return name
        }
    }
}
