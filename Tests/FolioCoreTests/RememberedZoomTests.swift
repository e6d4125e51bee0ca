import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// The zoom a book's reading view was left at is remembered with its place (over the fit's,
/// about a place on the page) and comes back the next time the book lies flat, after a
/// relaunch too; a book left at its fit writes nothing new, and a zoom from a hostile state
/// file is checked before it is used.
@Suite struct RememberedZoomTests {
    /// A viewer of two 12-page books over `store`, started from the file as it is now.
    static func launch(_ store: PlaceStore) -> (AppDriver, PlaceKeeper) {
        let keeper = PlaceKeeper(places: store.load().places, path: { RememberedPlaceTests.key($0).path },
                                 key: { RememberedPlaceTests.key($0) })
        return (AppDriver(books: 2, pages: 12, places: keeper), keeper)
    }

    /// Opens the centred book and lays it flat; the reading view, at rest.
    static func layFlat(_ s: AppDriver) throws -> ReadingScene {
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        let reading = try #require(s.app.reading)
        #expect(s.kinds == [.shelf, .book, .reading] && s.app.transition == nil && !reading.zoom.isAnimating)
        return reading
    }

    /// Quits as the live viewer does: the places remembered, and written when they changed.
    static func quit(_ s: AppDriver, _ keeper: PlaceKeeper, _ store: PlaceStore) throws {
        s.app.rememberPlace()
        if keeper.needsSaving { try store.save(keeper.places) }
    }

    /// The first book's line in the state file.
    static func line(_ store: PlaceStore) throws -> String {
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        let line = text.split(separator: "\n").first { $0.contains("\"path\":\"/books/0.cbz\"") && $0.contains("\"spread\":") }
        return try #require(line).trimmingCharacters(in: CharacterSet(charactersIn: ","))
    }

    static func near(_ a: ScreenTransform, _ b: ScreenTransform, points: Double = 1) -> Bool {
        abs(a.scale - b.scale) < 1e-3 && abs(a.offset.x - b.offset.x) < points && abs(a.offset.y - b.offset.y) < points
    }

    /// Zoomed to 2× about a point off the centre and panned, the view is left by quitting or
    /// by Escape (the app quitting while the view closes keeps the zoom it closed at); after
    /// a relaunch the book lies flat at the same zoom, at the same place.
    @Test(arguments: [false, true])
    func aZoomComesBackAfterARelaunch(closedFirst: Bool) throws {
        let (store, dir) = try PlaceStoreTests.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (s, keeper) = Self.launch(store)
        let reading = try Self.layFlat(s)
        s.send(.pointerMoved(Point(x: 1000, y: 300)))
        s.send(.key(.equals)); s.send(.key(.equals))
        s.run(until: s.now + 0.5)
        let t = s.now
        s.run(until: t + 0.3, events: [
            (t + 0.02, .pointerDown(Point(x: 700, y: 400))),
            (t + 0.04, .pointerMoved(Point(x: 640, y: 450))),
            (t + 0.06, .pointerUp(Point(x: 640, y: 450))),
        ])
        let left = reading.zoom.target
        #expect(abs(left.scale - 2) < 1e-9)
        if closedFirst {
            s.send(.key(.escape)); s.run(until: s.now + 0.1)
            #expect(s.app.transition?.operation == .pop && !reading.zoom.isZoomed)
        }
        try Self.quit(s, keeper, store)
        let line = try Self.line(store)
        #expect(line.contains("\"zoom\":{\"scale\":2,"), "\(line)")

        let (again, _) = Self.launch(store)
        let restored = try Self.layFlat(again)
        #expect(Self.near(restored.zoom.target, left), "\(restored.zoom.target) vs \(left)")
        #expect(restored.zoom.current == restored.zoom.target)
        #expect(ZoomTests.isClamped(restored.zoom.current, spread: restored.zoom.spread, window: restored.viewport))
    }

