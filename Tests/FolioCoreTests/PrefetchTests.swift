import Testing
@testable import FolioCore

/// What is made ready next in the open book: two spreads either side at rest or turning a
/// leaf, and while leaves flip (more than one to go), four more the way they go (a flip at
/// ten leaves a second otherwise reaches pages that were never asked for), and the small
/// versions of forty leaves beyond.
@Suite struct PrefetchTests {
    /// The leaves whose pages `contents` lists (a leaf's front is page 2l + 2, its back 2l + 1).
    static func leaves(_ contents: [LayerContent]) -> Set<Int> {
        Set(contents.compactMap { content -> Int? in
            guard case .page(0, let page) = content else { return nil }
            return (page - 1) / 2
        })
    }

    /// The pages of `leaves` that the book has, as contents.
    static func pages(_ leaves: some Sequence<Int>, of book: BookScene) -> Set<LayerContent> {
        let pages: [Int] = leaves.flatMap { leaf -> [Int] in [2 * leaf + 1, 2 * leaf + 2] }
        let held = pages.filter { (0..<book.layout.pageCount).contains($0) }
        return Set(held.map { LayerContent.page(book: 0, page: $0) })
    }

    @Test func turningLeavesReachFurtherTheWayTheyTurn() throws {
        let s = AppDriver(books: 1, pages: 80)
        s.send(.key(.return)); s.run(until: 1.5)
        for _ in 0..<10 { s.send(.key(.right)); s.run(until: s.now + 0.1) }
        s.run(until: s.now + 2)
        let book = try #require(s.app.book)
        let rest = book.currentLeaf
        #expect(!book.isTurning)
        #expect(Self.leaves(s.app.prefetchContents()) == Set((rest - 2)...(rest + 2)), "at rest, two spreads either side")
        let fan = try #require(s.app.navigation.top as? BookScene).fanLeaves
        #expect(Set(s.app.standInContents()) == Self.pages(Array((rest - fan)...(rest - 3)) + Array((rest + 3)...(rest + fan)), of: book),
                "at rest in 3D, the fan beyond them small")
        let order = s.app.prefetchContents().compactMap { content -> Int? in
            guard case .page(0, let page) = content else { return nil }
            return (page - 1) / 2
        }
        #expect(Array(order.prefix(6)) == [rest, rest, rest + 1, rest + 1, rest - 1, rest - 1], "nearest first, onwards before back")
        // One leaf turning: nothing more.
        s.send(.key(.right)); s.run(until: s.now + 1.0 / 60)
        #expect(book.isTurning)
        let one = book.currentLeaf
        #expect(Self.leaves(s.app.prefetchContents()) == Set((one - 2)...(one + 2)))
        #expect(Set(s.app.standInContents()) == Self.pages(Array((one - fan)...(one - 3)) + Array((one + 3)...(one + fan)), of: book),
                "turning one leaf, the fan around where it goes")
        // Flipping on, three leaves to go: four more spreads ahead, none more behind.
        s.send(.key(.right)); s.send(.key(.right)); s.run(until: s.now + 1.0 / 60)
        let leaf = book.currentLeaf
        #expect(Self.leaves(s.app.prefetchContents()) == Set((leaf - 2)...(leaf + 6)))
        // And the pages beyond, up to the book's end, as stand-ins only, nearest first.
        let standIns = s.app.standInContents()
        #expect(Set(standIns) == Self.pages((leaf + 7)..<(leaf + 7 + Prefetch.standInReach), of: book))
        #expect(standIns.first == .page(book: 0, page: 2 * (leaf + 7) + 1))
        // Flipping back: ahead is the other way.
        s.run(until: s.now + 2)
        for _ in 0..<3 { s.send(.key(.left)) }
        s.run(until: s.now + 1.0 / 60)
        let back = book.currentLeaf
        #expect(Self.leaves(s.app.prefetchContents()) == Set((back - 6)...(back + 2)))
        #expect(Set(s.app.standInContents()) == Self.pages((back - 6 - Prefetch.standInReach)...(back - 7), of: book))
    }

    /// Turns that follow one another (a held key whose repeats wait on each spread) leaf
    /// through the book even with one leaf to go at a time: the pages ahead are wanted small
    /// while the run goes on, and not once it has stopped.
    @Test func aRunOfSingleTurnsWantsStandInsAheadUntilItStops() throws {
        let s = ThumbnailStripTests.reading(pages: 120)
        let book = try #require(s.app.book)
        s.send(.key(.right)); s.run(until: s.now + 0.4)
        #expect(abs(book.leavesToGo) < 1, "the first turn is nearly done")
        #expect(s.app.standInContents().isEmpty, "one turn is no run")
        s.send(.key(.right)); s.run(until: s.now + 1.0 / 60)
        #expect(abs(book.leavesToGo) <= 1.0001, "one leaf to go at a time")
        let leaf = book.currentLeaf
        #expect(s.app.standInContents().first == .page(book: 0, page: 2 * (leaf + 7) + 1), "the second turn leafs on")
        #expect(Self.leaves(s.app.prefetchContents()) == Set((leaf - 2)...(leaf + 6)))
        s.run(until: s.now + TurnRun.gap + 0.1)
        #expect(s.app.standInContents().isEmpty, "the run stopped")
        // A turn the other way starts a run of its own.
        s.send(.key(.left)); s.run(until: s.now + 0.2)
        #expect(s.app.standInContents().isEmpty)
    }
}
