import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// The app and its remembered places: a book opens at the spread last read, the shelf starts
/// on the book last centred, and closing or quitting remembers them.
@Suite struct RememberedPlaceTests {
    /// Book `i` of the synthetic library as the places know it.
    static func key(_ i: Int) -> BookKey { BookKey(path: "/books/\(i).cbz", size: Int64(100 + i)) }

    static func keeper(_ places: Places = Places(), fresh: Bool = false, shelf: LibraryIdentity = .bundled) -> PlaceKeeper {
        PlaceKeeper(places: places, fresh: fresh, identity: shelf, path: { key($0).path }, key: { key($0) })
    }

    static func remembered(book: Int, spread: Int, centred: Int? = nil) -> Places {
        var places = Places()
        places.remember(spread: spread, of: key(book))
        if let centred { places.remember(centred: key(centred), on: .bundled) }
        return places
    }

    @Test func theShelfStartsOnTheBookLastCentred() {
        let s = AppDriver(books: 6, places: Self.keeper(Self.remembered(book: 4, spread: 2, centred: 4)))
        #expect(s.app.shelf.centredIndex == 4)
        #expect(s.app.shelf.isAtRest)
        // A book no longer in the library (another size) leaves the shelf at the first book.
        var gone = Places()
        gone.remember(centred: BookKey(path: "/books/4.cbz", size: 1), on: .bundled)
        #expect(AppDriver(places: Self.keeper(gone)).app.shelf.centredIndex == 0)
    }

    /// The remembered book opens straight at its spread: the offset stays on the spread the
    /// whole way (no glide from the first spread), the left block unfolds as one, and the
    /// open book rests on the spread.
    @Test(arguments: [1, 4, 9])
    func aRememberedBookOpensAtItsSpread(spread: Int) {
        let s = AppDriver(books: 3, pages: 20, places: Self.keeper(Self.remembered(book: 1, spread: spread, centred: 1)))
        s.send(.key(.return))
        var frames = 0
        s.run(until: 1.5) { _ in
            guard let book = s.app.book, s.app.transition != nil else { return }
            frames += 1
            #expect(book.bookIndex == 1)
            #expect(book.offset == Double(spread) * 1280)
            let pose = s.app.pose
            if pose.openness <= 0.8 {
                let left = book.pages(in: pose.book).filter { $0.pose.page / 2 <= spread }
                #expect(Set(left.map(\.pose.page)) == [0, 2 * spread + 1])
            }
        }
        #expect(frames > 50)
        let book = try! #require(s.app.book)
        #expect(s.kinds == [.shelf, .book] && book.isAtRest)
        #expect(book.currentLeaf == spread)
        let open = book.pages(in: .open)
        #expect(open.map(\.angle) == open.map { book.layout.pose(of: $0.pose.page, offset: Double(spread) * 1280).angle })
    }

    @Test func aSpreadPastTheEndOfTheBookOpensAtItsLastSpread() {
        let s = AppDriver(books: 2, pages: 10, places: Self.keeper(Self.remembered(book: 0, spread: 40)))
        s.send(.key(.return))
        s.run(until: 1.5)
        #expect(s.app.book?.currentLeaf == s.app.book.map { $0.layout.leafCount - 1 })
    }

    @Test func closingRemembersTheSpreadAndTheCentredBook() throws {
        let keeper = Self.keeper()
        let s = AppDriver(books: 4, pages: 20, places: keeper)
        s.send(.key(.right))
        s.run(until: 1)
        s.send(.key(.return))
        s.run(until: 2.5)
        // The first opening is noted (the first-run hint is done with) and saved.
        #expect(keeper.needsSaving && keeper.openedABook)
        keeper.saved()
        // From the cover, three leaves on: the second spread after the first.
        for _ in 0..<3 { s.send(.key(.right)) }
        s.run(until: 4)
        #expect(!keeper.needsSaving, "nothing changes while reading")
        s.send(.key(.escape))
        #expect(keeper.places.spread(of: Self.key(1)) == 2)
        #expect(keeper.places.centred(on: .bundled) == Self.key(1))
        #expect(keeper.needsSaving)
        keeper.saved()
        s.run(until: 6)
        // Opening it again lands on the same spread.
        s.send(.key(.return))
        s.run(until: 7.5)
        #expect(s.app.book?.currentLeaf == 2)
    }

    @Test func quittingRemembersTheOpenBook() {
        let keeper = Self.keeper()
        let s = AppDriver(books: 3, pages: 20, places: keeper)
        s.send(.key(.return))
        s.run(until: 1.5)
        s.send(.key(.end))
        s.run(until: 3)
        s.send(.key(.q))
        #expect(s.app.quitRequested)
        s.app.rememberPlace()
        // End: the spread of the last page (20 pages after the cover: display page 20, leaf 9).
        #expect(keeper.places.spread(of: Self.key(0)) == 9)
        #expect(keeper.needsSaving)
    }

    /// The page on screen, as the book numbers it (one page at a time: that page; two: the
    /// spread's first).
    static func pageOnScreen(_ s: AppDriver) -> Int? {
        guard let book = s.app.book else { return nil }
        let numbering = s.app.library.books[book.bookIndex].numbering
        return s.app.reading?.pageRead.flatMap(numbering.number(ofDisplayPage:)) ?? numbering.numbers(leaf: book.currentLeaf).first
    }

