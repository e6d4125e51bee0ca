import Foundation
import Testing
@testable import FolioCore

/// Books whose files go from the library's folder while the viewer runs leave the shelf and
/// the grid (an open one once it is closed), and a renamed book's place follows it.
@Suite struct BooksGoneTests {
    /// Five books: four archives and a folder of images, in /lib.
    static func library() -> Library {
        var books = ["A", "B", "C", "D"].map { name in
            Book(title: name, cover: .archiveEntry(archive: "/lib/\(name).cbz", entry: "1.jpg"),
                 pages: (2...6).map { .archiveEntry(archive: "/lib/\(name).cbz", entry: "\($0).jpg") })
        }
        books.append(Book(title: "Folder", cover: .file("/lib/Folder/01.jpg"), pages: [.file("/lib/Folder/02.jpg")]))
        return Library(books: books)
    }

    static func trace(_ driver: AppDriver) throws -> TraceFrame {
        driver.recording = true
        driver.run(until: driver.now + 0.05)
        driver.recording = false
        return try TraceFrame.decode(#require(driver.traces.last))
    }

    @Test func aBookIsFoundByTheFileOrFolderItWasReadFrom() {
        let library = Self.library()
        #expect(library.books(at: "/lib/B.cbz") == [1])
        #expect(library.books(at: "/lib/Folder") == [4] && library.books(at: "/lib/Folder/") == [4])
        #expect(library.books(at: "/lib/Fold").isEmpty && library.books(at: "/lib/B.cb").isEmpty)
        #expect(library.books(at: "/lib").count == 5)
    }

    @Test func aBookThatWentLeavesTheShelfAndTheCentredOneStays() throws {
        let driver = AppDriver(library: Self.library())
        driver.app.shelf.settle(onBook: 2)
        #expect(driver.app.removeBooks(at: "/lib/A.cbz", at: driver.now) == 1)
        var line = try Self.trace(driver)
        #expect(line.shelf.count == 4 && line.shelf.centred == 2 && driver.app.shelf.order == [1, 2, 3, 4])
        // The centred book itself: the next takes its place.
        driver.app.removeBooks(at: "/lib/C.cbz", at: driver.now)
        line = try Self.trace(driver)
        #expect(line.shelf.count == 3 && line.shelf.centred == 3)
        // Neither Tab's orders nor a book arriving bring them back.
        for _ in 0..<3 { driver.send(.key(.tab, [])) }
        #expect(Set(driver.app.shelf.order) == [1, 3, 4])
        var more = Library.synthetic(books: 1, pages: 2)
        more.books[0].title = "E"
        _ = driver.app.adopt(dropOf: "/lib/E.cbz", .success(LoadedLibrary(library: more, problems: [])), centring: false, at: driver.now)
        #expect(Set(driver.app.shelf.order) == [1, 3, 4, 5])
        // Going again changes nothing.
        #expect(driver.app.removeBooks(at: "/lib/A.cbz", at: driver.now) == 0)
        #expect(try Self.trace(driver).shelf.count == 4)
    }

    @Test func theOpenBookStaysUntilItIsClosed() throws {
        let driver = AppDriver(library: Self.library())
        driver.app.shelf.settle(onBook: 1)
        driver.send(.key(.return, []))
        driver.run(until: driver.now + 1.5)
        #expect(driver.app.book?.bookIndex == 1)
        driver.app.removeBooks(at: "/lib/B.cbz", at: driver.now)
        driver.run(until: driver.now + 0.5)
        #expect(driver.app.book?.bookIndex == 1 && driver.app.shelf.order.contains(1))
        driver.send(.key(.escape, []))
        driver.run(until: driver.now + 0.5)
        #expect(driver.app.shelf.order.contains(1), "closing: still on its way to the shelf")
        driver.run(until: driver.now + 1.5)
        #expect(driver.kinds == [.shelf] && !driver.app.shelf.order.contains(1))
        #expect(driver.app.shelf.centredIndex == 2)
    }

    @Test func theGridFollowsABookThatWent() throws {
        let driver = AppDriver(library: Self.library())
        driver.send(.key(.down, []))
        driver.run(until: driver.now + 1.5)
        let grid = try #require(driver.app.navigation.top as? LibraryScene)
        driver.send(.key(.right, []))
        driver.app.removeBooks(at: "/lib/B.cbz", at: driver.now)
        let line = try Self.trace(driver)
        #expect(line.library?.count == 4 && line.library?.visible == [0, 2, 3, 4])
        #expect(grid.book(inSlot: grid.selected) == 2, "the selection stays on its slot, the next book's now")
    }

    @Test func aRenamedBooksPlaceFollowsIt() {
        var places = Places()
        places.remember(spread: 4, page: 9, read: 1_790_000_000, of: BookKey(path: "/lib/Old.cbz", size: 10))
        places.remember(spread: 2, of: BookKey(path: "/lib/Folder/01.jpg", size: 20))
        places.remember(spread: 3, of: BookKey(path: "/lib/Other.cbz", size: 30))
        let keeper = PlaceKeeper(places: places, keys: [])
        keeper.rename(from: "/lib/Old.cbz", to: "/lib/New.cbz")
        keeper.rename(from: "/lib/Folder", to: "/lib/Renamed")
        #expect(keeper.places.spread(of: BookKey(path: "/lib/New.cbz", size: 10)) == 4)
        #expect(keeper.places.page(of: BookKey(path: "/lib/New.cbz", size: 10)) == 9)
        #expect(keeper.places.read(of: BookKey(path: "/lib/New.cbz", size: 10)) == 1_790_000_000)
        #expect(keeper.places.spread(of: BookKey(path: "/lib/Renamed/01.jpg", size: 20)) == 2)
        #expect(keeper.places.spread(of: BookKey(path: "/lib/Other.cbz", size: 30)) == 3)
        #expect(keeper.needsSaving)
        // A file of another size under the new name is another book.
        #expect(keeper.places.spread(of: BookKey(path: "/lib/New.cbz", size: 11)) == nil)
    }
}
