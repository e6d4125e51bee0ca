import FolioCore
import Foundation

/// PDFs: a document is a book, its header read by a `DocumentInspector` (the decoder's
/// worker in the app) as the library loads (`LibraryLoader+Document`).
public struct DocumentFormat: BookFormat {
    /// Reads the header; without one, PDFs are reported and skipped.
    public let documents: (any DocumentInspector)?

    public init(documents: (any DocumentInspector)?) {
        self.documents = documents
    }

    public var name: String { "pdf" }

    public var reader: String { "the PDF reader" }

    public func unreadable(because why: String) -> String { "is not a readable PDF (\(why))" }

    public var extensions: Set<String> { LibraryLoader.documentExtensions }

    /// "%PDF-".
    public func claims(head: Data) -> Bool {
        head.starts(with: Data("%PDF-".utf8))
    }

    public func book(at path: String, problems: inout [LibraryProblem], strict: Bool) throws -> Book? {
        try LibraryLoader.documentBook(path, documents: documents, problems: &problems, strict: strict)
    }
}
