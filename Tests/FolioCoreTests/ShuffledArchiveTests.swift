import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
import FolioSamples
import FolioTestFixtures

/// A book whose pages are stored out of page order, as in a solid 7z written from an
/// unsorted folder: 3,000 tiny entries in a shuffled order. A pass over every page in page
/// order reads the archive once, however the pages are stored, and every page comes back
/// with its own bytes.
@Suite struct ShuffledArchiveTests {
    static let count = 3000

    static func bytes(_ index: Int) -> Data { Data("page \(index) ".utf8) + Data(repeating: UInt8(index & 255), count: 16) }

    /// Page numbers 1…count in a fixed shuffled order (a linear congruential generator, so
    /// every run stores them alike).
    static func shuffled() -> [Int] {
        var order = Array(1...count)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for i in stride(from: order.count - 1, to: 0, by: -1) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            order.swapAt(i, Int((state >> 33) % UInt64(i + 1)))
        }
        return order
    }

    /// A shuffled archive of `format` in a new folder; the caller removes the folder.
    static func archive(_ format: ArchiveWriter.Format, ext: String) throws -> (dir: URL, url: URL, order: [Int]) {
        let dir = try LibraryFixtures.directory()
        let url = dir.appendingPathComponent("comic.\(ext)")
        let order = shuffled()
        let writer = try ArchiveWriter(url: url, format: format)
        for index in order { try writer.add("page\(index).png", bytes(index)) }
        try writer.close()
        return (dir, url, order)
    }

    /// `readEach` hands every wanted entry over once, in stored order, with its own bytes,
    /// from one opening of the archive; `read` during the hand-over returns the same bytes
    /// without opening it again.
    @Test(arguments: [(ArchiveWriter.Format.sevenZip, "cb7"), (.zip, "cbz"), (.tar, "cbt")])
    func readEachIsOnePassInStoredOrder(format: ArchiveWriter.Format, ext: String) throws {
        let (dir, url, order) = try Self.archive(format, ext: ext)
        defer { try? FileManager.default.removeItem(at: dir) }
        let cursor = ArchiveReader.Cursor()
        var handed: [String] = []
        var wrong: [String] = []
        let wanted = Set((1...Self.count).map { "page\($0).png" })
        cursor.readEach(url.path, entries: wanted) { entry, result in
            handed.append(entry)
            let index = Int(entry.dropFirst(4).dropLast(4)) ?? 0
            if (try? result.get()) != Self.bytes(index) || (try? cursor.read(url.path, entry: entry)) != Self.bytes(index) {
                wrong.append(entry)
            }
        }
        #expect(handed == order.map { "page\($0).png" })
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(cursor.opens == 1)
    }

    /// An entry the archive lacks is handed over last, as missing; the rest as usual.
    @Test func aMissingEntryIsHandedOverAsMissing() throws {
        let (dir, url, _) = try Self.archive(.sevenZip, ext: "cb7")
        defer { try? FileManager.default.removeItem(at: dir) }
        let cursor = ArchiveReader.Cursor()
        var results: [String: Result<Data, FolioError>] = [:]
        cursor.readEach(url.path, entries: ["page0.png", "page7.png"]) { results[$0] = $1 }
        #expect((try? results["page7.png"]?.get()) == Self.bytes(7))
        #expect(throws: FolioError.self) { try results["page0.png"]?.get() }
        if case .failure(let error) = results["page0.png"] {
            #expect(error.message == "\(url.path): has no entry page0.png.")
            #expect(error.cause == .missing)
        }
    }

    /// Page by page in page order from a shuffled solid 7z: the pages passed on the way are
    /// kept (they all fit the budget), so the whole book costs one pass, not one per page.
    @Test func readingAShuffledSolid7zInPageOrderIsOnePass() throws {
        let (dir, url, _) = try Self.archive(.sevenZip, ext: "cb7")
        defer { try? FileManager.default.removeItem(at: dir) }
        let cursor = ArchiveReader.Cursor()
        for index in 1...Self.count {
            #expect(try cursor.read(url.path, entry: "page\(index).png") == Self.bytes(index))
        }
        #expect(cursor.opens == 1, "\(cursor.opens) opens")
        #expect(cursor.heldBytes <= ArchiveReader.Cursor.keptBytes)
        #expect(cursor.heldEntries <= ArchiveReader.Cursor.behindEntries + 1)
    }

    /// With room for only a few pages, reading in page order still goes through the archive
    /// no more than once per budget's worth of pages, and what is kept stays within it.
    @Test func aSmallBudgetKeepsThePagesNearestAhead() throws {
        let (dir, url, _) = try Self.archive(.sevenZip, ext: "cb7")
        defer { try? FileManager.default.removeItem(at: dir) }
        let cursor = ArchiveReader.Cursor(keptBytes: 100 * 80)
        for index in 1...300 {
            #expect(try cursor.read(url.path, entry: "page\(index).png") == Self.bytes(index))
            #expect(cursor.heldEntries <= 100)
        }
        // About one pass per 100 kept pages (those behind count against the budget too).
        #expect(cursor.opens <= 300 / 50 + 1, "\(cursor.opens) opens")
    }

    /// The validator's way through a book: `ImageReader.inStoredOrder` hands over every
    /// page of the loaded book, each read back right through `data(for:)`.
    @Test func aLoadedBookIsReadInStoredOrder() throws {
        let (dir, url, order) = try Self.archive(.sevenZip, ext: "cb7")
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = try #require(try LibraryLoader.load(url.path).library.books.first)
        let sources = ([book.cover] + book.pages).compactMap { $0 }
        #expect(sources.count == Self.count)
        let reader = ImageReader()
        var handed: [Int] = []
        var wrong = 0
        reader.inStoredOrder(sources) { source in
            guard case .archiveEntry(_, let entry) = source, let index = Int(entry.dropFirst(4).dropLast(4)) else { return }
            handed.append(index)
            if (try? reader.data(for: source)) != Self.bytes(index) { wrong += 1 }
        }
        #expect(handed == order)
        #expect(wrong == 0)
    }
}