    /// Read one page at a time, the page is kept, not its spread: left at 17 (the right page
    /// of the spread 16–17), the book opens again on 17 one page at a time, and on the spread
    /// holding 17 two at a time; the file's form keeps it.
    @Test(arguments: [PageMode.one, .two])
    func aPageReadOneAtATimeIsKeptExactly(reopenedIn mode: PageMode) throws {
        let keeper = Self.keeper()
        let s = AppDriver(books: 2, pages: 20, places: keeper)
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        s.send(.key(.d)); s.run(until: s.now + 0.5)
        #expect(s.app.reading?.pageMode == .one)
        #expect(Self.pageOnScreen(s) == 1, "page 1 first")
        for _ in 0..<16 {
            s.send(.key(.right))
            s.run(until: s.now + 0.5)
        }
        #expect(Self.pageOnScreen(s) == 17 && s.app.book?.currentLeaf == 7)
        s.send(.key(.escape)); s.run(until: s.now + 1.5)
        s.send(.key(.escape)); s.run(until: s.now + 1.5)
        #expect(s.kinds == [.shelf])
        #expect(keeper.places.page(of: Self.key(0)) == 17)
        #expect(keeper.places.spread(of: Self.key(0)) == 7)

        var reread = try Places.parse(keeper.places.encoded(), name: "places.json")
        #expect(reread.page(of: Self.key(0)) == 17 && reread.settings(of: Self.key(0)).pageMode == .one)
        reread.remember(spread: 7, page: 17, settings: BookSettings(pageMode: mode), of: Self.key(0))
        let again = AppDriver(books: 2, pages: 20, places: Self.keeper(reread))
        again.send(.key(.return)); again.run(until: 1.5)
        again.send(.key(.return)); again.run(until: 3)
        let reading = try #require(again.app.reading)
        #expect(reading.book.currentLeaf == 7)
        switch mode {
        case .one: #expect(Self.pageOnScreen(again) == 17)
        default:
            #expect(reading.book.layout.readingPages == 2)
            #expect(again.app.library.books[0].numbering.numbers(leaf: reading.book.currentLeaf) == [16, 17])
        }
        // Closed again at once, the page stays 17 (not the spread's first).
        again.send(.key(.escape)); again.run(until: 4.5)
        again.send(.key(.escape)); again.run(until: 6)
        #expect(again.app.places?.places.page(of: Self.key(0)) == 17)
    }

    /// A book closed on its cover (alone on its leaf before the first spread) opens on it
    /// again, not on pages 2–3.
    @Test func theCoverIsKeptAsAPlace() throws {
        let keeper = Self.keeper()
        let s = AppDriver(books: 2, pages: 20, places: keeper)
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        s.send(.key(.home)); s.run(until: s.now + 1)
        #expect(s.app.book?.currentLeaf == -1)
        s.send(.key(.escape)); s.run(until: s.now + 1.5)
        s.send(.key(.escape)); s.run(until: s.now + 1.5)
        #expect(keeper.places.page(of: Self.key(0)) == 1)
        let reread = try Places.parse(keeper.places.encoded(), name: "places.json")
        let again = AppDriver(books: 2, pages: 20, places: Self.keeper(reread))
        again.send(.key(.return)); again.run(until: 1.5)
        #expect(again.app.book?.currentLeaf == -1, "the book opened on its cover")
    }

