import Testing
@testable import FolioCore

/// The pages a key would turn the open book onto, flat or in 3D (what a key waits on):
/// the next or previous spread the way the key reads, none for a key that turns no leaf.
@Suite struct TurnedToTests {
    static func pages(_ leaf: Int) -> [LayerContent] {
        [2 * leaf + 1, 2 * leaf + 2].map { .page(book: 0, page: $0) }
    }

    @Test func theArrowsNameTheNextAndPreviousSpreads() throws {
        let s = ThumbnailStripTests.reading(pages: 40)
        s.send(.key(.right)); s.run(until: s.now + 1.2)
        let book = try #require(s.app.book)
        let leaf = book.currentLeaf
        #expect(leaf == 1, "from the first spread, one leaf on")
        #expect(s.app.pagesTurnedTo(by: .right, []) == Self.pages(leaf + 1))
        #expect(s.app.pagesTurnedTo(by: .pagedown, []) == Self.pages(leaf + 1))
        #expect(s.app.pagesTurnedTo(by: .left, []) == Self.pages(leaf - 1))
        #expect(s.app.pagesTurnedTo(by: .plus, []).isEmpty, "a zoom key turns nothing")
        #expect(s.app.pagesTurnedTo(by: .t, []).isEmpty)
        // With the strip shown the arrows select in it.
        s.send(.key(.t))
        #expect(s.app.strip.isShown && s.app.pagesTurnedTo(by: .right, []).isEmpty)
        s.send(.key(.escape)); s.run(until: s.now + 0.5)
        #expect(!s.app.strip.isShown && s.app.pagesTurnedTo(by: .right, []) == Self.pages(leaf + 1))
        // Nothing asks what a key turns mid-turn the book does not know yet: while one runs,
        // the next is named from where the book is going.
        s.send(.key(.right)); s.run(until: s.now + 1.0 / 60)
        #expect(s.app.pagesTurnedTo(by: .right, []) == Self.pages(leaf + 2))
    }

    @Test func aRightToLeftBookGoesOnWithLeftAndTheEndsTurnNothing() throws {
        let s = ThumbnailStripTests.reading(pages: 6, rightToLeft: true)
        let book = try #require(s.app.book)
        let leaf = book.currentLeaf
        #expect(s.app.pagesTurnedTo(by: .left, []) == Self.pages(leaf + 1))
        s.send(.key(.end)); s.run(until: s.now + 1.2)
        s.send(.key(.left)); s.run(until: s.now + 1.2)
        #expect(book.currentLeaf == book.layout.leafCount - 1)
        #expect(s.app.pagesTurnedTo(by: .left, []).isEmpty, "past the last leaf there is none")
        #expect(!s.app.pagesTurnedTo(by: .right, []).isEmpty)
    }

    /// The book in 3D names the spreads its arrows turn to as the reading view does (the flip
    /// waits on them too), and none while it opens.
    @Test func theBookIn3DNamesItsSpreadsOnceOpen() throws {
        let s = AppDriver(books: 3, pages: 12)
        s.send(.key(.return))
        #expect(s.app.pagesTurnedTo(by: .right, []).isEmpty, "the book is still opening")
        s.run(until: s.now + 1.5)
        let book = try #require(s.app.book)
        #expect(s.app.navigation.top === book)
        let leaf = book.currentLeaf
        #expect(s.app.pagesTurnedTo(by: .right, []) == Self.pages(leaf + 1))
        #expect(s.app.pagesTurnedTo(by: .left, []) == Prefetch.pages(ofLeaf: leaf - 1, in: book))
        #expect(s.app.pagesTurnedTo(by: .p, []).isEmpty, "P turns no leaf")
        // End goes to the last numbered page; one leaf more shows the back cover, and past
        // it there is none.
        s.send(.key(.end)); s.run(until: s.now + 2)
        s.send(.key(.right)); s.run(until: s.now + 1.2)
        #expect(book.currentLeaf == book.layout.leafCount - 1)
        #expect(s.app.pagesTurnedTo(by: .right, []).isEmpty, "past the last leaf there is none")
    }

    @Test func nothingOnTheShelf() {
        let s = AppDriver(books: 3, pages: 12)
        #expect(s.app.pagesTurnedTo(by: .right, []).isEmpty)
    }
}
