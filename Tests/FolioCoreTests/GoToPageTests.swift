import Foundation
import Testing
@testable import FolioCore

/// Going to any page: a number typed in a book shows as it is typed, and Enter riffles the
/// leaves there, in at most 0.6 s whatever the distance, interruptible; Home and End riffle.
@Suite struct GoToPageTests {
    /// A book open flat in the reading view, at rest.
    static func reading(pages: Int) -> AppDriver {
        let s = AppDriver(books: 1, pages: pages)
        s.send(.key(.return)); s.run(until: 1.5)
        s.firstSpread()
        s.send(.key(.return)); s.run(until: 3)
        return s
    }

    static func label(_ s: AppDriver) -> String? {
        s.app.drawList().texts.first { $0.text.hasPrefix("Go to page") }?.text
    }

    @Test func aTypedNumberShowsAndEnterRifflesThere() throws {
        let s = Self.reading(pages: 60)
        #expect(s.kinds == [.shelf, .book, .reading])
        let book = try #require(s.app.book)
        s.send(.key(.one)); s.send(.key(.keypadTwo))
        #expect(Self.label(s)?.hasPrefix("Go to page 12") == true && Self.label(s)?.contains("of 61") == true, "\(Self.label(s) ?? "")")
        s.send(.key(.backspace)); s.send(.key(.zero))
        #expect(Self.label(s)?.hasPrefix("Go to page 10") == true)
        #expect(book.currentLeaf == 0, "typing moves nothing")
        let start = s.now
        s.send(.key(.return))
        #expect(Self.label(s) == nil)
        // Page 10 is on leaf 4 (pages 9 and 10). The leaves between turn one after another:
        // the offset only grows, passing each leaf, and lands within 0.6 s.
        var offsets: [Double] = []
        s.run(until: start + 0.6) { _ in offsets.append(book.offset) }
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 })
        let width = s.app.size.width
        for leaf in 1..<4 { #expect(offsets.contains { $0 > (Double(leaf) - 0.5) * width && $0 < (Double(leaf) + 0.5) * width }, "leaf \(leaf) was skipped") }
        #expect(book.isAtRest && book.currentLeaf == 4)
        #expect(s.app.library.books[0].numbering.numbers(leaf: 4).contains(10))
    }

    /// However far the jump, it lands in at most 0.6 s (back to the start: Home, below).
    @Test(arguments: [(3, 3), (40, 25), (999, 990), (99_999, 77_777)])
    func aRiffleTakesAtMostSixTenthsOfASecond(pages: Int, target: Int) throws {
        let s = Self.reading(pages: pages)
        let book = try #require(s.app.book)
        let from = book.currentLeaf
        for character in String(target) { s.send(.key(try #require(Key(rawValue: String(character))))) }
        let start = s.now
        s.send(.key(.return))
        s.run(until: start + 0.6 + FixedStep.dt)
        let numbering = s.app.library.books[0].numbering
        #expect(book.isAtRest)
        #expect(book.currentLeaf == BookScene.leaf(showing: numbering.displayPage(ofNumber: target)), "from leaf \(from)")
        #expect(numbering.numbers(leaf: book.currentLeaf).contains(target))
    }

    /// Escape forgets a number, a 0 first is the zoom's, a number past the end goes to the
    /// last page.
    @Test func escapeForgetsAndANumberPastTheEndGoesToTheLastPage() throws {
        let s = Self.reading(pages: 20)
        let book = try #require(s.app.book)
        s.send(.key(.five)); s.send(.key(.escape))
        #expect(Self.label(s) == nil && s.kinds == [.shelf, .book, .reading], "Escape forgot the number and left the view as it was")
        s.send(.key(.zero))
        #expect(Self.label(s) == nil)
        for key: Key in [.nine, .nine, .nine] { s.send(.key(key)) }
        s.send(.key(.return)); s.run(until: s.now + 0.7)
        #expect(book.currentLeaf == book.lastLeaf)
    }

    /// One page at a time, the page typed is the page shown, on whichever side it lies.
    @Test func onePageAtATimeGoesToThePageItself() throws {
        let s = Self.reading(pages: 30)
        let book = try #require(s.app.book)
        s.send(.key(.d)); s.run(until: s.now + 0.5)
        for key: Key in [.one, .three] { s.send(.key(key)) }
        s.send(.key(.return)); s.run(until: s.now + 1)
        #expect(s.app.library.books[0].numbering.number(ofDisplayPage: book.focusPage) == 13)
        #expect(s.app.drawList().texts.contains { $0.text == "13 / 31" })
        for key: Key in [.six] { s.send(.key(key)) }
        s.send(.key(.return)); s.run(until: s.now + 1)
        #expect(s.app.library.books[0].numbering.number(ofDisplayPage: book.focusPage) == 6)
    }

    /// A drag takes hold of the leaves mid-riffle, where they are; Home riffles back.
    @Test func aRiffleIsInterruptibleAndHomeRiffles() throws {
        let s = Self.reading(pages: 200)
        let book = try #require(s.app.book)
        for key: Key in [.one, .five, .zero] { s.send(.key(key)) }
        s.send(.key(.return)); s.run(until: s.now + 0.3)
        let midway = book.offset
        #expect(midway > s.app.size.width * 5 && midway < s.app.size.width * 70)
        s.send(.pointerDown(Point(x: 640, y: 400)))
        s.send(.pointerMoved(Point(x: 600, y: 400)))
        s.run(until: s.now + FixedStep.dt)
        #expect(book.scroller.isDragging && abs(book.offset - midway) < s.app.size.width)
        s.send(.pointerUp(Point(x: 600, y: 400))); s.run(until: s.now + 1.5)
        #expect(book.isAtRest && book.currentLeaf > 5 && book.currentLeaf < 70)
        let start = s.now
        s.send(.key(.home))
        s.run(until: start + 0.6 + FixedStep.dt)
        #expect(book.isAtRest && book.currentLeaf == -1, "Home goes to the cover, alone on its leaf")
    }
}
