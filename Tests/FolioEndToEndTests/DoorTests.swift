import FolioCore
import FolioTestFixtures
import Foundation
import Testing

/// What the benchmark's door figures stand on (`folio bench`'s `door`): `--exit-when-readable`
/// ends only once the reading view rests with its pages drawn whole, and `--quit-after` says
/// that it ends.
@Suite struct DoorTests {
    static let offscreen = ["SDL_VIDEODRIVER": "offscreen"]

    /// A folder of three pictures: one book, opened as `folio BOOK` opens it.
    static func book(in dir: URL) throws -> URL { try Folio.pictureBook(in: dir, pages: 3) }

    @Test func exitWhenReadableEndsWithTheReadingViewAtRest() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("trace.jsonl")
        let result = try Folio.run([try Self.book(in: dir).path, "--exit-when-readable", "--trace", trace.path], environment: Self.offscreen)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").last == "readable")
        // Its last frame is the book laid flat, nothing moving.
        let last = try #require(try Folio.trace(trace).last)
        #expect(last["stack"] as? [String] == ["shelf", "book", "reading"])
        #expect(last["transition"] is NSNull)
    }

    @Test func quitAfterSaysItQuits() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try Folio.run([try Self.book(in: dir).path, "--quit-after", "0.5"], environment: Self.offscreen)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(["quit", "quit decoding"].contains(result.stdout.split(separator: "\n").last.map(String.init)), "\(result.stdout)")
    }

    /// `folio BOOK` waits only for the book's shape (its cover and first pages) before the
    /// window shows; the double pages are found once its first pages are readable, and the
    /// open book takes them.
    @Test func aBookOpenedAloneFindsItsSpreadsOnceItShows() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = dir.appendingPathComponent("book")
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        // The cover, then five pages, one of them a double page where it changes the count of
        // the book's pages (a blank goes before it).
        let plain = Book(title: "book", cover: nil, pages: Array(repeating: nil, count: 5)).displayPageCount
        let wide = try #require((0..<5).first { Book(title: "book", cover: nil, pages: Array(repeating: nil, count: 5), spreads: [$0]).displayPageCount != plain })
        let spread = Book(title: "book", cover: nil, pages: Array(repeating: nil, count: 5), spreads: [wide]).displayPageCount
        for page in 1...6 { try Folio.makeImage(book.appendingPathComponent("\(page).png"), width: page == wide + 2 ? 600 : 300, height: 450) }
        let trace = dir.appendingPathComponent("trace.jsonl")
        let result = try Folio.run([book.path, "--quit-after", "3", "--trace", trace.path], environment: Self.offscreen)
        #expect(result.status == 0, "\(result.stderr)")
        let states = try Folio.trace(trace)
        let counts = states.compactMap { ($0["book"] as? [String: Any])?["pageCount"] as? Int }
        #expect(counts.last == spread, "\(counts)")
    }
}
