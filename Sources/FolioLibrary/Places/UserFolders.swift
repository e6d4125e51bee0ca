import FolioCore

/// Folders named by the environment (the XDG Base Directory and user directory variables,
/// HOME), as the place store and the capture folder read them.
enum UserFolders {
    /// `value` when it is an absolute path short enough for a file Folio writes under it
    /// (half of `Places.maxPathBytes`), with no NUL; else nil, and the variable is ignored.
    static func absolute(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/"), value.utf8.count < Places.maxPathBytes / 2, !value.utf8.contains(0) else { return nil }
        return value
    }
}
