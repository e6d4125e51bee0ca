import FolioCore
import Foundation

/// Folders of images: a folder is a book, its images the pages in natural order, the cover
/// a file named cover.* or else the first image, the title the folder's name
/// (`LibraryLoader.folderBook`). Claimed for being a folder: every folder in a folder of
/// books, and a folder opened alone that holds images and no other format's books.
public struct FolderFormat: BookFormat {
    public init() {}

    public var name: String { "folder" }

    public var reader: String { "the folder reader" }

    public var extensions: Set<String> { [] }

    public var readsFolders: Bool { true }

    public func claims(head: Data) -> Bool { false }

    /// Nil and a problem for a folder with no images, opened alone or not.
    public func book(at path: String, problems: inout [LibraryProblem], strict: Bool) throws -> Book? {
        LibraryLoader.folderBook(path, problems: &problems)
    }
}
