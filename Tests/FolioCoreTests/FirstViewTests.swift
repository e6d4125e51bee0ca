import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// Sensible first views and no space wasted: what the reading view shows before the reader
/// chooses, and what it never lets cover or cut the page being read.
@Suite struct FirstViewTests {
    /// The box around every drawn page's corners, window points.
    static func drawnBounds(_ layers: [Layer]) -> (low: Point, high: Point) {
        var low = Point(x: .infinity, y: .infinity), high = Point(x: -.infinity, y: -.infinity)
        for layer in layers where layer.isFrontFacing {
            for (x, y) in [(0, 0), (layer.size.width, 0), (layer.size.width, layer.size.height), (0, layer.size.height)] {
                guard let p = layer.project(x: x, y: y) else { continue }
                low = Point(x: min(low.x, p.x), y: min(low.y, p.y))
                high = Point(x: max(high.x, p.x), y: max(high.y, p.y))
            }
        }
        return (low, high)
    }

    /// Leaves lifted mid-riffle and mid-turn stay within the window's top and bottom edges
    /// (the reading view's perspective is no nearer than that allows), in windows of several
    /// shapes, one page at a time and two; and they still stand up in perspective.
    @Test(arguments: [(1280.0, 800.0, false), (1280.0, 800.0, true), (800.0, 600.0, false), (1920.0, 1080.0, true), (900.0, 980.0, false)])
    func aRifflingLeafStaysWithinTheWindow(width: Double, height: Double, one: Bool) throws {
        let s = AppDriver(size: Size(width: width, height: height), books: 1, pages: 60)
        s.send(.key(.return)); s.run(until: 1.5)
        s.send(.key(.return)); s.run(until: 3)
        #expect(s.kinds == [.shelf, .book, .reading])
        if one && s.app.book?.layout.readingPages == 2 { s.send(.key(.d)); s.run(until: s.now + 0.5) }
        var frames = 0, lifted = 0
        func check(_ t: Double) {
            let layers = s.app.drawList().layers
            let bounds = Self.drawnBounds(layers)
            #expect(bounds.low.y >= -0.5 && bounds.high.y <= height + 0.5,
                    "at \(t) s the pages reach \(bounds.low.y)…\(bounds.high.y) in a window \(height) tall")
            frames += 1
            // A leaf standing up: its outer edge nearer the eye shows taller than its hinge.
            for layer in layers where layer.isFrontFacing {
                guard let a = layer.project(x: 0, y: 0), let b = layer.project(x: 0, y: layer.size.height),
                      let c = layer.project(x: layer.size.width, y: 0), let d = layer.project(x: layer.size.width, y: layer.size.height)
                else { continue }
                if abs((b.y - a.y) - (d.y - c.y)) > 1 { lifted += 1 }
            }
        }
        for key: Key in [.four, .zero] { s.send(.key(key)) }
        s.send(.key(.return))
        s.run(until: s.now + 0.8, each: check)
        s.send(.key(.right))
        s.run(until: s.now + 1, each: check)
        s.send(.key(.home))
        s.run(until: s.now + 1, each: check)
        #expect(frames > 100 && lifted > 10, "leaves turned in perspective (\(lifted) lifted)")
    }
}

/// First views: a PDF one page at a time at fit width unless the reader chose otherwise for
/// it; comics and photos as suits the window, a window taller than wide reading one page.
extension FirstViewTests {
    /// A 64-page PDF (its pages a document's) as book 0 of `s`.
    static func pdf() -> Book {
        let path = "/books/0.cbz"
        return Book(title: "Paper", cover: .documentPage(document: path, page: 0),
                    pages: (1..<64).map { .documentPage(document: path, page: $0) }, pageAspect: 210 / 297)
    }

    /// Opens book 0 of `s` flat in the reading view; the trace's reading state.
    static func readingState(_ s: AppDriver) throws -> [String: Any] {
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        #expect(s.kinds == [.shelf, .book, .reading])
        return try #require(try TraceReadingTests.line(s)["reading"] as? [String: Any])
    }

