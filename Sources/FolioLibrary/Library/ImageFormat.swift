import FolioCore
import Foundation

/// Single images: a file whose name is an image's (`LibraryLoader.imageExtensions`) opened
/// alone is a book of one page, the image its cover and its name the title. Images are known
/// by their names only (a TGA has no magic bytes), and in a folder of books an image is no
/// book: a folder of images is one (`FolderFormat`).
public struct ImageFormat: BookFormat {
    public init() {}

    public var name: String { "image" }

    public var reader: String { "the image reader" }

    public var extensions: Set<String> { LibraryLoader.imageExtensions }

    public var isBookInFolders: Bool { false }

    public func claims(head: Data) -> Bool { false }

    public func book(at path: String, problems: inout [LibraryProblem], strict: Bool) throws -> Book? {
        try LibraryLoader.singleImage(path)
    }
}
