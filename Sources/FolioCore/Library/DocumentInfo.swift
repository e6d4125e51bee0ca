/// What a document's header tells a library: how many pages, and the title and author its
/// metadata gives (nil or empty when none; the file name is used then, and no byline).
public struct DocumentInfo: Equatable, Sendable {
    /// Pages as the header declares them: untrusted, bounded by `Library.maxPages`.
    public var pageCount: Int
    public var title: String?
    /// The first page's size in points, when the header gives one (the book's page shape).
    public var firstPageSize: Size?
    /// Untrusted like the title: made one bounded line before it is shown.
    public var author: String?

    public init(pageCount: Int, title: String?, firstPageSize: Size? = nil, author: String? = nil) {
        self.pageCount = pageCount
        self.title = title
        self.firstPageSize = firstPageSize
        self.author = author
    }
}
