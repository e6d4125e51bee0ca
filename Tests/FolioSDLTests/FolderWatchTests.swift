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
            seen += watch.take().arrived
            return seen.count >= 2
        })
        #expect(Set(seen) == [dir.path + "/New.cbz", book.path], "\(seen)")
        try writing.close()
        try #require(waitUntil("the file once closed") {
            seen += watch.take().arrived
            return seen.count >= 3
        })
        #expect(seen.last == open.path && seen.count == 3, "\(seen)")
        // A change to a book reported already is not a new book.
        try Data("again".utf8).write(to: dir.appendingPathComponent("New.cbz"))
        try Data("page".utf8).write(to: book.appendingPathComponent("2.png"))
        try Data("later".utf8).write(to: dir.appendingPathComponent("Later.cbz"))
        try #require(waitUntil("the later file") {
            seen += watch.take().arrived
            return seen.count >= 4
        })
        #expect(seen.dropFirst(3) == [dir.path + "/Later.cbz"], "\(seen)")
    }

    @Test func booksDeletedMovedAwayOrRenamedAreReported() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let elsewhere = dir.appendingPathComponent("Elsewhere")
        let library = dir.appendingPathComponent("Library")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        for name in ["Deleted.cbz", "Moved.cbz", "Renamed.cbz"] { try Data(name.utf8).write(to: library.appendingPathComponent(name)) }
        try FileManager.default.createDirectory(at: library.appendingPathComponent("Folder"), withIntermediateDirectories: true)
        let watch = try #require(FolderWatch(root: library.path, quiet: 0.2))
        defer { watch.stop() }
        try FileManager.default.removeItem(at: library.appendingPathComponent("Deleted.cbz"))
        try FileManager.default.moveItem(at: library.appendingPathComponent("Moved.cbz"), to: elsewhere.appendingPathComponent("Moved.cbz"))
        try FileManager.default.moveItem(at: library.appendingPathComponent("Renamed.cbz"), to: library.appendingPathComponent("Now.cbz"))
        try FileManager.default.moveItem(at: library.appendingPathComponent("Folder"), to: library.appendingPathComponent("Folder 2"))
        // Hidden names come and go unreported.
        try Data("x".utf8).write(to: library.appendingPathComponent(".tmp"))
        try FileManager.default.removeItem(at: library.appendingPathComponent(".tmp"))
        var changes = FolderWatch.Changes()
        try #require(waitUntil("the changes") {
            let next = watch.take()
            changes.arrived += next.arrived
            changes.gone += next.gone
            changes.renamed += next.renamed
            return changes.arrived.count >= 2
        })
        let path = { (name: String) in library.path + "/" + name }
        #expect(Set(changes.gone) == [path("Deleted.cbz"), path("Moved.cbz")], "\(changes.gone)")
        #expect(changes.renamed.map { [$0.from, $0.to] } == [[path("Renamed.cbz"), path("Now.cbz")], [path("Folder"), path("Folder 2")]])
        #expect(Set(changes.arrived) == [path("Now.cbz"), path("Folder 2")])
        // A name that went and came back is a new arrival.
        try Data("back".utf8).write(to: library.appendingPathComponent("Deleted.cbz"))
        try #require(waitUntil("the book back") { watch.take().arrived == [path("Deleted.cbz")] })
    }
}
