import Foundation

/// Reads the bytes of page images, bounded: a file through `SafeFile` (regular files only,
/// refused unread past the size limit), an archive entry through `ArchiveReader` (inflated
/// bytes counted as they arrive). Holds no state, so any thread may use its own or share one.
public struct ImageReader: Sendable {
    /// Files and entries larger than this are refused (bytes).
    public static let maxFileSize = 64 << 20

    public init() {}

    /// Why an image could not be read: `reason` marks its placeholder ("missing",
    /// "unreadable", "too large", "encrypted", "refused"); `description` is one sentence
    /// naming the file.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let reason: String
        public let description: String
    }

    public func data(for source: ImageSource) throws -> Data {
        switch source {
        case .file(let path):
            guard FileManager.default.fileExists(atPath: path) else {
                throw Failure(reason: "missing", description: "\(path): missing file.")
            }
            return try classify { try SafeFile.read(path, limit: ImageReader.maxFileSize) }
        case .archiveEntry(let path, let name):
            return try classify { try ArchiveReader.read(path, entry: name, limit: ImageReader.maxFileSize) }
        case .unavailable(let reason, let name):
            throw Failure(reason: reason, description: "\(name): \(reason).")
        }
    }

    /// A descriptor for the image file at `path` (a regular file only), to stream from; the
    /// caller closes it.
    public func descriptor(forFile path: String) throws -> Int32 {
        guard FileManager.default.fileExists(atPath: path) else {
            throw Failure(reason: "missing", description: "\(path): missing file.")
        }
        var fd: Int32 = -1
        _ = try classify { fd = try SafeFile.openForReading(path); return Data() }
        return fd
    }

    /// Turns a `FolioError` sentence into a failure with the placeholder's reason.
    private func classify(_ read: () throws -> Data) throws -> Data {
        do {
            return try read()
        } catch let error as FolioError {
            let text = error.message
            let reason: String
            if text.contains("larger than") || text.contains("inflates to more than") {
                reason = "too large"
            } else if text.contains("encrypted") {
                reason = "encrypted"
            } else if text.contains("not a regular file") {
                reason = "refused"
            } else if text.contains("no such file") || text.contains("has no entry") {
                reason = "missing"
            } else {
                reason = "unreadable"
            }
            throw Failure(reason: reason, description: text)
        }
    }
}
