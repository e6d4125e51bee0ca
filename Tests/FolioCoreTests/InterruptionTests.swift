import Foundation
import Testing
@testable import FolioCore

/// Input that arrives in the middle of something else: resizes during drags, a gesture that
/// catches a running transition.
@Suite struct InterruptionTests {
    /// Plays `events` into a fresh app at 60 fps until `end`.
    static func run(_ events: [(Double, InputEvent)], until end: Double) -> FolioApp {
        let app = FolioApp(library: .synthetic(books: 6, pages: 12), size: Size(width: 1280, height: 800))
        var t = 0.0, next = 0
        app.update(at: 0)
        while t < end {
            t += 1.0 / 60
            while next < events.count, events[next].0 <= t {
                app.handle(events[next].1, at: events[next].0)
                next += 1
            }
            app.update(at: t)
        }
        return app
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
        let book = try! #require(app.book)
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

    @Test func onlyCoversThatReachIntoTheWindowAreListed() {
        let layout = ShelfLayout(size: Size(width: 1280, height: 800), bookCount: 6)
        for p in stride(from: 0.0, through: 5 * 372, by: 31) {
            for i in layout.visibleIndices(at: p) {
                let half = layout.cellSize.width * layout.scale(of: i, at: p) / 2
                let x = layout.centerX(of: i, at: p)
                #expect(x + half > 0 && x - half < 1280, "cover \(i) at p \(p) is off screen")
            }
        }
    }
}
