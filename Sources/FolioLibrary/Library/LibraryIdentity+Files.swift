import FolioCore
#if canImport(Glibc)
import Glibc
#endif

/// A library's identity read from disk.
extension LibraryIdentity {
    /// The library opened from `path`: the real path of the folder (a Books.plist's folder:
    /// the same shelf as the folder holding it) or of the one book's file; nil when `path`
    /// is neither a folder nor a regular file, or its real path is too long to remember.
    public static func of(path: String) -> LibraryIdentity? {
        guard !path.isEmpty, !path.utf8.contains(0), var real = SafeFile.realPath(path) else { return nil }
        var info = stat()
        guard FileName.withCString(real, { stat($0, &info) }) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFREG where real.hasSuffix("/Books.plist"): real = SafeFile.folder(of: real)
        case S_IFREG: break
        default: return nil
        }
        return isAbsolutePath(real) ? .path(real) : nil
    }
}