    /// A file from before pages were kept (a spread alone) opens at the spread's first page;
    /// a page out of range is no page (the spread is used), not a refused file.
    @Test func anOlderFileOpensAtItsSpread() throws {
        let old = Data(#"{"version":1,"centred":null,"books":[{"path":"/books/0.cbz","size":100,"spread":7},{"path":"/books/1.cbz","size":101,"spread":3,"page":-2}]}"#.utf8)
        let places = try Places.parse(old, name: "old.json")
        #expect(places.spread(of: Self.key(0)) == 7 && places.page(of: Self.key(0)) == nil)
        #expect(places.spread(of: Self.key(1)) == 3 && places.page(of: Self.key(1)) == nil)
        let s = AppDriver(books: 2, pages: 20, places: Self.keeper(places))
        s.send(.key(.return)); s.run(until: 1.5)
        s.send(.key(.return)); s.run(until: 3)
        s.send(.key(.d)); s.run(until: 3.5)
        #expect(s.app.book?.currentLeaf == 7 && Self.pageOnScreen(s) == 16)
    }

    /// Each library keeps its own centred book: a shelf of comics centred on its fifth book,
    /// then one book opened from the command line, then the bundled books centred on their
    /// third; each shelf starts again where it was, through the file.
    @Test func twoShelvesKeepTheirOwnCentredBook() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = PlaceStore(path: dir.appendingPathComponent("folio/places.json").path)
        let comics = LibraryIdentity.path("/home/ann/Comics"), one = LibraryIdentity.path("/home/ann/one.cbz")
        func session(_ shelf: LibraryIdentity, books: Int, keys: @escaping (Int) -> BookKey = { Self.key($0) },
                     _ steps: (AppDriver) -> Void) throws -> Int {
            let keeper = PlaceKeeper(places: store.load().places, identity: shelf, path: { keys($0).path }, key: { keys($0) })
            let s = AppDriver(books: books, pages: 12, places: keeper)
            let start = s.app.shelf.centredIndex
            steps(s)
            s.app.rememberPlace()
            try store.save(keeper.places)
            return start
        }
        func right(_ n: Int) -> (AppDriver) -> Void {
            { s in
                for _ in 0..<n { s.send(.key(.right)) }
                s.run(until: s.now + 2)
            }
        }
        #expect(try session(comics, books: 6, right(4)) == 0)
        // One book from the command line: its own shelf of one, read and closed.
        #expect(try session(one, books: 1, keys: { _ in BookKey(path: "/home/ann/one.cbz", size: 9) }) { s in
            s.send(.key(.return)); s.run(until: 1.5)
            s.send(.key(.escape)); s.run(until: 3)
        } == 0)
        #expect(try session(.bundled, books: 6, right(2)) == 0)
        #expect(try session(comics, books: 6, right(0)) == 4)
        #expect(try session(.bundled, books: 6, right(0)) == 2)
        let read = store.load().places
        #expect(read.centred(on: comics) == Self.key(4) && read.centred(on: .bundled) == Self.key(2))
        #expect(read.shelves.count == 3)
    }

    /// A file from before shelves kept their own: its one centred book is every shelf's
    /// until the first shelf is remembered on its own (and a file written with no shelf keeps it).
    @Test func anOlderFilesCentredBookIsEveryShelfs() throws {
        let old = Data(#"{"version":1,"centred":{"path":"/books/3.cbz","size":103},"books":[]}"#.utf8)
        let places = try Places.parse(old, name: "old.json")
        #expect(try Places.parse(places.encoded(), name: "places.json").centred(on: .path("/elsewhere")) == Self.key(3))
        let keeper = Self.keeper(places, shelf: .path("/home/ann/Comics"))
        let s = AppDriver(books: 6, places: keeper)
        #expect(s.app.shelf.centredIndex == 3)
        s.send(.key(.right)); s.run(until: 1)
        s.app.rememberPlace()
        let written = try Places.parse(keeper.places.encoded(), name: "places.json")
        #expect(written.centred(on: .path("/home/ann/Comics")) == Self.key(4))
        #expect(written.centred(on: .bundled) == nil, "a file with shelves has no shared centred book")
        // Folio before shelves reads "centred": the book most recently centred.
        let text = String(decoding: keeper.places.encoded(), as: UTF8.self)
        #expect(text.contains(#""centred":{"path":"/books/4.cbz","size":104}"#), "\(text)")
    }

    @Test func freshStartsOnTheFirstBookAndWritesNothingUntilABookIsRead() {
        let keeper = Self.keeper(Self.remembered(book: 2, spread: 5, centred: 2), fresh: true)
        let s = AppDriver(books: 3, pages: 20, places: keeper)
        #expect(s.app.shelf.centredIndex == 0)
        s.send(.key(.right))
        s.run(until: 1)
        s.app.rememberPlace()
        #expect(!keeper.needsSaving, "moving along the shelf is not reading")
        s.send(.key(.right))
        s.run(until: 2)
        s.send(.key(.return))
        s.run(until: 3.5)
        #expect(s.app.book?.currentLeaf == -1, "--fresh ignores the remembered spread: the cover")
        s.send(.key(.escape))
        #expect(keeper.needsSaving)
        #expect(keeper.places.books.map(\.book) == [Self.key(2)] && keeper.places.spread(of: Self.key(2)) == 0)
    }

    @Test func scriptsAndRecordingsRememberNothing() {
        // The recorder and the script player make the app without places: a book opens at
        // its cover whatever was read before.
        let s = AppDriver(books: 3, pages: 20)
        #expect(s.app.places == nil)
        s.send(.key(.return))
        s.run(until: 1.5)
        #expect(s.app.book?.currentLeaf == -1)
    }

    /// The first-run hint shows until a book is first opened with the state file, and not
    /// in later runs; the state file says so, and older files without the field still read.
    @Test func theFirstRunHintIsShownUntilABookIsFirstOpened() throws {
        func hintShows(_ s: AppDriver) -> Bool {
            s.app.drawList().texts.contains { $0.text == OnScreenText.hint && $0.opacity > 0 }
        }
        let keeper = Self.keeper()
        let first = AppDriver(places: keeper)
        #expect(hintShows(first))
        first.send(.key(.return))
        first.run(until: 2)
        #expect(keeper.openedABook)
        let reread = try Places.parse(keeper.places.encoded(), name: "places.json")
        #expect(reread.openedABook)
        #expect(!hintShows(AppDriver(places: Self.keeper(reread))))
        // A file from before the field: the hint shows.
        let old = Data(#"{"version":1,"centred":null,"books":[]}"#.utf8)
        #expect(hintShows(AppDriver(places: Self.keeper(try Places.parse(old, name: "old.json")))))
    }
}
