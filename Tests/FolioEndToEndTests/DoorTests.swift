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
}
