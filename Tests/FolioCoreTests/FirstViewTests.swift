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
        #expect(reading["visiblePages"] as? [Int] == [1], "page 1 first")
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

/// No space wasted, none covered: the thumbnail strip and the notices never cover the page
/// being read (the page makes room above the strip; a notice sits on the line under it).
extension FirstViewTests {
    /// The pages on screen (front faces, the cover's and back cover's too), window points.
    static func pagesRect(_ s: AppDriver) -> Rect {
        let pages = s.app.drawList().layers.filter(\.isFrontFacing)
        let bounds = drawnBounds(pages)
        return Rect(x: bounds.low.x, y: bounds.low.y, width: bounds.high.x - bounds.low.x, height: bounds.high.y - bounds.low.y)
    }

    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX - 0.5 && b.minX < a.maxX - 0.5 && a.minY < b.maxY - 0.5 && b.minY < a.maxY - 0.5
    }

    /// The strip's band, as drawn.
    static func band(_ s: AppDriver) throws -> Rect {
        try #require(s.app.drawList().bands.first { $0.colour == StripContext.colour }?.rect)
    }

    enum View: String, CaseIterable, Sendable { case book, two, one, width }

    /// T shows the strip: the page makes room above it (in the 3D book, flat with two pages
    /// or one, and at fit width scrolled to the page's end), the page number sits between
    /// them, and the page comes back to its size when the strip hides.
    @Test(arguments: View.allCases)
    func theStripNeverCoversThePage(view: View) throws {
        let s = AppDriver(books: 1, pages: 30)
        s.send(.key(.return)); s.run(until: 1.5)
        if view != .book { s.send(.key(.return)); s.run(until: 3) }
        if view == .one || view == .width { s.send(.key(.d)); s.run(until: s.now + 0.5) }
        if view == .width { s.send(.key(.w)); s.run(until: s.now + 0.5) }
        let before = Self.pagesRect(s)
        // A turn brings the page number back (it fades a second after the page is reached).
        s.send(.key(.right)); s.run(until: s.now + (view == .book ? 1.5 : 0.8))
        s.send(.key(.t)); s.run(until: s.now + 0.3)
        let band = try Self.band(s)
        if view == .width {
            // Scrolled to the page's end (as far as it goes): its bottom shows above the strip.
            let reading = try #require(s.app.reading)
            #expect(reading.zoom.isZoomed)
            while reading.scrollPage(down: true, at: s.app.animationTime) { s.run(until: s.now + 0.4) }
            s.run(until: s.now + 0.4)
            let frame = reading.book.layout.readingFrame
            let bottom = reading.zoom.current.apply(Point(x: frame.midX, y: frame.maxY))
            #expect(bottom.y <= band.minY + 0.5 && bottom.y > band.minY - 60, "the page's end at \(bottom.y), the strip from \(band.minY)")
        } else {
            let pages = Self.pagesRect(s)
            #expect(!Self.overlaps(pages, band), "pages \(pages), strip \(band)")
            #expect(pages.size.height > 0.6 * before.size.height, "the page still reads: \(pages) from \(before)")
            // The page number between the pages and the strip, or (the 3D book) left to the
            // strip's caption.
            let label = s.app.drawList().texts.first { $0.text.contains(" / 31") }
            if view != .book { #expect(label != nil) }
            if let label { #expect(label.position.y > pages.maxY && label.position.y < band.minY) }
        }
        s.send(.key(.escape)); s.run(until: s.now + 0.5)
        #expect(!s.app.strip.isShown && s.kinds.count == (view == .book ? 2 : 3), "Escape hid the strip only")
        if view != .width {
            let after = Self.pagesRect(s)
            #expect(abs(after.size.height - before.size.height) < 0.5 && abs(after.minY - before.minY) < 0.5)
        }
    }

    /// A notice (D, W) sits on the line under the page, clear of it and of the page number.
    @Test(arguments: [(1280.0, 800.0, Key.d), (1280.0, 800.0, Key.w), (800.0, 600.0, Key.d), (1920.0, 1080.0, Key.d)])
    func aNoticeNeverCoversThePage(width: Double, height: Double, key: Key) throws {
        let s = AppDriver(size: Size(width: width, height: height), books: 1, pages: 30)
        s.send(.key(.return)); s.run(until: 1.5)
        s.send(.key(.return)); s.run(until: 3)
        s.send(.key(key)); s.run(until: s.now + 0.5)
        // A turn brings the page number back for a second.
        s.send(.key(.right)); s.run(until: s.now + 0.5)
        let texts = s.app.drawList().texts
        let notice = try #require(texts.first { $0.text.hasPrefix(key == .d ? "Pages:" : "Fit:") })
        let label = try #require(texts.first { $0.text.contains(" / 31") })
        let box = Rect(x: notice.position.x, y: notice.position.y - notice.size * 0.7, width: notice.maxWidth, height: notice.size * 1.4)
        if key == .d { #expect(!Self.overlaps(box, Self.pagesRect(s)), "notice \(box), pages \(Self.pagesRect(s))") }
        if key == .w {
            // Fit width: the page runs past the window, so the line under the reading area
            // has a band of its own over it, and the page scrolls to its end above the band.
            let reading = try #require(s.app.reading)
            let footer = try #require(s.app.drawList().bands.first { $0.colour == BookScene.background }?.rect)
            #expect(footer.minX <= 0 && footer.maxX >= width && footer.maxY >= height - 0.5)
            #expect(footer.minY <= box.minY, "the notice on the band: \(box), band \(footer)")
            while reading.scrollPage(down: true, at: s.app.animationTime) { s.run(until: s.now + 0.4) }
            s.run(until: s.now + 0.4)
            let frame = reading.book.layout.readingFrame
            let end = reading.zoom.current.apply(Point(x: frame.midX, y: frame.maxY))
            #expect(abs(end.y - footer.minY) < 0.5, "the page's end at \(end.y) shows just above the band at \(footer.minY)")
        }
        // Clear of the page number (at most 200 points wide at this size).
        #expect(box.maxX < label.position.x - 100 * s.app.size.layoutUnit + 0.5)
        #expect(abs(notice.position.y - label.position.y) < 0.5)
    }
}
