import Testing
@testable import FolioCore

/// What is made ready next in the open book: two spreads either side at rest or turning a
/// leaf, and while leaves flip (more than one to go), four more the way they go (a flip at
/// ten leaves a second otherwise reaches pages that were never asked for).
@Suite struct PrefetchTests {
    /// The leaves whose pages `contents` lists (a leaf's front is page 2l + 2, its back 2l + 1).
    static func leaves(_ contents: [LayerContent]) -> Set<Int> {
        Set(contents.compactMap { content -> Int? in
            guard case .page(0, let page) = content else { return nil }
            return (page - 1) / 2
        })
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
        // One leaf turning: nothing more.
        s.send(.key(.right)); s.run(until: s.now + 1.0 / 60)
        #expect(book.isTurning)
        let one = book.currentLeaf
        #expect(Self.leaves(s.app.prefetchContents()) == Set((one - 2)...(one + 2)))
        // Flipping on, three leaves to go: four more spreads ahead, none more behind.
        s.send(.key(.right)); s.send(.key(.right)); s.run(until: s.now + 1.0 / 60)
        let leaf = book.currentLeaf
        #expect(Self.leaves(s.app.prefetchContents()) == Set((leaf - 2)...(leaf + 6)))
        // Flipping back: ahead is the other way.
        s.run(until: s.now + 2)
        for _ in 0..<3 { s.send(.key(.left)) }
        s.run(until: s.now + 1.0 / 60)
        let back = book.currentLeaf
        #expect(Self.leaves(s.app.prefetchContents()) == Set((back - 6)...(back + 2)))
    }
}
