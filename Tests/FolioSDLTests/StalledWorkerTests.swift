import FolioSamples
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary

/// A decoder worker that never answers (stopped, or on a hung network mount) costs a book
/// its two answer bounds, not the timeout: the worker is replaced and the listing asked once
/// more, and only then is the book named unreadable; one that stalls once is answered the
/// second time.
@Suite(.serialized) struct StalledWorkerTests {
    static let bounds = DecoderSandbox.AnswerBounds(first: 0.3, retry: 0.6)

    /// A worker program that sleeps instead of answering (every time, or only the first
    /// time: the marker folder it makes says it stalled once), else runs the real worker.
    static func stallingWorker(in folder: URL, always: Bool) throws -> String {
        let script = folder.appendingPathComponent(always ? "stalls" : "stalls-once")
        let marker = folder.appendingPathComponent("stalled").path
        let body = always
            ? "#!/bin/sh\nexec sleep 30\n"
            : "#!/bin/sh\nif mkdir '\(marker)' 2>/dev/null; then exec sleep 30; fi\nexec '\(DecoderSandboxTests.worker)' \"$@\"\n"
        try Data(body.utf8).write(to: script)
        chmod(script.path, 0o755)
        return script.path
    }

    static func comic(in folder: URL) throws -> String {
        let page = folder.appendingPathComponent("page.png").path
        try PageFitTests.framedPNG(width: 20, height: 30, at: page)
        let png = try Data(contentsOf: URL(fileURLWithPath: page))
        try FileManager.default.removeItem(atPath: page)
        let path = folder.appendingPathComponent("comic.cbz")
        try ArchiveWriter.write([("1.png", png), ("2.png", png)], to: path, format: .zip)
        return path.path
    }

    @Test func aStalledWorkerIsReplacedAndTheBookNamedAfterTwoBounds() throws {
        let folder = try DocumentPageTests.write(Data(), "unused").deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let books = folder.appendingPathComponent("books")
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        let comic = try Self.comic(in: books)
        let decoder = try DecoderSandbox(executable: Self.stallingWorker(in: folder, always: true), bounds: Self.bounds)
        let start = Date()
        let loaded = try LibraryLoader.load(books.path, decoder: decoder)
        let elapsed = Date().timeIntervalSince(start)
        #expect(loaded.library.books.isEmpty)
        let problem = try #require(loaded.problems.first { $0.file == comic })
        #expect(problem.message.contains("did not answer within 0.3 s, nor a fresh one within 0.6 s"), "\(problem.message)")
        #expect(elapsed >= 0.9 && elapsed < 5, "the listing gave up after \(elapsed) s")
    }

    @Test func aWorkerThatStallsOnceIsAskedAgainAndAnswers() throws {
        let folder = try DocumentPageTests.write(Data(), "unused").deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        try #require(FileManager.default.isExecutableFile(atPath: DecoderSandboxTests.worker), "build folio first (swift build)")
        let comic = try Self.comic(in: folder)
        let decoder = try DecoderSandbox(executable: Self.stallingWorker(in: folder, always: false), bounds: Self.bounds)
        let loaded = try LibraryLoader.load(comic, decoder: decoder)
        #expect(loaded.library.books.first?.pages.count == 1, "\(loaded.problems)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("stalled").path), "the first worker stalled")
    }
}
