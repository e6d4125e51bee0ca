import FolioTestFixtures
import Foundation
import Testing

/// `folio record --tour BOOK`: a flip-through of one book, the same bytes every time.
@Suite(.serialized)
struct TourTests {
    static let offscreen = ["SDL_VIDEODRIVER": "offscreen"]

    /// A folder of six pictures: one book of six pages.
    static func book(in dir: URL) throws -> URL { try Folio.pictureBook(in: dir, pages: 6) }

    static func record(_ book: URL, into out: URL, trace: URL) throws -> Folio.Result {
        try Folio.run(["record", "--tour", book.path, "--out", out.path + "/", "--trace", trace.path, "--size", "320x200",
                       "--fps", "10", "--duration", "8", "--quiet"], environment: offscreen)
    }

    @Test func tourOpensReadsTheCoverASpreadAndTheLastPageClosesAndRepeatsExactly() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = try Self.book(in: dir)
        let (a, b) = (dir.appendingPathComponent("a"), dir.appendingPathComponent("b"))
        let (traceA, traceB) = (dir.appendingPathComponent("a.jsonl"), dir.appendingPathComponent("b.jsonl"))
        let first = try Self.record(book, into: a, trace: traceA)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try Self.record(book, into: b, trace: traceB)
        #expect(second.status == 0, "\(second.stderr)")

        // Two runs, the same frames byte for byte, and the same trace.
        let frames = try FileManager.default.contentsOfDirectory(atPath: a.path).sorted()
        #expect(frames.count == 80)
        #expect(try FileManager.default.contentsOfDirectory(atPath: b.path).sorted() == frames)
        for name in frames {
            let x = try Data(contentsOf: a.appendingPathComponent(name)), y = try Data(contentsOf: b.appendingPathComponent(name))
            #expect(x == y, "\(name) differs")
        }
        #expect(try Data(contentsOf: traceA) == Data(contentsOf: traceB))

        // The shelf first and last; between, the book laid flat showing the cover, a spread
        // of two pages and the last page (6), at rest.
        let trace = try Folio.trace(traceA)
        #expect(trace.count == 80)
        #expect(trace.first?["stack"] as? [String] == ["shelf"])
        #expect(trace.last?["stack"] as? [String] == ["shelf"])
        let flat = trace.filter { ($0["stack"] as? [String])?.last == "reading" && $0["transition"] is NSNull }
        let shown = flat.compactMap { ($0["reading"] as? [String: Any])?["visiblePages"] as? [Int] }
        #expect(shown.contains([1]), "\(shown)")
        #expect(shown.contains { $0.count == 2 }, "\(shown)")
        #expect(shown.contains { $0.contains(6) }, "\(shown)")
        #expect(trace.contains { ($0["stack"] as? [String])?.last == "book" })
    }
}
