import FolioCore
import Foundation

/// Documents (PDF, DjVu): a document is a book, read by its header alone as the library loads.
extension LibraryLoader {
    /// A document (of `kind`) is a book: its first page the cover, the rest the pages, the title from its
    /// metadata or else the file name, the author (if any) its byline, its outline (if any) its contents.
    /// Only the header is read here (through `documents`); the page count it declares is bounded before
    /// any page exists.
    static func documentBook(_ path: String, kind: DocumentKind = .pdf, documents: (any DocumentInspector)?,
                             problems: inout [LibraryProblem], strict: Bool) throws -> Book? {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        func refuse(_ message: String, cause: FolioError.Cause) throws -> Book? {
            if strict { throw FolioError.badInput("\(path): \(message).", cause: cause) }
            problems.append(LibraryProblem(file: path, message: "\(message); skipped."))
            return nil
        }
        guard let documents else { return try refuse("this program reads no \(kind.label) files", cause: .refused) }
        let info: DocumentInfo
        do {
            info = try documents.inspect(path)
        } catch let error as FolioError {
            if strict { throw error }
            problems.append(LibraryProblem(file: path, message: skippedBecause(error, path: path)))
            return nil
        }
        guard info.pageCount >= 1 else { return try refuse("the document has no pages", cause: .unreadable) }
        guard info.pageCount <= maxPages else {
            return try refuse("declares \(info.pageCount) pages, more than the \(maxPages) allowed; refused", cause: .tooLarge)
        }
        let cover = ImageSource.documentPage(document: path, page: 0)
        let pages = (1..<info.pageCount).map { ImageSource.documentPage(document: path, page: $0) }
        var book = Book(title: documentText(info.title) ?? name, cover: cover, pages: pages,
                        pageAspect: PageGeometry.aspect(ofPageSizes: info.firstPageSize.map { [$0] } ?? []))
        book.byline = documentText(info.author)
        book.contents = BookContents.checked(documents.outline(path), pageCount: info.pageCount)
        book.pageLabels = PageLabels.checked(documents.pageLabels(path), pageCount: info.pageCount)
        return book
    }

    /// A title or an author from a document's metadata, on one line and bounded; nil when
    /// nothing is left.
    static func documentText(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let oneLine = String(String.UnicodeScalarView(raw.unicodeScalars.map {
            CharacterSet.controlCharacters.contains($0) ? " " : $0
        }))
        let title = oneLine.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return nil }
        return title.count > maxTitleLength ? String(title.prefix(maxTitleLength)) + "…" : title
    }
}
