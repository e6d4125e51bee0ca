import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// Dropping a file or folder on the window: its books join the shelf through the library
/// loader and the shelf glides to the first; a bad drop is one warning and changes nothing.
struct DropTests {
    /// A folder holding `comic.cbz` (three pages) and a folder book `scans` (two pages).
    static func droppable() throws -> URL {
        let dir = try LibraryFixtures.directory()
        let image = LibraryFixtures.bmp(width: 4, height: 6)
        try LibraryFixtures.zip([("1.bmp", image), ("2.bmp", image), ("3.bmp", image)], to: dir.appendingPathComponent("comic.cbz"))
        let scans = dir.appendingPathComponent("scans")
        try FileManager.default.createDirectory(at: scans, withIntermediateDirectories: true)
        try LibraryFixtures.write(image, to: scans.appendingPathComponent("a.bmp"))
        try LibraryFixtures.write(image, to: scans.appendingPathComponent("b.bmp"))
        return dir
    }

    @Test func aDroppedArchiveJoinsTheShelfAndIsCentred() throws {
        let dir = try Self.droppable()
        defer { try? FileManager.default.removeItem(at: dir) }
        let driver = AppDriver(books: 3)
        let warnings = driver.drop(dir.appendingPathComponent("comic.cbz").path)
        #expect(warnings.isEmpty)
        #expect(driver.app.library.books.count == 4)
        #expect(driver.app.library.books[3].title == "comic")
        #expect(driver.app.shelf.layout.bookCount == 4)
        driver.run(until: driver.now + 2)
        #expect(driver.app.shelf.centredIndex == 3)
        #expect(driver.app.shelf.isAtRest)
        // The new book opens like any other.
        driver.send(.key(.return))
        driver.run(until: driver.now + 2)
        #expect(driver.app.book?.bookIndex == 3)
        #expect(driver.app.book?.layout.pageCount == driver.app.library.books[3].displayPageCount)
    }

    /// A book that joined by a drop has its place remembered like the others: read to its
    /// second spread and closed, the places hold that spread under its key.
    @Test func aDroppedBooksPlaceIsRemembered() throws {
        let dir = try Self.droppable()
        defer { try? FileManager.default.removeItem(at: dir) }
        let comic = dir.appendingPathComponent("comic.cbz").path
        let library = Library.synthetic(books: 2, pages: 12)
        let keeper = PlaceKeeper(places: Places(), library: library)
        let driver = AppDriver(books: 2, places: keeper)
        #expect(driver.drop(comic).isEmpty)
        driver.run(until: driver.now + 2)
        driver.send(.key(.return))
        driver.run(until: driver.now + 2)
        #expect(driver.app.book?.bookIndex == 2)
        // From the cover, two leaves on.
        driver.send(.key(.right))
        driver.run(until: driver.now + 2)
        driver.send(.key(.right))
        driver.run(until: driver.now + 2)
        driver.send(.key(.escape))
        driver.run(until: driver.now + 2)
        let key = try #require(BookKey.of(driver.app.library.books[2]))
        #expect(keeper.places.spread(of: key) == 1)
        #expect(keeper.places.centred(on: .bundled) == key)
    }

    @Test func aDroppedFolderAddsEachBookAndCentresTheFirst() throws {
        let dir = try Self.droppable()
        defer { try? FileManager.default.removeItem(at: dir) }
        let driver = AppDriver(books: 2)
        #expect(driver.drop(dir.path).isEmpty)
        #expect(driver.app.library.books.map(\.title) == ["Book 1", "Book 2", "comic", "scans"])
        driver.run(until: driver.now + 2)
        #expect(driver.app.shelf.centredIndex == 2)
    }

    @Test func aBookAlreadyOnTheShelfIsCentredNotAddedTwice() throws {
        let dir = try Self.droppable()
        defer { try? FileManager.default.removeItem(at: dir) }
        let driver = AppDriver(books: 5)
        let comic = dir.appendingPathComponent("comic.cbz").path
        driver.drop(comic)
        driver.send(.key(.home))
        driver.run(until: driver.now + 2)
        #expect(driver.app.shelf.centredIndex == 0)
        driver.drop(comic)
        driver.run(until: driver.now + 2)
        #expect(driver.app.library.books.count == 6)
        #expect(driver.app.shelf.centredIndex == 5)
    }

