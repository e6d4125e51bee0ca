import Foundation

/// A document format as a library sees it, before any page is drawn: what it is called, the
/// file names and first bytes that are its, and the file size Folio reads of it. Its pages,
/// outline, links, labels and text are the decoder worker's (`DocumentPages`), which picks
/// the format of a file by its first bytes, as here.
public struct DocumentKind: Sendable, Equatable {
    /// Short and unique: what the worker and the formats list know it by ("pdf").
    public let name: String
    /// What a sentence calls it ("PDF", "DjVu").
    public let label: String
    /// File name extensions, lower case, without the dot.
    public let extensions: Set<String>
    /// The bytes every file of the format begins with.
    public let magic: [UInt8]

    public init(name: String, label: String, extensions: Set<String>, magic: [UInt8]) {
        self.name = name
        self.label = label
        self.extensions = extensions
        self.magic = magic
    }

    /// True when `head`, a file's first bytes, is this format's.
    public func claims(head: Data) -> Bool {
        head.starts(with: magic)
    }

    public static let pdf = DocumentKind(name: "pdf", label: "PDF", extensions: ["pdf"], magic: Array("%PDF-".utf8))
    /// DjVu: scanned books and papers (an IFF file of `FORM:DJVU` or `FORM:DJVM` chunks).
    public static let djvu = DocumentKind(name: "djvu", label: "DjVu", extensions: ["djvu", "djv"], magic: Array("AT&TFORM".utf8))

    /// Every document format Folio reads: a new one is a line here and its `DocumentPages`
    /// in the worker.
    public static let all: [DocumentKind] = [.pdf, .djvu]

    /// The format a file's name says it is (for messages about a file not yet read), PDF
    /// for a name none claims.
    public static func named(forPath path: String) -> DocumentKind {
        let ext = LibraryLoader.pathExtension(path)
        return all.first { $0.extensions.contains(ext) } ?? .pdf
    }

    /// The format whose first bytes `head` begins with.
    public static func claiming(head: Data) -> DocumentKind? {
        all.first { $0.claims(head: head) }
    }
}
