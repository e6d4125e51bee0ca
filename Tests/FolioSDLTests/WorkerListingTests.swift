import FolioSamples
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary

/// A library listed by the decoder workers (every format's listing there) is the library
/// listed in this process: folders of images, single images, archives with their
/// ComicInfo.xml, and the problems each names.
@Suite struct WorkerListingTests {
    @Test func theWorkersListWhatThisProcessWould() throws {
        let dir = try DocumentPageTests.write(Data(), "unused")
        defer { DocumentPageTests.remove(dir) }
        let root = dir.deletingLastPathComponent().appendingPathComponent("shelf")
        let photos = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for name in ["cover.png", "p1.png"] {
            try PageFitTests.framedPNG(width: 20, height: 30, at: photos.appendingPathComponent(name).path)
        }
        try Data("notes".utf8).write(to: photos.appendingPathComponent("notes.doc"))
        let png = try Data(contentsOf: photos.appendingPathComponent("p1.png"))
        let info = Data("""
            <?xml version="1.0"?><ComicInfo><Title>Told</Title><Writer>Ann</Writer><Manga>YesAndRightToLeft</Manga>
            <Pages><Page Image="1" DoublePage="True"/></Pages></ComicInfo>
            """.utf8)
        try ArchiveWriter.write([("ComicInfo.xml", info), ("1.png", png), ("2.png", png), ("3.png", png), ("x.txt2", png)],
                                to: root.appendingPathComponent("comic.cbz"), format: .zip)
        let plist = try PropertyListSerialization.data(fromPropertyList: [
            ["title": "Listed", "cover": "photos/cover.png", "pages": ["own.png", "photos/p1.png", "gone.png", "../outside.png", 7]],
            "not a book",
        ], format: .xml, options: 0)
        let library = root.deletingLastPathComponent().appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        try plist.write(to: library.appendingPathComponent("Books.plist"))
        try png.write(to: library.appendingPathComponent("own.png"))
        try FileManager.default.createSymbolicLink(at: library.appendingPathComponent("photos"), withDestinationURL: photos)
        for path in [library.path, root.path, photos.path, photos.appendingPathComponent("p1.png").path, root.appendingPathComponent("comic.cbz").path] {
            let here = try LibraryLoader.load(path)
            let there = try LibraryLoader.load(path, decoder: TestDecoding.workers)
            #expect(there.library == here.library && there.problems == here.problems && there.isOneBook == here.isOneBook)
        }
        let comic = try #require(try LibraryLoader.load(root.appendingPathComponent("comic.cbz").path, decoder: TestDecoding.workers)
            .library.books.first)
        #expect(comic.title == "Told" && comic.byline == "Ann" && comic.rightToLeft && !comic.spreads.isEmpty)
    }
}