    /// Within one run the zoom comes back too, when the book is laid flat again: kept with
    /// the place, or for the session alone when nothing is remembered (scripts, --no-remember).
    @Test(arguments: [false, true])
    func aZoomComesBackWhenTheBookLiesFlatAgain(remembering: Bool) throws {
        let keeper = remembering ? RememberedPlaceTests.keeper() : nil
        let s = AppDriver(books: 2, pages: 12, places: keeper)
        let reading = try Self.layFlat(s)
        for _ in 0..<3 { s.send(.key(.equals)) }
        s.run(until: s.now + 0.5)
        let left = reading.zoom.target
        s.send(.key(.escape)); s.run(until: s.now + 1.5)
        #expect(s.kinds == [.shelf, .book] && s.app.reading == nil)
        s.send(.key(.return)); s.run(until: s.now + 1.5)
        let again = try #require(s.app.reading)
        #expect(Self.near(again.zoom.target, left))
        #expect(keeper?.places.settings(of: RememberedPlaceTests.key(0)).zoom?.scale == (remembering ? 2.8284 : nil))
    }

    /// In fit width the zoom is remembered over the fit's own: one step in is √2 (to 4
    /// places), and the book comes back in fit width one step in.
    @Test func inFitWidthTheZoomIsRememberedOverTheFit() throws {
        let (store, dir) = try PlaceStoreTests.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (s, keeper) = Self.launch(store)
        let reading = try Self.layFlat(s)
        s.send(.key(.w)); s.run(until: s.now + 0.5)
        let fit = reading.fitTransform(top: true).scale
        #expect(fit > 1 && fit * BookZoom.stepFactor < BookZoom.maxScale)
        s.send(.key(.equals)); s.run(until: s.now + 0.5)
        #expect(abs(reading.zoom.target.scale - fit * BookZoom.stepFactor) < 1e-9)
        try Self.quit(s, keeper, store)
        let line = try Self.line(store)
        #expect(line.contains("\"fit\":\"width\"") && line.contains("\"scale\":1.4142"), "\(line)")
        let (again, _) = Self.launch(store)
        let restored = try Self.layFlat(again)
        #expect(restored.fit == .width)
        #expect(abs(restored.zoom.target.scale - fit * 1.4142) < 1e-9)
    }

    /// A book left at its fit (zoomed and back with 0, or turned while zoomed, which goes
    /// back to the fit) writes the line it wrote before there was a zoom; one that had a zoom
    /// forgets it.
    @Test(arguments: [FitMode.page, .width])
    func aBookLeftAtItsFitWritesNoZoom(fit: FitMode) throws {
        let (store, dir) = try PlaceStoreTests.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        var zoomed = Places()
        zoomed.remember(spread: 0, settings: BookSettings(zoom: RememberedZoom(scale: 2, x: 0.3, y: 0.7)), of: RememberedPlaceTests.key(0))
        try store.save(zoomed)
        for leave in [[InputEvent.key(.zero)], [.key(.equals), .key(.zero)], [.key(.equals), .key(.right)]] {
            let (s, keeper) = Self.launch(store)
            let reading = try Self.layFlat(s)
            if fit == .width, reading.fit != .width { s.send(.key(.w)); s.run(until: s.now + 0.5) }
            for event in leave {
                s.send(event); s.run(until: s.now + 1.2)
            }
            #expect(reading.zoom.target == reading.zoom.clamped(reading.fitTransform(top: true)))
            try Self.quit(s, keeper, store)
            let page = try #require(reading.book.pageNumber(in: s.app.library.books[0].numbering))
            let spread = "\"page\":\(page),\"path\":\"/books/0.cbz\",\"size\":100,\"spread\":\(reading.book.currentLeaf)"
            #expect(try Self.line(store) == (fit == .page ? "{\(spread)}" : "{\"fit\":\"width\",\(spread)}"))
        }
    }

