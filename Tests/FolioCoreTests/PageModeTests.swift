import Foundation
import Testing
@testable import FolioCore

/// One page, two pages, or automatic in the reading view: the automatic choice, reading one
/// page at a time (the other page of the spread first, then the leaf), D and its memory.
@Suite struct PageModeTests {
    /// Portrait pages show two at a time at every size; landscape photos one; square pages
    /// one until the window is wide enough that two are each 85 % of one alone.
    @Test(arguments: [
        (0.65, Size(width: 800, height: 600), 2), (0.65, Size(width: 1280, height: 800), 2), (0.65, Size(width: 1920, height: 1080), 2),
        (1.5, Size(width: 800, height: 600), 1), (1.5, Size(width: 1280, height: 800), 1), (1.5, Size(width: 1920, height: 1080), 1),
        (1.0, Size(width: 800, height: 600), 1), (1.0, Size(width: 1280, height: 800), 1), (1.0, Size(width: 1920, height: 1080), 2),
    ])
    func theAutomaticChoice(aspect: Double, window: Size, pages: Int) {
        let layout = BookLayout(size: window, pageCount: 20, pageShape: PageGeometry.size(aspect: aspect))
        #expect(layout.automaticReadingPages == pages)
        // The rule itself: two pages are each at least 85 % of one alone, or they are not.
        let ratio = layout.readingScale(pages: 2) / layout.readingScale(pages: 1)
        #expect((ratio >= 0.85) == (pages == 2), "\(ratio)")
    }

    /// A book of landscape photos opens flat one page at a time, each as wide as the window
    /// allows, where the spread would show them at about half that.
    @Test func landscapePhotosShowOneAtATimeAsLargeAsTheWindowAllows() throws {
        let s = AppDriver(books: 1, pages: 12, aspect: 1.5)
        s.send(.key(.return)); s.run(until: 1.5)
        s.firstSpread()
        s.send(.key(.return)); s.run(until: 3)
        let reading = try #require(s.app.reading)
        #expect(reading.pageMode == .automatic && reading.book.layout.readingPages == 1)
        let layers = s.app.drawList().layers
        #expect(layers.count == 1, "one page drawn, not its neighbour")
        let page = try #require(layers.first)
        let left = try #require(page.project(x: 0, y: 0)), right = try #require(page.project(x: page.size.width, y: 0))
        // As wide as the reading area's height allows for a 3:2 page (the area is wider), centred,
        // where two side by side would each be half the area's width.
        let area = reading.book.layout.readingArea
        let width = abs(right.x - left.x)
        #expect(abs(width - min(area.size.width, area.size.height * 1.5)) < 2 && abs((left.x + right.x) / 2 - 640) < 1, "\(left) \(right)")
        #expect(width > 1.7 * area.size.width / 2)
        #expect(page.content == .page(book: 0, page: 1))
    }

    /// One page at a time: the next page is the spread's other page (a slide), then the next
    /// leaf (a turn), and back the same way; the indicator names the one page.
    @Test func onePageAtATimeReadsBothPagesOfASpread() throws {
        let s = AppDriver(books: 1, pages: 12)
        s.send(.key(.return)); s.run(until: 1.5)
        s.firstSpread()
        s.send(.key(.return)); s.run(until: 3)
        let reading = try #require(s.app.reading)
        #expect(reading.book.layout.readingPages == 2, "a portrait book reads two at a time")
        s.send(.key(.d)); s.run(until: s.now + 0.5)
        #expect(reading.pageMode == .one && reading.book.layout.readingPages == 1)
        #expect(s.app.drawList().texts.contains { $0.text.hasPrefix("Pages: one at a time") })
        let book = reading.book
        func at() -> (Int, PageSide) { (book.currentLeaf, book.focus.side) }
        #expect(at() == (0, .left) && book.focusPage == 1)
        s.send(.key(.right)); s.run(until: s.now + 0.5)
        #expect(at() == (0, .right) && book.focusPage == 2)
        #expect(s.app.drawList().layers.map(\.content) == [.page(book: 0, page: 2)])
        #expect(s.app.drawList().texts.contains { $0.text == "3 / 13" })
        s.send(.key(.right)); s.run(until: s.now + 1.2)
        #expect(at() == (1, .left) && book.focusPage == 3)
        s.send(.key(.left)); s.run(until: s.now + 1.2)
        #expect(at() == (0, .right))
        s.send(.key(.left)); s.run(until: s.now + 0.5)
        #expect(at() == (0, .left))
        // D goes on to two pages, then back to automatic.
        s.send(.key(.d)); s.run(until: s.now + 0.5)
        #expect(reading.pageMode == .two && s.app.drawList().layers.count == 2)
        s.send(.key(.d))
        #expect(reading.pageMode == .automatic)
    }

    /// The mode is remembered with the book's place and written only when chosen.
    @Test func theModeIsRememberedWithThePlace() throws {
        let keeper = RememberedPlaceTests.keeper()
        let s = AppDriver(books: 2, pages: 12, places: keeper)
        s.send(.key(.return)); s.run(until: 1.5)
        s.firstSpread()
        s.send(.key(.return)); s.run(until: 3)
        s.send(.key(.d)); s.run(until: s.now + 0.5)
        #expect(keeper.places.settings(of: RememberedPlaceTests.key(0)).pageMode == .one)
        let text = String(decoding: keeper.places.encoded(), as: UTF8.self)
        #expect(text.contains("\"pages\":\"one\""))
        let read = try Places.parse(keeper.places.encoded(), name: "places.json")
        #expect(read.settings(of: RememberedPlaceTests.key(0)).pageMode == .one)

        let again = AppDriver(books: 2, pages: 12, places: RememberedPlaceTests.keeper(read))
        again.send(.key(.return)); again.run(until: 1.5)
        again.send(.key(.return)); again.run(until: 3)
        #expect(again.app.reading?.pageMode == .one && again.app.reading?.book.layout.readingPages == 1)
    }

    /// The automatic choice is the window's: a portrait book in a tall narrow window reads
    /// one page at a time, and two again once the window is wide.
    @Test func theAutomaticChoiceFollowsTheWindow() throws {
        let s = AppDriver(books: 1, pages: 12)
        s.send(.key(.return)); s.run(until: 1.5)
        s.firstSpread()
        s.send(.key(.return)); s.run(until: 3)
        let book = try #require(s.app.reading?.book)
        #expect(book.layout.readingPages == 2)
        s.send(.resize(Size(width: 600, height: 900))); s.run(until: s.now + 0.2)
        #expect(book.layout.readingPages == 1)
        s.send(.resize(Size(width: 1280, height: 800))); s.run(until: s.now + 0.2)
        #expect(book.layout.readingPages == 2)
    }
}
