/// What a document's header tells a library: how many pages, and the title its metadata
/// gives (nil or empty when none; the file name is used then).
public struct DocumentInfo: Equatable, Sendable {
    /// Pages as the header declares them: untrusted, bounded by `LibraryLoader.maxPages`.
    public var pageCount: Int
    public var title: String?

    public init(pageCount: Int, title: String?) {
        self.pageCount = pageCount
        self.title = title
    }
}