    @Test func anEmptyShelfTakesADrop() throws {
        let dir = try Self.droppable()
        defer { try? FileManager.default.removeItem(at: dir) }
        let driver = AppDriver(books: 0)
        #expect(driver.app.drawList().texts.contains { FolioApp.emptyHint.hasPrefix($0.text) })
        driver.drop(dir.appendingPathComponent("scans").path)
        driver.run(until: driver.now + 1)
        #expect(driver.app.library.books.count == 1)
        #expect(!driver.app.drawList().texts.contains { FolioApp.emptyHint.hasPrefix($0.text) })
        #expect(driver.app.shelf.covers().map(\.book) == [0])
    }

    /// A drop on an open book waits: the shelf glides to it once the book has closed.
    @Test func aDropOnAnOpenBookIsCentredAfterItCloses() throws {
        let dir = try Self.droppable()
        defer { try? FileManager.default.removeItem(at: dir) }
        let driver = AppDriver(books: 3)
        driver.send(.key(.return))
        driver.run(until: driver.now + 2)
        driver.drop(dir.appendingPathComponent("comic.cbz").path)
        driver.run(until: driver.now + 1)
        #expect(driver.app.book?.bookIndex == 0)
        #expect(driver.app.navigation.scenes.count == 2)
        #expect(driver.app.shelf.centredIndex == 0)
        driver.send(.key(.escape))
        driver.run(until: driver.now + 3)
        #expect(driver.app.navigation.scenes.count == 1)
        #expect(driver.app.shelf.centredIndex == 3)
    }

    /// Missing paths, a file that is no library, an archive with no images, a FIFO, an
    /// overlong path: one sentence naming the path, and the shelf as it was.
    @Test func aBadDropIsOneWarningAndChangesNothing() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("notes.txt")
        try Data("not a library".utf8).write(to: text)
        let empty = dir.appendingPathComponent("empty.cbz")
        try LibraryFixtures.zip([("readme.txt", Data("x".utf8))], to: empty)
        let fifo = dir.appendingPathComponent("pipe.cbz")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let missing = dir.appendingPathComponent("gone.cbz").path
        let long = "/" + String(repeating: "a", count: FolioApp.maxDropPathBytes)
        let driver = AppDriver(books: 3)
        driver.send(.key(.right))
        driver.run(until: driver.now + 2)
        for path in [missing, text.path, empty.path, fifo.path, long, ""] {
            let warnings = driver.drop(path)
            #expect(warnings.count == 1, "\(path)")
            if path.count > 1, path.count < 200 { #expect(warnings.first?.hasPrefix(path) == true, "\(warnings)") }
            #expect(warnings.first?.hasSuffix(".") == true)
            #expect(driver.app.library.books.count == 3)
            driver.run(until: driver.now + 1)
            #expect(driver.app.shelf.centredIndex == 1)
        }
    }

    /// The core reads no files: the app is handed what was read of a drop, and a read that
    /// failed is its one sentence, the shelf as it was.
    @Test func aFailedReadIsOneSentenceAndTheShelfStays() {
        let app = FolioApp(library: .synthetic(books: 2, pages: 4), size: Size(width: 320, height: 200))
        let read = FolioApp.readDrop("/tmp/comic.cbz") { path in throw FolioError.badInput("\(path): is not a readable archive.") }
        #expect(app.adopt(dropOf: "/tmp/comic.cbz", read, at: 0) == ["/tmp/comic.cbz: is not a readable archive."])
        #expect(app.library.books.count == 2)
    }

    /// The path of a drop is checked once, where every drop is read (the live viewer reads
    /// off its thread through the same call): an empty or overlong path is refused before
    /// anything is loaded.
    @Test func aBadDropPathIsRefusedBeforeAnythingIsRead() {
        var loaded: [String] = []
        for path in ["", "/" + String(repeating: "a", count: FolioApp.maxDropPathBytes), "/tmp/a\u{0}b"] {
            let result = FolioApp.readDrop(path) { loaded.append($0); return LoadedLibrary(library: Library(books: []), problems: []) }
            guard case .failure(let failure) = result else { Issue.record("\(path.prefix(20)) was read"); continue }
            #expect(failure.message.hasPrefix("A dropped path was empty or longer than"))
        }
        #expect(loaded.isEmpty)
    }
}
