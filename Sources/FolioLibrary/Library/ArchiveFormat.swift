import FolioCore
import Foundation

/// Comic archives (ZIP, RAR, 7z, tar of images): listed in one pass through libarchive by
/// `files` (in the app, a confined worker), their ComicInfo.xml applied
/// (`LibraryLoader.archiveBook`).
public struct ArchiveFormat: BookFormat {
    public let files: any BookFileReader

    public init(files: any BookFileReader) {
        self.files = files
    }

    /// The name the worker knows archives by (their pages are its references: entries).
    public static let formatName = "archive"

    public var name: String { Self.formatName }

    public var reader: String { "the archive reader" }

    public var extensions: Set<String> { LibraryLoader.archiveExtensions }

    /// ZIP's local header, RAR's and 7z's signatures (a tar has none).
    public func claims(head: Data) -> Bool {
        head.count >= 4 && (head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: Array("Rar!".utf8))
            || head.starts(with: [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]))
    }

    public func book(at path: String, problems: inout [LibraryProblem], strict: Bool) throws -> Book? {
        try LibraryLoader.archiveBook(path, files: files, problems: &problems, strict: strict)
    }
}
