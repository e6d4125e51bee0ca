import FolioCore
#if canImport(Glibc)
import Glibc
#endif

/// A book's key read from disk: the real path of the file that names it and its size.
extension BookKey {
    /// The real path of the file that names `book` (cheap: no sizes are read).
    public static func path(of book: Book) -> String? {
        switch file(of: book) {
        case .file(let path)?, .archiveEntry(let path, _)?, .documentPage(let path, _)?, .formatPage(_, let path, _)?:
            return SafeFile.realPath(path)
        default: return nil
        }
    }

    /// The key of `book`, reading the sizes of its files; nil when they cannot be read.
    public static func of(_ book: Book) -> BookKey? {
        guard let source = file(of: book), let path = path(of: book), path.utf8.count <= Places.maxPathBytes else { return nil }
        switch source {
        case .archiveEntry, .documentPage, .formatPage: return fileSize(path).map { BookKey(path: path, size: $0) }
        default: break
        }
        var total: Int64 = 0
        for case .file(let image)? in [book.cover] + book.pages {
            guard let size = fileSize(image) else { return nil }
            let (sum, overflow) = total.addingReportingOverflow(size)
            if overflow { return nil }
            total = sum
        }
        return BookKey(path: path, size: total)
    }

    /// The size of the regular file at `path` (links followed), bytes.
    static func fileSize(_ path: String) -> Int64? {
        var info = stat()
        guard FileName.withCString(path, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(info.st_size)
    }
}
