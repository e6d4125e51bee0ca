/// Reads a document's header (a PDF's page count and title) for `LibraryLoader`, without
/// drawing a page.
///
/// FolioCore cannot parse PDFs: that takes poppler through libvips, which only
/// FolioDecoding links. So whoever loads a library hands the loader an inspector — the
/// decoder in the app (its workers read the header), a fake in Core's tests — and the loader keeps every
/// rule that does not need poppler: which files are documents, the page-count bound, the
/// title's fallback, one `ImageSource.documentPage` per page. Pages are rendered later,
/// one at a time, at the size they are drawn. Without an inspector, PDFs are reported and
/// skipped.
public protocol DocumentInspector: Sendable {
    /// The document's header. Throws a `FolioError` whose sentence names the file (cause
    /// `.encrypted` for a password-protected PDF, `.unreadable` for a broken one).
    func inspect(_ path: String) throws -> DocumentInfo
    /// The document's outline as contents (see the extension's default, none).
    func outline(_ path: String) -> [ContentsEntry]
    /// The labels printed on the document's pages (see the extension's default, none).
    func pageLabels(_ path: String) -> [String]
    /// The links on the document's page `page` (from 0), their pages by the reader's
    /// numbering, unchecked (`PageLink.checked` bounds them); none when they cannot be read.
    func links(_ path: String, page: Int) -> [PageLink]
    /// Searches the document for `text` from page `first` (from 0), at most `count` pages,
    /// for a bounded time (the stretch says how many it searched); hits by the reader's
    /// numbering. Nil when the document cannot be searched at all.
    func find(_ text: String, in path: String, first: Int, count: Int) -> TextSearchStretch?
}

extension DocumentInspector {
    /// The document's outline as contents, each entry's page by the reader's numbering (the
    /// first page is 1), unchecked (`BookContents.checked` bounds it); none when the
    /// inspector reads no outlines (a fake) or the document has none. Never throws: a book
    /// whose outline cannot be read loads without contents.
    public func outline(_ path: String) -> [ContentsEntry] { [] }

    /// The labels printed on the document's pages, from its first, unchecked
    /// (`PageLabels.checked` bounds them); none when the inspector reads none (a fake) or
    /// they cannot be read.
    public func pageLabels(_ path: String) -> [String] { [] }

    /// None (a fake reads no links).
    public func links(_ path: String, page: Int) -> [PageLink] { [] }

    /// Nothing can be searched (a fake reads no text).
    public func find(_ text: String, in path: String, first: Int, count: Int) -> TextSearchStretch? { nil }
}
