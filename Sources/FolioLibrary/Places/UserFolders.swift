import FolioCore
import Foundation

/// Folders named by the environment (the XDG Base Directory and user directory variables,
/// HOME), as the place store, the settings file, the capture folder and the cover thumbnails
/// read them.
public enum UserFolders {
    /// `value` when it is an absolute path short enough for a file Folio writes under it
    /// (half of `Places.maxPathBytes`), with no NUL; else nil, and the variable is ignored.
    static func absolute(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/"), value.utf8.count < Places.maxPathBytes / 2, !value.utf8.contains(0) else { return nil }
        return value
    }

    /// An XDG base folder: `variable` (for example XDG_CACHE_HOME) when it is an absolute path,
    /// else `fallback` (".cache") in the home folder (from the password database when HOME
    /// is unset or relative); nil when there is no home at all.
    public static func base(_ variable: String, fallback: String, environment: [String: String]) -> String? {
        if let xdg = absolute(environment[variable]) { return xdg }
        guard let home = absolute(environment["HOME"]) ?? absolute(PlaceStore.passwordHome()) else { return nil }
        return (home as NSString).appendingPathComponent(fallback)
    }
}
