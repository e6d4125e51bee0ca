import FolioCore
import Foundation

/// Documents (PDF, DjVu): a document is a book, its header read by a `DocumentInspector`
/// (the decoder's worker in the app) as the library loads (`LibraryLoader+Document`). One
/// is registered for each `DocumentKind`.
public struct DocumentFormat: BookFormat {
    /// Which document format.
    public let kind: DocumentKind
    /// Reads the header; without one, documents are reported and skipped.
    public let documents: (any DocumentInspector)?

    public init(_ kind: DocumentKind = .pdf, documents: (any DocumentInspector)?) {
        self.kind = kind
        self.documents = documents
    }

    public var name: String { kind.name }

    public var reader: String { "the \(kind.label) reader" }

    public func unreadable(because why: String) -> String { "is not a readable \(kind.label) (\(why))" }

    public var extensions: Set<String> { kind.extensions }

    public func claims(head: Data) -> Bool {
        kind.claims(head: head)
    }

    public func book(at path: String, problems: inout [LibraryProblem], strict: Bool) throws -> Book? {
        try LibraryLoader.documentBook(path, kind: kind, documents: documents, problems: &problems, strict: strict)
    }
}
