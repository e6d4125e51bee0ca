import Testing
@testable import FolioCore
@testable import FolioLibrary

/// How a book begins and ends: closing from any spread turns the left block over as one,
/// and the last leaf's back is the back cover.
@Suite struct BookEndsTests {
    /// Opens the 20-page book, turns to `leaf`, then closes it with Escape, calling `each`
    /// with the book scene and pose on every frame of the pop.
    static func closeFrom(leaf: Int, each: (BookScene, BookOpeningPose) -> Void) -> AppDriver {
        let s = AppDriver(pages: 20)
        s.send(.key(.return))
        s.run(until: 1.2)
        s.app.book?.turn(toLeaf: leaf, at: s.app.animationTime)
        s.run(until: 3)
        s.send(.key(.escape))
        s.run(until: 4.5) { _ in
            guard let book = s.app.book, s.app.transition != nil else { return }
            each(book, s.app.pose.book)
        }
        return s
    }

    @Test(arguments: [1, 4, 10])
    func theLeftBlockTurnsOverAsOne(leaf: Int) {
        var frames = 0, gatheredFrames = 0
        var previousTop: Double?
        let s = Self.closeFrom(leaf: leaf) { book, pose in
            frames += 1
            let pages = book.pages(in: pose)
            let left = pages.filter { $0.pose.page / 2 <= leaf }
            let oddAngles = left.filter { $0.pose.page % 2 == 1 }.map(\.angle)
            guard let top = pages.first(where: { $0.pose.page == 2 * leaf + 1 }) else {
                Issue.record("the block's top page is not drawn"); return
            }
            // The block only ever turns towards the right: no leaf stands up on its own.
            if let previousTop { #expect(top.angle >= previousTop - 1e-9) }
            previousTop = top.angle
            if pose.openness <= 0.8 {
                gatheredFrames += 1
                // One angle for the whole block, and only its two faces drawn: no overlapping numbers.
                #expect(oddAngles.allSatisfy { abs($0 - top.angle) < 1e-9 })
                #expect(Set(left.map(\.pose.page)) == [0, 2 * leaf + 1])
                let cover = left.first { $0.pose.page == 0 }
                #expect(cover.map { abs($0.angle - (top.angle - .pi - 0.001 * pose.openness)) < 1e-9 } == true)
            }
        }
        #expect(frames > 50 && gatheredFrames > 40)
        #expect(s.kinds == [.shelf] && s.app.book == nil)
    }

    /// Opening at a later spread is the same pictures backwards: the block unfolds as one.
    @Test func openingAtALaterSpreadUnfoldsTheBlock() {
        let book = BookScene(bookIndex: 0, pageCount: 22, size: Size(width: 1280, height: 800))
        book.turn(toLeaf: 5, at: 0)
        book.update(at: 10)
        for openness in stride(from: 0.0, through: 0.8, by: 0.1) {
            let pose = BookOpeningTransition().pose(.push, value: openness)
            let left = book.pages(in: pose).filter { $0.pose.page / 2 <= 5 }
            #expect(Set(left.map(\.pose.page)) == [0, 11])
        }
    }

    @Test(arguments: [(0, 2), (1, 4), (2, 4), (11, 14), (12, 14)])
    func anOddPageCountPadsBeforeTheBackCover(pages: Int, display: Int) {
        let book = Book(title: "t", cover: nil, pages: Array(repeating: .file("p"), count: pages))
        #expect(book.displayPageCount == display && book.backCoverPage == display - 1)
        // Every content page keeps its place; the page before the back cover is blank when padded.
        for i in 1...max(pages, 1) where i <= pages { #expect(book.image(forPage: i) != nil) }
        if pages % 2 == 1 { #expect(book.image(forPage: display - 2) == nil) }
    }

    /// End shows the last page, not the back cover: with eleven pages after the cover, the
    /// eleventh on the left and the blank padding page on the right. One more turn shows the
    /// closed back cover.
    @Test func endShowsTheLastPageAndTheBookEndsOnItsBackCover() {
        let s = AppDriver(pages: 11)
        s.send(.key(.return))
        s.run(until: 1.2)
        s.send(.key(.end))
        s.run(until: 3)
        guard let book = s.app.book else { Issue.record("no book"); return }
        let count = book.layout.pageCount
        #expect(count == 14)
        let spread = book.pages().filter { $0.pose.visible && abs($0.pose.ratio) == 0.5 }.map(\.pose.page).sorted()
        #expect(spread == [11, 12] && count - 3 == 11)
        s.send(.key(.right))
        s.run(until: 5)
        let shown = s.app.drawList().layers.filter { $0.isFrontFacing }.map(\.content)
        #expect(shown.contains(.backCover(book: 0)))
        #expect(!shown.contains(.page(book: 0, page: count - 1)))
    }
}
