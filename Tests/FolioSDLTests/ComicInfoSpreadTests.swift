import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSDL
import FolioTestFixtures

/// The spreads a ComicInfo.xml names and the ones found from the pages' shapes are one set:
/// measuring a book adds to its metadata's spreads, never replaces them.
@Suite struct ComicInfoSpreadTests {
    @Test func measuredSpreadsJoinTheComicInfoOnes() throws {
        let dir = try HeadlessCanvas.temporaryFolder("comicinfo-spreads")
        defer { try? FileManager.default.removeItem(at: dir) }
        func png(width: Int) throws -> Data {
            let url = dir.appendingPathComponent("page-\(width).png")
            try HeadlessCanvas.writePNG([UInt8](repeating: 200, count: width * 90 * 3), width: Int32(width), height: 90, to: url.path)
            return try Data(contentsOf: url)
        }
        let page = try png(width: 60), wide = try png(width: 120)
        // p3 is twice as wide (found by its shape); p5 is page-shaped but marked DoublePage.
        let info = Data("<ComicInfo><Pages><Page Image=\"4\" DoublePage=\"True\"/></Pages></ComicInfo>".utf8)
        let comic = dir.appendingPathComponent("Comic.cbz")
        try ArchiveFixture.write([("p1.png", page), ("p2.png", page), ("p3.png", wide), ("p4.png", page), ("p5.png", page),
                                  ("ComicInfo.xml", info)], to: comic)
        let loaded = try LibraryLoader.load(comic.path)
        #expect(loaded.library.books[0].spreads == [3])
        let measured = BookShapes.measured(loaded.library, decoder: TestDecoding.workers)
        #expect(measured.books[0].spreads == [1, 3])
    }
}
