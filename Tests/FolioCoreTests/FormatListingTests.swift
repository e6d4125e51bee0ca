import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// Every book the loader makes of a file or a folder is listed by a registered format,
/// through the loader's `BookFileReader` (in the app, a decoder worker): single images and
/// folders of images as much as PDFs and archives; and a Books.plist is read there too.
@Suite struct FormatListingTests {
    /// Reads here, and notes which format listed which file.
    final class Noting: BookFileReader, @unchecked Sendable {
        private let lock = NSLock()
        private var asked: [String: String] = [:]
        private let here = BookFilesHere()

        func head(of path: String, count: Int) throws -> Data { try here.head(of: path, count: count) }

        func listing(ofArchive path: String) throws -> ArchiveListing { try here.listing(ofArchive: path) }

        func library(plist path: String) throws -> LoadedLibrary {
            lock.withLock { asked[(path as NSString).lastPathComponent] = "plist" }
            return try here.library(plist: path)
        }

        func book(_ format: any BookFormat, at path: String, strict: Bool) throws -> ListedBook {
            lock.withLock { asked[(path as NSString).lastPathComponent] = format.name }
            return try here.book(format, at: path, strict: strict)
        }

        var formats: [String: String] { lock.withLock { asked } }
    }

    @Test func foldersOfImagesAndSingleImagesAreListedByTheirFormats() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = LibraryFixtures.bmp(width: 8, height: 12)
        try LibraryFixtures.write(image, to: dir.appendingPathComponent("shelf/photos/cover.bmp"))
        try LibraryFixtures.write(image, to: dir.appendingPathComponent("shelf/photos/p1.bmp"))
        try LibraryFixtures.zip([("p1.bmp", image)], to: dir.appendingPathComponent("shelf/comic.cbz"))
        // In a folder of books an image is no book: nothing lists it.
        try LibraryFixtures.write(image, to: dir.appendingPathComponent("shelf/stray.bmp"))
        /// What loading `path` made, and which format listed what.
        func load(_ path: String) throws -> (LoadedLibrary, [String: String]) {
            let noting = Noting()
            let loaded = try LibraryLoader.load(dir.appendingPathComponent(path).path, formats: .standard(documents: nil, files: noting))
            return (loaded, noting.formats)
        }
        let (shelf, listedShelf) = try load("shelf")
        #expect(shelf.library.books.map(\.title) == ["comic", "photos"])
        #expect(listedShelf == ["photos": "folder", "comic.cbz": "archive"])
        let (photos, listedPhotos) = try load("shelf/photos")
        #expect(photos.isOneBook && photos.library.books.first?.pages.count == 1)
        #expect(listedPhotos == ["photos": "folder"])
        let (single, listedSingle) = try load("shelf/stray.bmp")
        #expect(single.isOneBook && single.library.books.map(\.title) == ["stray"])
        #expect(listedSingle == ["stray.bmp": "image"])
        // A Books.plist is read through the reader too.
        try LibraryFixtures.plist([["title": "T", "pages": ["stray.bmp"]]], to: dir.appendingPathComponent("shelf/Books.plist"))
        let (listed, listedPlist) = try load("shelf")
        #expect(listed.library.books.map(\.title) == ["T"] && listedPlist == ["Books.plist": "plist"])
    }
}
