import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
import FolioSamples
import FolioTestFixtures

/// The benchmark's kind of comic: 1,000 images written by `ArchiveWriter` as a RAR (stored,
/// by hand) and a solid 7z, named page1.jpg … page1000.jpg (no leading zeros). They open as
/// one book in natural order, and one reader reads every page right, in order, out of order
/// and after a missing entry (it keeps the archive open between pages).
@Suite struct LongArchiveTests {
    static let count = 1000

    static func bytes(_ index: Int) -> Data { Data("page \(index) ".utf8) + Data(repeating: UInt8(index & 255), count: 64) }

    @Test(arguments: [(ArchiveWriter.Format.rar, "cbr"), (.sevenZip, "cb7")])
    func aThousandPagesOpenInNaturalOrderAndReadBack(format: ArchiveWriter.Format, ext: String) throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("comic.\(ext)")
        let writer = try ArchiveWriter(url: url, format: format)
        for index in 1...Self.count { try writer.add("page\(index).jpg", Self.bytes(index)) }
        try writer.close()

        let book = try #require(try LibraryLoader.load(url.path).library.books.first)
        let images = ([book.cover] + book.pages).compactMap { $0 }
        #expect(images.count == Self.count)
        #expect(images.map { image -> String in
            guard case .archiveEntry(_, let entry) = image else { return "" }
            return entry
        } == (1...Self.count).map { "page\($0).jpg" })

        let reader = ImageReader()
        for (offset, image) in images.enumerated() {
            #expect(try reader.data(for: image) == Self.bytes(offset + 1))
        }
        // Backwards, a missing entry, then on again: each read is still the right page.
        #expect(try reader.data(for: images[2]) == Self.bytes(3))
        #expect(throws: ImageReader.Failure.self) { try reader.data(for: .archiveEntry(archive: url.path, entry: "page0.jpg")) }
        #expect(try reader.data(for: images[999]) == Self.bytes(1000))
        #expect(try reader.data(for: images[500]) == Self.bytes(501))
    }

    /// Flipping backwards through a solid 7z: the pages passed on the way to each one are
    /// kept, so the archive is inflated from the start once per sixteen pages rather than
    /// for every page, the pages come back right, and what is kept stays within its budget.
    /// A ZIP read backwards is opened as seldom.
    @Test func flippingBackwardsOpensASolid7zOrAZIPOncePerSixteenPages() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("comic.cb7")
        let writer = try ArchiveWriter(url: url, format: .sevenZip)
        for index in 1...200 { try writer.add("page\(index).jpg", Self.bytes(index)) }
        try writer.close()
        let cursor = ArchiveReader.Cursor()
        for index in stride(from: 200, through: 1, by: -1) {
            #expect(try cursor.read(url.path, entry: "page\(index).jpg") == Self.bytes(index))
            #expect(cursor.heldBytes <= ArchiveReader.Cursor.keptBytes)
        }
        // 200 pages backwards: the first read opens it, then one pass per 16 pages kept.
        #expect(cursor.opens <= 1 + 200 / ArchiveReader.Cursor.behindEntries + 1, "\(cursor.opens) opens")
        // A ZIP reaches each entry by a seek, but only forwards: read backwards, it keeps the
        // sixteen entries stored before each one it knows from an earlier pass, so it too is
        // opened once per sixteen pages (not for every page), within the same budget.
        let zip = dir.appendingPathComponent("comic.cbz")
        let zipWriter = try ArchiveWriter(url: zip, format: .zip)
        for index in 1...40 { try zipWriter.add("page\(index).jpg", Self.bytes(index)) }
        try zipWriter.close()
        let zipCursor = ArchiveReader.Cursor()
        for index in stride(from: 40, through: 1, by: -1) {
            #expect(try zipCursor.read(zip.path, entry: "page\(index).jpg") == Self.bytes(index))
        }
        #expect(zipCursor.opens <= 1 + 40 / ArchiveReader.Cursor.behindEntries + 1, "\(zipCursor.opens) opens")
        #expect(zipCursor.heldBytes <= ArchiveReader.Cursor.keptBytes)
        // Forwards from the start again, and the first page once more: every read is right.
        for index in [1, 2, 3, 20, 1] {
            #expect(try zipCursor.read(zip.path, entry: "page\(index).jpg") == Self.bytes(index))
        }
    }
}
