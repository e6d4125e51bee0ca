import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// The app and its remembered places: a book opens at the spread last read, the shelf starts
/// on the book last centred, and closing or quitting remembers them.
@Suite struct RememberedPlaceTests {
    /// Book `i` of the synthetic library as the places know it.
    static func key(_ i: Int) -> BookKey { BookKey(path: "/books/\(i).cbz", size: Int64(100 + i)) }

    static func keeper(_ places: Places = Places(), fresh: Bool = false) -> PlaceKeeper {
        PlaceKeeper(places: places, fresh: fresh, path: { key($0).path }, key: { key($0) })
    }

    static func remembered(book: Int, spread: Int, centred: Int? = nil) -> Places {
        var places = Places()
        places.remember(spread: spread, of: key(book))
        places.centred = centred.map(key)
        return places
    }

    @Test func theShelfStartsOnTheBookLastCentred() {
        let s = AppDriver(books: 6, places: Self.keeper(Self.remembered(book: 4, spread: 2, centred: 4)))
        #expect(s.app.shelf.centredIndex == 4)
        #expect(s.app.shelf.isAtRest)
        // A book no longer in the library (another size) leaves the shelf at the first book.
        var gone = Places()
        gone.centred = BookKey(path: "/books/4.cbz", size: 1)
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
                let left = book.pages(in: pose).filter { $0.pose.page / 2 <= spread }
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
        for _ in 0..<3 { s.send(.key(.right)) }
        s.run(until: 4)
        #expect(!keeper.needsSaving, "nothing changes while reading")
        s.send(.key(.escape))
        #expect(keeper.places.spread(of: Self.key(1)) == 3)
        #expect(keeper.places.centred == Self.key(1))
        #expect(keeper.needsSaving)
        keeper.saved()
        s.run(until: 6)
        // Opening it again lands on the same spread.
        s.send(.key(.return))
        s.run(until: 7.5)
        #expect(s.app.book?.currentLeaf == 3)
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
        #expect(s.app.book?.currentLeaf == 0, "--fresh ignores the remembered spread")
        s.send(.key(.escape))
        #expect(keeper.needsSaving)
        #expect(keeper.places.books.map(\.book) == [Self.key(2)] && keeper.places.spread(of: Self.key(2)) == 0)
    }

    @Test func scriptsAndRecordingsRememberNothing() {
        // The recorder and the script player make the app without places: a book opens at
        // its first spread whatever was read before.
        let s = AppDriver(books: 3, pages: 20)
        #expect(s.app.places == nil)
        s.send(.key(.return))
        s.run(until: 1.5)
        #expect(s.app.book?.currentLeaf == 0)
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