    /// A zoom in the state file is used only when each number is finite and in range (and
    /// not the fit's own); anything else is no zoom, and the book keeps its place and fit.
    @Test(arguments: [
        "{\"scale\":1e999,\"x\":0.5,\"y\":0.5}", "{\"scale\":-2,\"x\":0.5,\"y\":0.5}", "{\"scale\":0,\"x\":0.5,\"y\":0.5}",
        "{\"scale\":4.5,\"x\":0.5,\"y\":0.5}", "{\"scale\":0.2,\"x\":0.5,\"y\":0.5}", "{\"scale\":1,\"x\":0.5,\"y\":0.5}",
        "{\"scale\":1.00004,\"x\":0.5,\"y\":0.5}", "{\"scale\":1e-400,\"x\":0.5,\"y\":0.5}",
        "{\"scale\":2,\"x\":1.5,\"y\":0.5}", "{\"scale\":2,\"x\":0.5,\"y\":-0.1}", "{\"scale\":2,\"x\":0.5,\"y\":1e308}",
        "{\"scale\":2,\"x\":0.5}", "{\"scale\":\"2\",\"x\":0.5,\"y\":0.5}", "{\"scale\":2,\"x\":null,\"y\":0.5}",
        "{\"scale\":[2],\"x\":{},\"y\":true}", "\"2\"", "2", "[2,0.5,0.5]", "null", "true", "{}",
    ])
    func aHostileZoomIsIgnored(zoom: String) throws {
        let file = "{\"version\":1,\"books\":[{\"path\":\"/books/0.cbz\",\"size\":100,\"spread\":3,\"fit\":\"width\",\"zoom\":\(zoom)}]}"
        let places = try Places.parse(Data(file.utf8), name: "places.json")
        let settings = places.settings(of: RememberedPlaceTests.key(0))
        #expect(places.spread(of: RememberedPlaceTests.key(0)) == 3 && settings.fit == .width)
        #expect(settings.zoom == nil)
        #expect(!String(decoding: places.encoded(), as: UTF8.self).contains("zoom"))
    }

    @Test func numbersAreCheckedBeforeTheyAreKept() {
        for bad in [Double.nan, .infinity, -.infinity, .signalingNaN] {
            #expect(RememberedZoom(scale: bad, x: 0.5, y: 0.5) == nil)
            #expect(RememberedZoom(scale: 2, x: bad, y: 0.5) == nil)
            #expect(RememberedZoom(scale: 2, x: 0.5, y: bad) == nil)
        }
        #expect(RememberedZoom(scale: 1 + 1e-9, x: 0.5, y: 0.5) == nil, "the fit's own")
        let kept = RememberedZoom(scale: 2.0.squareRoot(), x: 1 / 3, y: 1)
        #expect(kept?.scale == 1.4142 && kept?.x == 0.3333 && kept?.y == 1)
    }

    /// The largest zoom a file may hold, over a fit width that is already larger than the
    /// whole page, is clamped to 4× as it comes back, at the page's corner, with no empty
    /// window beyond the page.
    @Test(arguments: [(0.0, 0.0), (1.0, 1.0), (1.0, 0.0)])
    func aRememberedZoomComesBackClamped(x: Double, y: Double) throws {
        var places = Places()
        let zoom = try #require(RememberedZoom(scale: 4, x: x, y: y))
        places.remember(spread: 2, settings: BookSettings(fit: .width, zoom: zoom), of: RememberedPlaceTests.key(0))
        let s = AppDriver(books: 2, pages: 12, places: RememberedPlaceTests.keeper(places))
        let reading = try Self.layFlat(s)
        #expect(reading.fit == .width && reading.book.currentLeaf == 2)
        #expect(reading.zoom.target.scale == BookZoom.maxScale)
        #expect(ZoomTests.isClamped(reading.zoom.target, spread: reading.zoom.spread, window: reading.viewport))
        let corner = reading.zoom.target.unapply(Point(x: x * 1280, y: y * reading.viewport.height))
        let frame = reading.book.layout.readingFrame
        #expect(abs(corner.x - (frame.minX + x * frame.size.width)) < 1e-6 && abs(corner.y - (frame.minY + y * frame.size.height)) < 1e-6)
    }
}

extension RememberedZoomTests {
    /// The state file's fuzzing seeds all read (but the newer Folio's, which is refused);
    /// the one with zooms keeps its two good ones.
    @Test func theFuzzSeedsRead() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/FuzzPlaces")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.contains("zoom.json"))
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            if Places.isNewer(data) {
                #expect(throws: FolioError.self) { try Places.parse(data, name: name) }
                continue
            }
            let places = try Places.parse(data, name: name)
            guard name == "zoom.json" else { continue }
            #expect(places.books.count == 4)
            #expect(places.books.map(\.settings.zoom) == [RememberedZoom(scale: 1.4142, x: 0.5, y: 0.25),
                                                          RememberedZoom(scale: 4, x: 1, y: 0), nil, nil])
            #expect(try Places.parse(places.encoded(), name: name) == places)
        }
    }
}
