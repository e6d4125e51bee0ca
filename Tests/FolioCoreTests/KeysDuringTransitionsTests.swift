import Testing
@testable import FolioCore
@testable import FolioLibrary

/// Keys pressed while a book opens or closes are kept for the scene the transition reaches,
/// not dropped; the steering keys still turn the transition round.
@Suite struct KeysDuringTransitionsTests {
    /// Right at 0.5, 0.7 and 0.9 s of the 1 s opening: three leaves once the book is open.
    @Test func pageKeysDuringTheOpeningTurnPagesOnceOpen() {
        let s = AppDriver(pages: 20)
        s.send(.key(.return))
        var leafWhileOpening: Int?
        s.run(until: 3, events: [0.5, 0.7, 0.9].map { ($0, InputEvent.key(.right)) }) { t in
            if t < 0.95 { leafWhileOpening = s.app.book?.currentLeaf }
        }
        #expect(leafWhileOpening == -1, "on the cover")
        #expect(s.kinds == [.shelf, .book] && s.app.book?.currentLeaf == 2)
        #expect(s.app.book.map { $0.offset == 2 * $0.size.width } == true)
    }

    /// End during the opening lands on the spread of the last page.
    @Test func endDuringTheOpeningGoesToTheLastSpread() {
        let s = AppDriver(pages: 20)
        s.send(.key(.return))
        s.run(until: 3, events: [(0.3, .key(.end))])
        #expect(s.app.book?.currentLeaf == s.app.book.map { BookScene.leaf(showing: $0.lastPage) })
        #expect(s.app.book?.lastPage == 20)
    }

    /// Escape during the opening reverses it, and the page keys waiting for it are dropped:
    /// the shelf does not scroll either.
    @Test func escapeReversesTheOpeningAndDropsWaitingKeys() {
        let s = AppDriver()
        s.send(.key(.return))
        s.run(until: 2.5, events: [(0.3, .key(.right)), (0.5, .key(.escape))])
        #expect(s.kinds == [.shelf] && s.app.book == nil && s.app.transition == nil)
        #expect(s.app.shelf.centredIndex == 0 && s.app.shelf.position == 0)
    }

    /// Left and Right while the book closes scroll the shelf once it is back.
    @Test func shelfKeysDuringTheClosingScrollTheShelf() {
        let s = AppDriver()
        s.send(.key(.return))
        s.run(until: 1.2)
        s.send(.key(.escape))
        s.run(until: 4, events: [(1.5, .key(.right)), (1.6, .key(.right))])
        #expect(s.kinds == [.shelf] && s.app.shelf.centredIndex == 2)
    }
}
