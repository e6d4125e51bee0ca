import Foundation

/// A book as the remembered places know it: the real path of its archive or PDF (or of its cover
/// image, for a book of image files) and its size on disk, so a file replaced by another of
/// the same name starts afresh. (Reading a book's key from disk is FolioLibrary's
/// `BookKey.of`.)
public struct BookKey: Hashable, Sendable {
    /// Absolute, every link resolved.
    public var path: String
    /// Bytes: the archive's or PDF's size, or the sum of the book's image files.
    public var size: Int64

    public init(path: String, size: Int64) {
        self.path = path
        self.size = size
    }

    /// The file that names `book`: its archive, or its first image file; nil for a book made
    /// of nothing on disk.
    public static func file(of book: Book) -> ImageSource? {
        ([book.cover] + book.pages).lazy.compactMap { $0 }.first {
            switch $0 {
            case .file, .archiveEntry, .documentPage, .formatPage: return true
            case .unavailable: return false
            }
        }
    }
}
