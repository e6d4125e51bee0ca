import Testing
@testable import FolioCore

/// The reader's input in a book: the wheel reads in the reading view (down forward, up
/// back; at fit width down the page first), Ctrl+wheel zooms and goes back to 3D, the roll
/// that laid the book flat ends there, clicks on a side turn at once however quick, and the
/// mouse's back button or a right-click goes back a level.
@Suite struct ReadingInputTests {
    static func notches(_ dy: Double, from t: Double, count: Int = 1, apart: Double = 0.05, modifiers: Modifiers = []) -> [(t: Double, event: InputEvent)] {
        (0..<count).map { (t + apart * Double($0), InputEvent.wheel(dx: 0, dy: dy, modifiers: modifiers)) }
    }

    @Test func theWheelDownTurnsForwardAndUpBackAndTheStackStaysThreeDeep() throws {
        let s = ZoomTests.openBook()
        let book = try #require(s.app.reading).book
        var t = s.now + 0.5
        for expected in 1...3 {
            s.run(until: t + 1, events: Self.notches(-1, from: t))
            #expect(book.currentLeaf == expected && s.kinds == [.shelf, .book, .reading] && s.app.transition == nil)
            t += 1
        }
        s.run(until: t + 1, events: Self.notches(1, from: t))
        #expect(book.currentLeaf == 2 && s.kinds == [.shelf, .book, .reading])
        #expect(s.app.reading?.zoom.isZoomed == false, "the wheel up did not zoom")
    }

    /// A right-to-left book: down still goes forward, in its own order.
    @Test func theWheelReadsARightToLeftBookForward() throws {
        let s = ZoomTests.openBook()
        s.send(.key(.m))
        s.run(until: s.now + 1)
        let book = try #require(s.app.reading).book
        #expect(book.mirrored)
        let t = s.now + 0.5
        s.run(until: t + 1, events: Self.notches(-1, from: t))
        #expect(book.currentLeaf == 1)
    }

    /// At fit width the wheel scrolls down the page first, then turns to the next page's top.
    @Test func atFitWidthTheWheelScrollsThenTurns() throws {
        let s = ZoomTests.openBook()
        let reading = try #require(s.app.reading)
        s.send(.key(.w))
        s.run(until: s.now + 1)
        #expect(reading.fit == .width)
        let top = reading.zoom.current.offset.y
        var t = s.now + 0.5
        s.run(until: t + 0.6, events: Self.notches(-1, from: t))
        #expect(reading.zoom.current.offset.y < top - 1 && reading.book.currentLeaf == 0, "it scrolled down, no turn")
        t = s.now + 0.5
        s.run(until: t + 3, events: Self.notches(-1, from: t, count: 40, apart: 0.35))
        #expect(reading.book.currentLeaf >= 1 && s.kinds == [.shelf, .book, .reading])
    }

    /// The roll that laid the book flat ends there: its later notches (less than 0.3 s
    /// apart) neither turn back nor zoom. After a pause the wheel reads.
    @Test(arguments: [Modifiers(), .ctrl])
    func theRollThatLaidTheBookFlatEndsThere(modifiers: Modifiers) throws {
        let s = AppDriver(books: 2, pages: 12)
        s.send(.key(.return))
        s.run(until: 1.5)
        s.firstSpread()
        for _ in 0..<3 { s.send(.key(.right)) }
        s.run(until: 3)
        let book = try #require(s.app.book)
        #expect(book.currentLeaf == 3)
        // A steady roll up, a notch every 0.28 s: it lays the book flat and rolls on.
        let roll = Self.notches(1, from: 3.1, count: 20, apart: 0.28, modifiers: modifiers)
        var flatAt: Double?
        s.run(until: 3.1 + 20 * 0.28, events: roll) { t in
            if flatAt == nil, s.kinds == [.shelf, .book, .reading], s.app.transition == nil { flatAt = t }
        }
        let flat = try #require(flatAt)
        #expect(flat < 3.1 + 15 * 0.28, "the book lay flat with notches of the roll to come")
        let reading = try #require(s.app.reading)
        #expect(book.currentLeaf == 3 && !reading.zoom.isZoomed, "the roll's later notches did nothing")
        // A pause, then the wheel reads.
        let t = s.now + 0.4
        s.run(until: t + 1, events: Self.notches(-1, from: t))
        #expect(book.currentLeaf == 4)
    }

    /// Ctrl+wheel zooms at the pointer; down from the fit goes back to the 3D book.
    @Test func ctrlWheelZoomsAndBackDownGoesTo3D() throws {
        let s = ZoomTests.openBook()
        let reading = try #require(s.app.reading)
        var t = s.now + 0.5
        s.run(until: t + 1, events: Self.notches(1, from: t, count: 2, modifiers: .ctrl))
        #expect(reading.zoom.isZoomed)
        t = s.now + 0.5
        s.run(until: t + 1, events: Self.notches(-1, from: t, count: 2, modifiers: .ctrl))
        #expect(!reading.zoom.isZoomed && s.kinds == [.shelf, .book, .reading])
        t = s.now + 0.5
        s.run(until: t + 2, events: Self.notches(-1, from: t, count: 4, modifiers: .ctrl))
        #expect(s.kinds == [.shelf, .book])
    }

    /// Two clicks on one side 150 ms apart turn two leaves, in the reading view and in the
    /// 3D book; in the middle third two quick clicks are a double-click.
    @Test(arguments: [true, false])
    func twoQuickClicksOnASideTurnTwoLeaves(flat: Bool) throws {
        let s = AppDriver(books: 2, pages: 12)
        s.send(.key(.return))
        s.run(until: 1.5)
        s.firstSpread()
        if flat {
            s.send(.key(.return))
            s.run(until: 2.5)
        }
        let book = try #require(s.app.book)
        let p = Point(x: 1150, y: 400)
        let t = s.now + 0.1
        s.run(until: t + 1.5, events: [(t, .pointerDown(p)), (t + 0.03, .pointerUp(p)), (t + 0.15, .pointerDown(p)), (t + 0.18, .pointerUp(p))])
        #expect(book.currentLeaf == 2)
        #expect(s.kinds == (flat ? [.shelf, .book, .reading] : [.shelf, .book]))
        #expect(s.app.reading?.zoom.isZoomed != true)
    }

    /// The back button (or a right-click): the strip first, then a level; mid-opening it
    /// steers the opening back; on the shelf it does nothing.
    @Test func theBackButtonGoesBackALevel() throws {
        let s = ZoomTests.openBook()
        s.send(.key(.t))
        #expect(s.app.strip.isShown)
        s.send(.back)
        #expect(!s.app.strip.isShown && s.kinds == [.shelf, .book, .reading])
        s.send(.back)
        s.run(until: s.now + 1.5)
        #expect(s.kinds == [.shelf, .book])
        s.send(.back)
        s.run(until: s.now + 1.5)
        #expect(s.kinds == [.shelf])
        s.send(.key(.return))
        s.run(until: s.now + 0.3)
        #expect(s.app.transition?.operation == .push)
        s.send(.back)
        s.run(until: s.now + 1.5)
        #expect(s.kinds == [.shelf] && !s.app.quitRequested)
        s.send(.back)
        #expect(s.kinds == [.shelf] && !s.app.quitRequested)
    }
}
