import Foundation
import Testing
@testable import FolioCore

/// The thumbnail strip: shown by T or a pointer resting at the bottom edge, every page in it
/// (only those on screen as layers), the page read marked, the arrows, the wheel, a click and
/// Enter, and hidden again.
@Suite struct ThumbnailStripTests {
    static func reading(pages: Int = 40, rightToLeft: Bool = false) -> AppDriver {
        let s = AppDriver(books: 1, pages: pages)
        s.app.library.books[0].rightToLeft = rightToLeft
        s.send(.key(.return)); s.run(until: 1.5)
        s.firstSpread()
        s.send(.key(.return)); s.run(until: 3)
        return s
    }

    static func thumbnails(_ s: AppDriver) -> [Int] {
        s.app.drawList().overlays.compactMap { if case .thumbnail(_, let n) = $0.content { return n } else { return nil } }
    }

    @Test func tShowsEveryPageWithTheOneReadSelectedAndEnterGoesToTheSelection() throws {
        let s = Self.reading()
        let book = try #require(s.app.book)
        s.send(.key(.right)); s.run(until: s.now + 1.2)
        s.send(.key(.t))
        #expect(s.app.strip.isShown)
        // Leaf 1 shows pages 4 and 5: 4 is selected and marked.
        #expect(s.app.strip.selected == 4)
        let shown = Self.thumbnails(s)
        #expect(shown.first == 1 && shown.contains(4) && shown == Array(shown.first!...shown.last!))
        #expect(shown.count < 30, "only the thumbnails on screen are layers: \(shown.count)")
        #expect(s.app.drawList().bands.count >= 2, "the band and the mark")
        for _ in 0..<5 { s.send(.key(.right)) }
        s.send(.key(.left))
        #expect(s.app.strip.selected == 8)
        #expect(s.app.drawList().texts.contains { $0.text.hasPrefix("Page 8 of 41") })
        s.send(.key(.return)); s.run(until: s.now + 0.7)
        #expect(s.app.library.books[0].numbering.numbers(leaf: book.currentLeaf).contains(8))
        #expect(s.app.strip.isShown, "the strip stays for the next jump")
        // A number typed while the strip shows goes there, and the strip selects it.
        for key: Key in [.two, .zero] { s.send(.key(key)) }
        s.send(.key(.return)); s.run(until: s.now + 0.7)
        #expect(s.app.strip.selected == 20 && s.app.library.books[0].numbering.numbers(leaf: book.currentLeaf).contains(20))
        s.send(.key(.end)); s.run(until: s.now + 1)
        #expect(s.app.strip.selected == 41)
        #expect(Self.thumbnails(s).contains(41) && !Self.thumbnails(s).contains(1), "scrolled to the end")
        s.send(.key(.escape))
        #expect(!s.app.strip.isShown && s.kinds == [.shelf, .book, .reading])
    }

    /// A click on a thumbnail riffles to its page; the wheel over the strip scrolls it and
    /// over the page is still the pinch.
    @Test func aClickGoesToAPageAndTheWheelScrollsTheStrip() throws {
        let s = Self.reading(pages: 200)
        let book = try #require(s.app.book)
        s.send(.key(.t))
        let geometry = s.app.stripGeometry(book)
        let frame = s.app.strip.frame(of: 6, in: geometry, mirrored: false)
        let point = Point(x: frame.midX, y: frame.midY)
        s.send(.pointerMoved(point)); s.send(.pointerDown(point)); s.send(.pointerUp(point))
        s.run(until: s.now + 1)
        #expect(s.app.library.books[0].numbering.numbers(leaf: book.currentLeaf).contains(6))
        let before = Self.thumbnails(s)
        s.send(.wheel(dx: 0, dy: -3)); s.run(until: s.now + 1.5)
        let after = Self.thumbnails(s)
        #expect(after.first! > before.first! + 5, "\(before.first!) then \(after.first!)")
        #expect(s.kinds == [.shelf, .book, .reading], "the wheel over the strip pinched nothing")
        // Over the page, Ctrl+wheel is the pinch again: a notch down heads back to the 3D book.
        s.send(.pointerMoved(Point(x: 640, y: 200)))
        for _ in 0..<4 { s.send(.wheel(dx: 0, dy: -1, modifiers: .ctrl)); s.run(until: s.now + 0.05) }
        s.run(until: s.now + 2)
        #expect(s.kinds == [.shelf, .book])
    }

    /// Resting the pointer at the bottom edge shows the strip after 0.4 s; moving up off it
    /// hides it again.
    @Test func thePointerRestingAtTheBottomEdgeShowsIt() throws {
        let s = Self.reading()
        s.send(.pointerMoved(Point(x: 640, y: 798)))
        s.run(until: s.now + 0.2)
        #expect(!s.app.strip.isShown && !s.app.isAtRest, "waiting, and drawing while it waits")
        s.run(until: s.now + 0.3)
        #expect(s.app.strip.isShown)
        s.send(.pointerMoved(Point(x: 640, y: 300)))
        #expect(!s.app.strip.isShown)
    }

    /// A right-to-left book's strip runs from the right, and Left selects the next page.
    @Test func aRightToLeftStripRunsFromTheRight() throws {
        let s = Self.reading(rightToLeft: true)
        let book = try #require(s.app.book)
        s.send(.key(.t))
        let geometry = s.app.stripGeometry(book)
        #expect(s.app.strip.frame(of: 1, in: geometry, mirrored: true).minX > s.app.strip.frame(of: 2, in: geometry, mirrored: true).minX)
        let selected = s.app.strip.selected
        s.send(.key(.left))
        #expect(s.app.strip.selected == selected + 1)
    }

    /// A hundred thousand pages cost what forty do: the layers are those on screen.
    @Test func aLongBooksStripHasOnlyTheThumbnailsOnScreen() throws {
        let s = Self.reading(pages: 99_999)
        s.send(.key(.t))
        s.send(.key(.end))
        s.run(until: s.now + 1.5)
        let shown = Self.thumbnails(s)
        #expect(shown.last == 100_000 && shown.count < 30)
    }

    /// The strip is opaque and the book makes room above it: in 3D the whole book, its
    /// standing leaves included, stays between the window's top and the strip's band.
    @Test func theBookIn3DStaysWholeAboveTheStrip() throws {
        let s = AppDriver(books: 1, pages: 40)
        s.send(.key(.return)); s.run(until: 1.5)
        s.firstSpread()
        s.send(.key(.t)); s.run(until: s.now + 0.5)
        let band = try #require(s.app.drawList().bands.first?.rect)
        #expect(s.app.drawList().bands.first?.colour.a == 1, "the band is opaque")
        let book = try #require(s.app.book)
        let bounds = book.drawnBounds()
        #expect(bounds.minY >= 0 && bounds.maxY <= band.minY + 0.5, "\(bounds) above \(band)")
        // A leaf standing up on the spine is the tallest the book gets (`pagesBottom`).
        let spine = book.layout.spine.y
        #expect(2 * spine - book.pagesBottom >= 0 && book.pagesBottom <= band.minY + 0.5, "a standing leaf reaches \(book.pagesBottom)")
    }
}
