import FolioTestFixtures
import FolioThreads
import Foundation
import Testing

/// A shelf that sees books arrive and go: the live viewer on a folder of books, books moved
/// and copied into the folder while it runs, then one deleted and one renamed, checked through
/// its live trace (`shelf.count`, `shelf.covers`).
@Suite(.serialized)
struct LibraryArrivalTests {
    static let tools = ["Xvfb", "ffmpeg"].allSatisfy { Folio.which($0) != nil }

    static func shelf(_ state: [String: Any]) -> (count: Int, centred: Int)? {
        guard let shelf = state["shelf"] as? [String: Any], let count = shelf["count"] as? Double,
              let centred = shelf["centered"] as? Double else { return nil }
        return (Int(count), Int(centred))
    }

    /// The books whose covers the shelf shows, left to right.
    static func books(_ state: [String: Any]) -> [Int]? {
        guard let shelf = state["shelf"] as? [String: Any], let covers = shelf["covers"] as? [[String: Any]] else { return nil }
        return covers.compactMap { ($0["book"] as? Double).map(Int.init) }
    }

    @Test(.enabled(if: tools, "needs Xvfb and ffmpeg (installed by .ci/run)"))
    func booksMovedOrCopiedIntoTheFolderJoinTheShelfOnceWhole() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let library = dir.appendingPathComponent("Library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        let first = try Folio.pictureBook(in: library, pages: 2)
        try FileManager.default.moveItem(at: first, to: library.appendingPathComponent("First"))
        let screen = try VirtualDisplay(number: 90 + Int(getpid() % 9))
        defer { screen.stop() }
        let traceURL = dir.appendingPathComponent("live.jsonl")
        let log = dir.appendingPathComponent("stderr.txt")
        let app = try screen.launch([library.path, "--trace", traceURL.path], state: dir.appendingPathComponent("state"), log: log)
        defer { if app.isRunning { app.signal(SIGKILL) } }
        let started = Folio.waitForState(traceURL, "the shelf of one book") { Self.shelf($0)?.count == 1 }
        try #require(started != nil, "\((try? String(contentsOf: log, encoding: .utf8)) ?? "")")

        // A PDF being written: half of it now, the rest after another book has arrived.
        let pdf = PDFFixture.document(pages: 3)
        let pdfURL = library.appendingPathComponent("Paper.pdf")
        FileManager.default.createFile(atPath: pdfURL.path, contents: nil)
        let writing = try FileHandle(forWritingTo: pdfURL)
        try writing.write(contentsOf: pdf.prefix(pdf.count / 2))
        // A hidden file (a download in progress) is left alone.
        try Data("partial".utf8).write(to: library.appendingPathComponent(".Next.cbz.part"))

        // A folder book made elsewhere and moved in whole.
        let outside = dir.appendingPathComponent("Outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        let second = try Folio.pictureBook(in: outside, pages: 3)
        try FileManager.default.moveItem(at: second, to: library.appendingPathComponent("Second"))
        let moved = Folio.waitForState(traceURL, "the moved book on the shelf", seconds: 15) { Self.shelf($0)?.count == 2 }
        #expect(moved.flatMap(Self.shelf)?.centred == 0, "the shelf moved to the book that arrived")

        // The half-written PDF was not read (it would have been refused, and never read
        // again): once whole and closed, it joins.
        try writing.write(contentsOf: pdf.dropFirst(pdf.count / 2))
        try writing.close()
        let whole = Folio.waitForState(traceURL, "the PDF on the shelf", seconds: 15) { Self.shelf($0)?.count == 3 }
        #expect(whole.flatMap(Self.shelf)?.centred == 0)

        // Deleted, a book leaves at once; renamed, it leaves and comes back as a new arrival
        // (book 3: the indices of the first three stay theirs).
        try FileManager.default.removeItem(at: pdfURL)
        let deleted = Folio.waitForState(traceURL, "the PDF gone from the shelf", seconds: 15) { Self.shelf($0)?.count == 2 }
        #expect(deleted.flatMap(Self.books) == [0, 1])
        try FileManager.default.moveItem(at: library.appendingPathComponent("Second"), to: library.appendingPathComponent("Renamed"))
        let renamed = Folio.waitForState(traceURL, "the renamed book back on the shelf", seconds: 15) { Self.books($0) == [0, 3] }
        #expect(renamed != nil)
        app.signal(SIGTERM)
        _ = app.wait(seconds: 5)
        #expect(Folio.lastState(traceURL).flatMap(Self.shelf)?.count == 2)
        let warnings = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(!warnings.contains("Paper.pdf"), "the PDF was read before it was whole: \(warnings)")
        #expect(!warnings.contains(".Next"), "the hidden file was read: \(warnings)")
    }
}
