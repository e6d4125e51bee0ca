import FolioCore
import Foundation

/// Reads the bytes of page images, bounded: a file through `SafeFile` (regular files only,
/// refused unread past the size limit), an archive entry through `ArchiveReader` (inflated
/// bytes counted as they arrive). Its one state is the archive it read last, kept open where
/// it left off (`ArchiveReader.Cursor`), so pages read in order from a solid archive cost one
/// entry each: a thread that reads many pages keeps one reader. Any thread may use it.
public struct ImageReader: Sendable {
    /// Files and entries larger than this are refused (bytes).
    public static let maxFileSize = 64 << 20

    private let archives = ArchiveReader.Cursor()

    public init() {}

    /// Why an image could not be read: `reason` marks its placeholder ("missing",
    /// "unreadable", "too large", "encrypted", "refused", "unsupported"); `description` is one sentence
    /// naming the file.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let cause: FolioError.Cause
        public let description: String
    }

    public func data(for source: ImageSource) throws -> Data {
        switch source {
        case .file(let path):
            guard FileName.exists(path) else {
                throw Failure(cause: .missing, description: "\(path): missing file.")
            }
            return try classify { try SafeFile.readBookFile(path, limit: ImageReader.maxFileSize) }
        case .archiveEntry(let path, let name):
            return try classify { try archives.read(path, entry: name, limit: ImageReader.maxFileSize) }
        case .documentPage:
            // A page has no bytes of its own: the decoder renders it from the document's
            // descriptor (`descriptor(forFile:)`).
            throw Failure(cause: .unreadable, description: "\(source.name): is a page of a document, rendered rather than read.")
        case .formatPage:
            // Its format makes it into an image in the decoder worker (`PageFormat`).
            throw Failure(cause: .unreadable, description: "\(source.name): is a page its format reads, not a file.")
        case .unavailable(let cause, let name):
            throw Failure(cause: cause, description: "\(name): \(cause.rawValue).")
        }
    }

    /// Calls `body` once for every distinct source of `sources`: an archive's entries in the
    /// order they are stored, all in one pass through it (where the first of them comes up
    /// in `sources`), every other source as it comes. While `body` runs for an entry,
    /// `data(for:)` returns its bytes (or throws why it has none) without reading the
    /// archive again, so a pass over a whole book reads each archive once, whatever order
    /// its pages are stored in. `data(for:)` of any other source reads as usual.
    public func inStoredOrder(_ sources: [ImageSource], _ body: (ImageSource) -> Void) {
        var wanted: [String: Set<String>] = [:]
        for source in sources {
            if case .archiveEntry(let archive, let entry) = source { wanted[archive, default: []].insert(entry) }
        }
        var done = Set<ImageSource>()
        for source in sources where !done.contains(source) {
            done.insert(source)
            guard case .archiveEntry(let archive, _) = source else {
                body(source)
                continue
            }
            guard let entries = wanted.removeValue(forKey: archive) else { continue }
            archives.readEach(archive, entries: entries, limit: ImageReader.maxFileSize) { entry, _ in
                let source = ImageSource.archiveEntry(archive: archive, entry: entry)
                done.insert(source)
                body(source)
            }
        }
    }

    /// A descriptor for the image file at `path` (a regular file only), to stream from; the
    /// caller closes it.
    public func descriptor(forFile path: String) throws -> Int32 {
        guard FileName.exists(path) else {
            throw Failure(cause: .missing, description: "\(path): missing file.")
        }
        return try classify { try SafeFile.openBookFile(path) }
    }

    /// A reader's `FolioError` as a failure carrying its cause, the placeholder's word.
    private func classify<T>(_ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch let error as FolioError {
            throw Failure(cause: error.cause ?? .unreadable, description: error.message)
        }
    }
}
