/// Where a page image comes from.
public enum ImageSource: Hashable, Sendable {
    /// A file on disk (absolute path).
    case file(String)
    /// An entry inside a ZIP/CBZ archive, read in place.
    case archiveEntry(archive: String, entry: String)
    /// Page `page` (from 0) of a document (a PDF), rendered at the size it is drawn.
    case documentPage(document: String, page: Int)
    /// Page `page` of a book file of a registered format (`BookFormat`), in that format's own
    /// words (a number, a name, a path inside the file): the format makes it into an image
    /// in the decoder worker, known there by `format`, its name.
    case formatPage(format: String, file: String, page: String)
    /// An image that cannot be shown; the reason ("missing", "refused") marks its placeholder.
    case unavailable(cause: FolioError.Cause, name: String)

    /// The file on disk it is read from (an image, an archive, a document), nil for none.
    public var filePath: String? {
        switch self {
        case .file(let path): return path
        case .archiveEntry(let archive, _): return archive
        case .documentPage(let document, _): return document
        case .formatPage(_, let file, _): return file
        case .unavailable: return nil
        }
    }

    /// A short name for messages.
    public var name: String {
        switch self {
        case .file(let path): return path
        case .archiveEntry(let archive, let entry): return "\(archive):\(entry)"
        case .documentPage(let document, let page): return "\(document) page \(page.addingReportingOverflow(1).overflow ? page : page + 1)"
        case .formatPage(_, let file, let page): return "\(file):\(page)"
        case .unavailable(_, let name): return name
        }
    }
}
