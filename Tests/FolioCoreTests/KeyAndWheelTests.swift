import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// Input outcomes SPEC §1, §2 and §4 state: the horizontal wheel and Shift+wheel scroll, the
/// paging keys turn leaves, Backspace closes, and a pinch the wrong way does nothing.
@Suite struct KeyAndWheelTests {
    /// A driver with the centred book open and at rest.
    static func openBook() -> AppDriver {
        let driver = AppDriver()
        driver.send(.key(.return))
        driver.run(until: 1.2)
        driver.firstSpread()
        return driver
    }

    static func leaf(_ driver: AppDriver) -> Int? { driver.app.book?.currentLeaf }

    @Test(arguments: [
        (InputEvent.wheel(dx: 1, dy: 0), 1), (.wheel(dx: 1, dy: 0, modifiers: .shift), 1),
        (.wheel(dx: 0, dy: -1, modifiers: .shift), 1), (.wheel(dx: 0, dy: 1, modifiers: .shift), 0),
    ])
    func horizontalWheelAndShiftWheelScrollTheShelf(event: InputEvent, book: Int) {
        let driver = AppDriver()
        driver.send(.key(.right)) // from book 1, so that both directions can move
        driver.run(until: 1)
        #expect(driver.app.shelf.centredIndex == 1)
        driver.send(event)
        driver.send(event)
        driver.run(until: 3)
        let expected = book == 1 ? 3 : 0 // two notches either way (clamped at the first book)
        #expect(driver.app.shelf.centredIndex == expected && driver.app.transition == nil)
        #expect(driver.kinds == [.shelf] && driver.app.isAtRest)
    }

    @Test(arguments: [(1.0, 2), (-1.0, 0)])
    func horizontalWheelTurnsLeaves(dx: Double, leaf: Int) {
        let driver = Self.openBook()
        driver.send(.key(.right))
        driver.run(until: 2.5)
        #expect(Self.leaf(driver) == 1)
        driver.send(.wheel(dx: dx, dy: 0))
        driver.run(until: 4)
        #expect(Self.leaf(driver) == leaf && driver.kinds == [.shelf, .book])
        // Shift turns the vertical wheel into the same turn, not a pinch.
        driver.send(.wheel(dx: 0, dy: -dx, modifiers: .shift))
        driver.run(until: 5.5)
        #expect(Self.leaf(driver) == max(leaf + Int(dx), -1) && driver.app.transition == nil)
    }

    @Test func pagingKeysTurnLeavesInTheBook() {
        let driver = Self.openBook()
        guard let last = driver.app.book.map({ $0.lastLeaf }), last >= 3 else {
            Issue.record("no book"); return
        }
        func press(_ key: Key) -> Int? {
            driver.send(.key(key))
            driver.run(until: driver.now + 1.5)
            return Self.leaf(driver)
        }
        #expect(press(.pagedown) == 1)
        #expect(press(.pagedown) == 2)
        #expect(press(.pageup) == 1)
        #expect(press(.end) == last)
        #expect(press(.pagedown) == last + 1) // on to the back cover
        #expect(press(.pagedown) == last + 1) // and no further
        #expect(press(.home) == -1) // the cover, alone on the right
        #expect(press(.pageup) == -1)
        #expect(driver.kinds == [.shelf, .book])
        driver.send(.key(.backspace))
        #expect(driver.app.transition?.operation == .pop && driver.state == .animating)
        driver.run(until: driver.now + 1.2)
        #expect(driver.kinds == [.shelf] && driver.app.book == nil)
    }

    @Test func homeAndEndOnTheShelfAndPagingKeysDoNothingThere() {
        let driver = AppDriver(books: 6)
        func press(_ key: Key) -> Int {
            driver.send(.key(key))
            driver.run(until: driver.now + 1.5)
            return driver.app.shelf.centredIndex
        }
        #expect(press(.end) == 5)
        #expect(press(.pagedown) == 5 && press(.pageup) == 5)
        #expect(press(.home) == 0)
        #expect(press(.backspace) == 0)
        #expect(driver.kinds == [.shelf] && !driver.app.quitRequested)
    }

    /// Pinching in on the library grid (the level furthest out: SPEC §4's shelf was, before
    /// the grid) does nothing; spreading in the reading view (Ctrl+wheel there, as a
    /// touchpad's pinch) starts no transition (it zooms: ZoomTests).
    @Test(arguments: [false, true])
    func theOtherPinchDirectionsStartNoTransition(inBook: Bool) {
        let driver = inBook ? ZoomTests.openBook() : AppDriver()
        if !inBook {
            driver.send(.key(.down, []))
            driver.run(until: driver.now + 1.5)
        }
        let before = driver.app.trace(frame: 0, t: 0)
        let start = driver.now
        let pinches = (0..<4).map { (start + 0.05 * Double($0), InputEvent.wheel(dx: 0, dy: inBook ? 1 : -1, modifiers: .ctrl)) }
        driver.run(until: start + 1, events: pinches) { _ in
            #expect(driver.app.transition == nil)
        }
        #expect(driver.kinds == (inBook ? [.shelf, .book, .reading] : [.shelf, LibraryScene.sceneKind]))
        if inBook {
            #expect(driver.app.reading?.zoom.current.scale == BookZoom.maxScale)
        } else {
            #expect(driver.app.trace(frame: 0, t: 0) == before)
        }
    }
}
