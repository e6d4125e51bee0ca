import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// Input that arrives in the middle of something else: resizes during drags, a gesture that
/// catches a running transition.
@Suite struct InterruptionTests {
    /// Plays `events` into a fresh app at the shared fixed step until `end`.
    static func run(_ events: [(t: Double, event: InputEvent)], until end: Double) -> FolioApp {
        let driver = AppDriver()
        driver.run(until: end, events: events)
        return driver.app
    }

    @Test func resizingDuringABookDragLandsOnALeaf() {
        let app = Self.run([
            (0.1, .key(.return)),
            (1.5, .pointerDown(Point(x: 1000, y: 400))),
            (1.55, .pointerMoved(Point(x: 800, y: 400))),
            (1.6, .resize(Size(width: 1000, height: 700))),
            (1.65, .pointerMoved(Point(x: 700, y: 400))),
            (1.7, .pointerUp(Point(x: 700, y: 400))),
        ], until: 4)
        guard let book = app.book else { Issue.record("the book closed"); return }
        #expect(app.isAtRest)
        let leaves = book.offset / app.size.width
        #expect(abs(leaves - leaves.rounded()) < 1e-9)
    }

    @Test func resizingDuringAShelfDragLandsOnABook() {
        let app = Self.run([
            (0.0, .pointerDown(Point(x: 900, y: 400))),
            (0.05, .pointerMoved(Point(x: 700, y: 400))),
            (0.1, .resize(Size(width: 640, height: 400))),
            (0.15, .pointerMoved(Point(x: 600, y: 400))),
            (0.2, .pointerUp(Point(x: 600, y: 400))),
        ], until: 2)
        let books = app.shelf.position / app.shelf.layout.stride
        #expect(app.isAtRest)
        #expect(abs(books - books.rounded()) < 1e-9)
    }

    @Test func oneMoreNotchOnAFinishingPushStillOpensTheBook() {
        let app = Self.run([
            (0.0, .wheel(dx: 0, dy: 1)), (0.06, .wheel(dx: 0, dy: 1)), (0.12, .wheel(dx: 0, dy: 1)),
            (0.45, .wheel(dx: 0, dy: 1)),
        ], until: 3)
        #expect(app.navigation.scenes.map(\.kind) == [.shelf, .book])
        #expect(app.pose.openness == 1)
    }

    @Test func oneNotchBackOnAFinishingPushClosesIt() {
        let app = Self.run([
            (0.0, .wheel(dx: 0, dy: 1)), (0.06, .wheel(dx: 0, dy: 1)), (0.12, .wheel(dx: 0, dy: 1)),
            (0.45, .wheel(dx: 0, dy: -1)),
        ], until: 3)
        #expect(app.navigation.scenes.map(\.kind) == [.shelf])
        #expect(app.book == nil)
    }

    /// A cover is listed exactly when some of it reaches into the window, wherever the shelf is.
    @Test func exactlyTheCoversThatReachIntoTheWindowAreListed() {
        let layout = ShelfLayout(size: Size(width: 1280, height: 800), bookCount: 6)
        var listedCount = 0
        for p in stride(from: -400.0, through: 5 * 372 + 400, by: 31) {
            let listed = layout.visibleIndices(at: p)
            listedCount += listed.count
            #expect(!listed.isEmpty || p < -1280 || p > 5 * 372 + 1280, "nothing listed at p \(p)")
            for i in 0..<6 {
                let half = layout.cellSize.width * layout.scale(of: i, at: p) / 2
                let x = layout.centerX(of: i, at: p)
                let reaches = x + half > 0 && x - half < 1280
                #expect(listed.contains(i) == reaches, "cover \(i) at p \(p): listed \(listed.contains(i)), reaches \(reaches)")
            }
        }
        #expect(listedCount > 0)
    }
}
