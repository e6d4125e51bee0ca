import FolioCore

extension InputScript {
    /// Reads and parses the script at `path` (a regular file, within the size allowed).
    public static func load(path: String) throws -> InputScript {
        try parse(SafeFile.read(path, limit: maxFileBytes), name: path)
    }
}
