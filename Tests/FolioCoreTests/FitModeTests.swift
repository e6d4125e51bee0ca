import Foundation
import Testing
@testable import FolioCore

/// Fit modes in the reading view: W cycles the whole page, its width and its height; in fit
/// width the wheel, the arrows and Space scroll down the page, then turn; the fit is
/// remembered with the place.
@Suite struct FitModeTests {
    static func reading(places: PlaceKeeper? = nil) -> AppDriver {
        let s = AppDriver(books: 2, pages: 12, places: places)
        s.send(.key(.return)); s.run(until: 1.5)
        s.firstSpread()
        s.send(.key(.return)); s.run(until: 3)
        return s
    }

    /// The drawn box of the book's layers on screen.
    static func bounds(_ s: AppDriver) -> Rect {
        var low = Point(x: .infinity, y: .infinity), high = Point(x: -.infinity, y: -.infinity)
        for layer in s.app.drawList().layers {
            for (x, y) in [(0.0, 0.0), (layer.size.width, layer.size.height)] {
                guard let p = layer.project(x: x, y: y) else { continue }
                low = Point(x: min(low.x, p.x), y: min(low.y, p.y))
                high = Point(x: max(high.x, p.x), y: max(high.y, p.y))
            }
        }
        return Rect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
    }

    @Test func wCyclesTheFitsAndFitWidthFillsTheWidthFromTheTop() throws {
        let s = Self.reading()
        let reading = try #require(s.app.reading)
        let area = reading.book.layout.readingArea
        let whole = Self.bounds(s)
        #expect(abs(whole.size.height - area.size.height) < 2, "the whole spread, as tall as the area")
        s.send(.key(.w)); s.run(until: s.now + 0.5)
        #expect(reading.fit == .width)
        #expect(s.app.drawList().texts.contains { $0.text.hasPrefix("Fit: width") })
        let wide = Self.bounds(s)
        // From the top: the page's top edge at the window's (the margin scrolls away with it).
        #expect(abs(wide.size.width - area.size.width) < 2 && abs(wide.minY) < 2, "\(wide) in \(area)")
        #expect(wide.maxY > 800, "taller than the window: it scrolls")
        s.send(.key(.w)); s.run(until: s.now + 0.5)
        #expect(reading.fit == .height && abs(Self.bounds(s).size.height - area.size.height) < 2)
        s.send(.key(.w)); s.run(until: s.now + 0.5)
        #expect(reading.fit == .page && abs(Self.bounds(s).size.height - whole.size.height) < 1)
    }

    /// Space scrolls down the page, then turns; the next page comes at its top; Up at the top
    /// turns back and lands at the bottom.
    @Test func spaceScrollsThenTurnsAndUpGoesBackToTheBottom() throws {
        let s = Self.reading()
        let reading = try #require(s.app.reading)
        let book = reading.book
        s.send(.key(.w)); s.run(until: s.now + 0.5)
        let top = Self.bounds(s)
        s.send(.key(.space)); s.run(until: s.now + 0.5)
        let down = Self.bounds(s)
        #expect(book.currentLeaf == 0 && down.minY < top.minY - 50, "scrolled, not turned")
        #expect(abs(down.maxY - reading.viewport.height) < 2, "at most to the page's bottom, above the line under it")
        var presses = 0
        while book.currentLeaf == 0 && presses < 5 {
            s.send(.key(.space)); s.run(until: s.now + 1.2)
            presses += 1
        }
        #expect(book.currentLeaf == 1 && presses <= 2)
        #expect(abs(Self.bounds(s).minY - top.minY) < 2, "the next spread at its top")
        s.send(.key(.up)); s.run(until: s.now + 1.2)
        #expect(book.currentLeaf == 0)
        #expect(abs(Self.bounds(s).maxY - down.maxY) < 2, "the previous spread at its bottom")
    }

    /// In fit width the wheel scrolls the page and, a notch past its end, turns; Ctrl+wheel
    /// is still the pinch.
    @Test func theWheelScrollsInFitWidth() throws {
        let s = Self.reading()
        let reading = try #require(s.app.reading)
        s.send(.key(.w)); s.run(until: s.now + 0.5)
        let top = Self.bounds(s)
        s.send(.wheel(dx: 0, dy: -1)); s.run(until: s.now + 0.5)
        #expect(Self.bounds(s).minY < top.minY - 50 && s.kinds == [.shelf, .book, .reading])
        for _ in 0..<8 { s.send(.wheel(dx: 0, dy: -1)); s.run(until: s.now + 0.3) }
        s.run(until: s.now + 1)
        #expect(reading.book.currentLeaf >= 1, "the wheel went on past the end of the page")
        s.send(.wheel(dx: 0, dy: 1, modifiers: [.ctrl])); s.run(until: s.now + 0.5)
        #expect(reading.zoom.target.scale > reading.fitTransform(top: true).scale + 0.1, "Ctrl+wheel zooms in")
    }

    /// The fit is remembered with the place and comes back with the book.
    @Test func theFitIsRemembered() throws {
        let keeper = RememberedPlaceTests.keeper()
        let s = Self.reading(places: keeper)
        s.send(.key(.w)); s.run(until: s.now + 0.5)
        #expect(keeper.places.settings(of: RememberedPlaceTests.key(0)).fit == .width)
        #expect(String(decoding: keeper.places.encoded(), as: UTF8.self).contains("\"fit\":\"width\""))
        let read = try Places.parse(keeper.places.encoded(), name: "places.json")
        let again = Self.reading(places: RememberedPlaceTests.keeper(read))
        #expect(again.app.reading?.fit == .width)
    }
}
