import FolioTestFixtures
import Foundation
import Testing
@testable import FolioSDL

/// What the library folder's watch reports: new entries once whole and quiet, each once;
/// never what was there, hidden names, or a file still open for writing.
@Suite(.serialized)
struct FolderWatchTests {
    @Test func anEntryIsSettledOnceWholeAndQuiet() {
        var arrivals = FolderWatch.Arrivals(quiet: 1)
        arrivals.changed("a.cbz", at: 0, complete: false)
        arrivals.changed("Folder", at: 0.2, complete: true)
        #expect(arrivals.settled(at: 1.1) == [], "the folder is quiet for 0.9 s only, the file not whole")
        arrivals.changed("Folder", at: 1.0)
        #expect(arrivals.settled(at: 1.9) == [])
        #expect(arrivals.settled(at: 2.0) == ["Folder"])
        #expect(arrivals.settled(at: 5) == [], "reported once")
        arrivals.changed("a.cbz", at: 5, complete: true)
        arrivals.changed("a.cbz", at: 5.5, complete: false)
        #expect(arrivals.settled(at: 9) == [], "written again after it was closed: not whole")
        arrivals.changed("a.cbz", at: 9, complete: true)
        #expect(arrivals.settled(at: 10) == ["a.cbz"])
    }

    @Test func aWatchReportsNewEntriesOnceEachWhenWhole() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("there".utf8).write(to: dir.appendingPathComponent("Old.cbz"))
        let watch = try #require(FolderWatch(root: dir.path, quiet: 0.2))
        defer { watch.stop() }
        // Open for writing: not reported until closed.
        let open = dir.appendingPathComponent("Open.pdf")
        FileManager.default.createFile(atPath: open.path, contents: Data("%PDF".utf8))
        let writing = try FileHandle(forWritingTo: open)
        try writing.seekToEnd()
        try writing.write(contentsOf: Data("-1.4".utf8))
        try Data("hidden".utf8).write(to: dir.appendingPathComponent(".Hidden.part"))
        try Data("new".utf8).write(to: dir.appendingPathComponent("New.cbz"))
        let book = dir.appendingPathComponent("Folder Book")
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        try Data("page".utf8).write(to: book.appendingPathComponent("1.png"))
        var seen: [String] = []
        try #require(waitUntil("the new file and folder") {
            seen += watch.take()
            return seen.count >= 2
        })
        #expect(Set(seen) == [dir.path + "/New.cbz", book.path], "\(seen)")
        try writing.close()
        try #require(waitUntil("the file once closed") {
            seen += watch.take()
            return seen.count >= 3
        })
        #expect(seen.last == open.path && seen.count == 3, "\(seen)")
        // A change to a book reported already is not a new book.
        try Data("again".utf8).write(to: dir.appendingPathComponent("New.cbz"))
        try Data("page".utf8).write(to: book.appendingPathComponent("2.png"))
        try Data("later".utf8).write(to: dir.appendingPathComponent("Later.cbz"))
        try #require(waitUntil("the later file") {
            seen += watch.take()
            return seen.count >= 4
        })
        #expect(seen.dropFirst(3) == [dir.path + "/Later.cbz"], "\(seen)")
    }
}
