import FolioCore
import Foundation

/// What the loader reads of a user's book files besides names and folders: a file's first
/// bytes (for a format to claim it by content), a file's book as its format lists it, and an
/// archive's listing (its entries and its ComicInfo.xml). The app's decoder reads them in its
/// confined workers, so the viewer opens none of them; `BookFilesHere` reads them in the
/// calling process (the worker itself, the loader's own tests, the fuzz targets of the loader).
public protocol BookFileReader: Sendable {
    /// The book `format` lists from the file at `path`, and the problems it names (see
    /// `BookFormat.book`); opened alone (`strict`), a file that holds none throws.
    func book(_ format: any BookFormat, at path: String, strict: Bool) throws -> ListedBook
    /// The first `count` bytes of the regular file at `path` (fewer when it is shorter); a
    /// `FolioError` naming `path` when it is not a regular file or cannot be read.
    func head(of path: String, count: Int) throws -> Data
    /// The books the Books.plist at `path` lists and its problems (`LibraryLoader.plist`);
    /// a `FolioError` naming `path` when it cannot be read as one.
    func library(plist path: String) throws -> LoadedLibrary
    /// The archive's entries in stored order and its ComicInfo.xml (`LibraryLoader+ComicInfo`);
    /// a `FolioError` naming `path` when it cannot be listed.
    func listing(ofArchive path: String) throws -> ArchiveListing
}

/// A book file's book as its format listed it (nil when it holds none), and its problems.
public struct ListedBook: Equatable, Sendable {
    public var book: Book?
    public var problems: [LibraryProblem]

    public init(book: Book?, problems: [LibraryProblem]) {
        self.book = book
        self.problems = problems
    }
}

/// An archive's entries in stored order, and its ComicInfo.xml read in the same pass.
public struct ArchiveListing: Equatable, Sendable {
    public var entries: [ArchiveReader.Entry]
    public var comicInfo: ArchiveReader.Companion?

    public init(entries: [ArchiveReader.Entry], comicInfo: ArchiveReader.Companion?) {
        self.entries = entries
        self.comicInfo = comicInfo
    }
}

/// Reads book files in this process.
public struct BookFilesHere: BookFileReader {
    public init() {}

    public func book(_ format: any BookFormat, at path: String, strict: Bool) throws -> ListedBook {
        var problems: [LibraryProblem] = []
        let book = try format.book(at: path, problems: &problems, strict: strict)
        return ListedBook(book: book, problems: problems)
    }

    public func head(of path: String, count: Int) throws -> Data {
        let fd = try SafeFile.openForReading(path)
        defer { close(fd) }
        return SafeFile.readAll(fd, size: count)
    }

    public func library(plist path: String) throws -> LoadedLibrary {
        try LibraryLoader.plist(path)
    }

    public func listing(ofArchive path: String) throws -> ArchiveListing {
        let (entries, comicInfo) = try LibraryLoader.listWithComicInfo(path)
        return ArchiveListing(entries: entries, comicInfo: comicInfo)
    }
}