    @Test func aPDFOpensOnePageAtATimeAtFitWidth() throws {
        let s = AppDriver(books: 2, pages: 12)
        s.app.library.books[0] = Self.pdf()
        let reading = try Self.readingState(s)
        #expect(reading["pages"] as? String == "one" && reading["fit"] as? String == "width")
        #expect(reading["visiblePages"] as? [Int] == [2])
        // As wide as the reading area: text reads far larger than two pages side by side.
        let scene = try #require(s.app.reading)
        let area = scene.book.layout.readingArea
        let frame = scene.book.layout.readingFrame
        let low = scene.zoom.current.apply(frame.origin), high = scene.zoom.current.apply(Point(x: frame.maxX, y: frame.maxY))
        let page = Rect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
        #expect(abs(page.size.width - area.size.width) < 1 && page.minY > -1 && page.minY < area.minY + 1, "from its top: \(page) in \(area)")
    }

    /// Comics and photos keep the automatic choice and the whole page.
    @Test func aComicOpensAsBefore() throws {
        let reading = try Self.readingState(AppDriver(books: 2, pages: 12))
        #expect(reading["pages"] as? String == "two" && reading["fit"] as? String == "page")
    }

    /// What the reader chose for a PDF (D to two pages, W to the whole page) is remembered
    /// and wins over the PDF's own first view; a PDF read before, with nothing chosen, opens
    /// on its own.
    @Test func aPDFKeepsWhatTheReaderChose() throws {
        let keeper = RememberedPlaceTests.keeper()
        let s = AppDriver(books: 2, pages: 12, places: keeper)
        s.app.library.books[0] = Self.pdf()
        _ = try Self.readingState(s)
        // One → two pages; width → height → the whole page.
        for key: Key in [.d, .w, .w] { s.send(.key(key)); s.run(until: s.now + 0.5) }
        s.send(.key(.escape)); s.run(until: s.now + 1.5)
        let settings = keeper.places.settings(of: RememberedPlaceTests.key(0))
        #expect(settings.pageMode == .two && settings.fit == .page)
        let read = try Places.parse(keeper.places.encoded(), name: "places.json")
        #expect(read.settings(of: RememberedPlaceTests.key(0)) == settings, "\"fit\":\"page\" is written for a PDF")

        let again = AppDriver(books: 2, pages: 12, places: RememberedPlaceTests.keeper(read))
        again.app.library.books[0] = Self.pdf()
        let reading = try Self.readingState(again)
        #expect(reading["pages"] as? String == "two" && reading["fit"] as? String == "page")

        // A place written before PDFs had a first view of their own (no "pages", no "fit").
        var before = Places()
        before.remember(spread: 3, of: RememberedPlaceTests.key(0))
        let old = AppDriver(books: 2, pages: 12, places: RememberedPlaceTests.keeper(before))
        old.app.library.books[0] = Self.pdf()
        let first = try Self.readingState(old)
        #expect(first["pages"] as? String == "one" && first["fit"] as? String == "width")
    }

    /// The automatic page mode looks at the window: taller than wide reads one page, as
    /// does the same book's window once made so. (Narrow pages, aspect 0.5, are those two
    /// of which still showed at 85 % of one page's size in a tall window.)
    @Test(arguments: [(900.0, 980.0, 0.5, "one"), (900.0, 980.0, nil, "one"), (980.0, 900.0, 0.5, "two"),
                      (1280.0, 800.0, nil, "two"), (600.0, 1000.0, 0.45, "one")] as [(Double, Double, Double?, String)])
    func aTallWindowReadsOnePage(width: Double, height: Double, aspect: Double?, pages: String) throws {
        let reading = try Self.readingState(AppDriver(size: Size(width: width, height: height), books: 2, pages: 12, aspect: aspect))
        #expect(reading["pages"] as? String == pages)
    }

    @Test func resizingToATallWindowReadsOnePage() throws {
        let s = AppDriver(books: 2, pages: 12, aspect: 0.5)
        #expect(try Self.readingState(s)["pages"] as? String == "two")
        s.send(.resize(Size(width: 900, height: 980))); s.run(until: s.now + 1)
        let reading = try #require(try TraceReadingTests.line(s)["reading"] as? [String: Any])
        #expect(reading["pages"] as? String == "one")
    }
}
