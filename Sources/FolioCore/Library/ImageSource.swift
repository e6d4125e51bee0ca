/// Where a page image comes from.
public enum ImageSource: Hashable, Sendable {
    /// A file on disk (absolute path).
    case file(String)
    /// An entry inside a ZIP/CBZ archive, read in place.
    case archiveEntry(archive: String, entry: String)
    /// Page `page` (from 0) of a document (a PDF), rendered at the size it is drawn.
    case documentPage(document: String, page: Int)
    /// An image that cannot be shown; the reason ("missing", "refused") marks its placeholder.
    case unavailable(cause: FolioError.Cause, name: String)

    /// A short name for messages.
    public var name: String {
        switch self {
        case .file(let path): return path
        case .archiveEntry(let archive, let entry): return "\(archive):\(entry)"
        case .documentPage(let document, let page): return "\(document) page \(page.addingReportingOverflow(1).overflow ? page : page + 1)"
        case .unavailable(_, let name): return name
        }
    }
}
