import FolioCore
import Foundation

/// A kind of book file, as a zathura plugin or an imv backend is: it claims files (by name
/// extension, or by their first bytes when a file's name claims nothing), lists a file's
/// pages into a `Book`, and names what is wrong with it. The listing runs where the loader's
/// `BookFileReader` reads (in the app, a confined worker, which knows the format by `name`).
/// Its pages are `ImageSource`s, measured and decoded by the decoder handed to the viewer (the
/// confined workers); a page of its own kind (`ImageSource.formatPage`) is turned into an
/// image in the worker by the format (FolioDecoding's `PageFormat`). Adding a format is its
/// own file and one line in `BookFormats.standard`, or one `register` on a loader's list and
/// on its workers' (`DecoderProcess.serve(adding:)`).
public protocol BookFormat: Sendable {
    /// What the worker knows the format by: short, unique among the formats registered.
    var name: String { get }
    /// The file name extensions it claims, lower case, without the dot.
    var extensions: Set<String> { get }
    /// True when `head`, a file's first bytes (at most `BookFormats.headBytes`), is this
    /// format's.
    func claims(head: Data) -> Bool
    /// The book the file at `path` holds. A file that holds none adds a problem and gives nil,
    /// or, opened alone (`strict`), throws its sentence as a `FolioError` naming `path`.
    func book(at path: String, problems: inout [LibraryProblem], strict: Bool) throws -> Book?
    /// Who reads its files, in a sentence about a failure ("the PDF reader").
    var reader: String { get }
    /// What is said after a file's path when its reader stopped on it (`why`, mid-sentence:
    /// "the PDF reader took longer than 20 s"), without the full stop.
    func unreadable(because why: String) -> String
    /// False for a format whose files are books only when opened alone (an image: in a
    /// folder of books, images are no books, and a folder of them is one).
    var isBookInFolders: Bool { get }
    /// True for a format whose books are folders, not files (`FolderFormat`).
    var readsFolders: Bool { get }
}

extension BookFormat {
    public var reader: String { "the \(name) reader" }

    public var isBookInFolders: Bool { true }

    public var readsFolders: Bool { false }

    public func unreadable(because why: String) -> String { "cannot be read (\(why))" }
}

/// The book formats a loader knows, tried in order: a file goes to the first whose
/// extensions hold its name's, or else whose `claims(head:)` takes its first bytes.
public struct BookFormats: Sendable {
    /// Bytes of a file a format's `claims(head:)` is shown.
    public static let headBytes = 32

    public private(set) var all: [any BookFormat]
    /// Reads a file's first bytes for `claims(head:)`, and a single image's, to see that it
    /// can be read.
    public let files: any BookFileReader

    public init(_ all: [any BookFormat], files: any BookFileReader) {
        self.all = all
        self.files = files
    }

    /// What Folio opens besides Books.plist: documents (PDF, DjVu), their headers read by `documents`
    /// (without it they are reported and skipped), comic archives, single images and folders
    /// of images; `files` reads their first bytes and lists their books.
    public static func standard(documents: (any DocumentInspector)?, files: any BookFileReader) -> BookFormats {
        let documentFormats: [any BookFormat] = DocumentKind.all.map { DocumentFormat($0, documents: documents) }
        return BookFormats(documentFormats + [ArchiveFormat(files: files), ImageFormat(), FolderFormat()], files: files)
    }

    /// Adds `format`, tried after those already known.
    public mutating func register(_ format: any BookFormat) {
        all.append(format)
    }

    /// The format known by `name`.
    public func named(_ name: String) -> (any BookFormat)? {
        all.first { $0.name == name }
    }

    /// The format whose extensions hold `name`'s, among those whose files are books in a
    /// folder of books.
    func claiming(name: String) -> (any BookFormat)? {
        let ext = LibraryLoader.pathExtension(name)
        return all.first { $0.isBookInFolders && $0.extensions.contains(ext) }
    }

    /// The format whose books are folders.
    var folders: (any BookFormat)? {
        all.first { $0.readsFolders }
    }

    /// The format of the regular file at `path`: by its name, else (unless `byNameOnly`) by
    /// its first bytes; the first format that takes it either way, in order.
    func claiming(file path: String, byNameOnly: Bool) -> (any BookFormat)? {
        let ext = LibraryLoader.pathExtension(path)
        var head: Data?
        return all.first { format in
            if format.extensions.contains(ext) { return true }
            guard !byNameOnly else { return false }
            // Empty when the file cannot be read: no format claims it.
            if head == nil { head = (try? files.head(of: path, count: Self.headBytes)) ?? Data() }
            return head.map(format.claims) ?? false
        }
    }
}
