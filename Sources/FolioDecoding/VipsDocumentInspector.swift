import FolioCore
import FolioLibrary
import Foundation

/// The `DocumentInspector` the app hands `LibraryLoader`: a PDF's page count and title
/// from its header, read by poppler through libvips (no page drawn), in the document worker
/// when the app has one (see `DecoderSandbox`). The file is opened as a regular file only,
/// like every file Folio reads.
public struct VipsDocumentInspector: DocumentInspector {
    public init() {}

    public func inspect(_ path: String) throws -> DocumentInfo {
        try DecoderSandbox.inspect(path)
    }

    /// The header read in this process.
    static func inspectHere(_ path: String) throws -> DocumentInfo {
        let fd = try SafeFile.openForReading(path)
        defer { close(fd) }
        return try VipsDecoder.document(fd, path: path)
    }
}
