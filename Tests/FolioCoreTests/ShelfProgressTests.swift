import Foundation
import Testing
@testable import FolioCore

/// How far each book was read, from its remembered place, and the bar under its cover on the
/// shelf: none for a book never opened, the part read for one being read, the whole bar in
/// green for one read to its end.
@Suite struct ShelfProgressTests {
    static func key(_ i: Int) -> BookKey { BookKey(path: "/books/\(i).cbz", size: Int64(100 + i)) }

    static func keeper(_ places: Places) -> PlaceKeeper {
        PlaceKeeper(places: places, path: { key($0).path }, key: { key($0) })
    }

    /// A book of 12 pages (the cover and 11 more), numbered as the reader counts.
    static let numbering = PageNumbering(count: 12)

    @Test func aBookNeverOpenedHasNoProgress() {
        #expect(ReadingProgress(page: nil, spread: nil, in: Self.numbering) == nil)
    }

    /// Page p of 12 is (p − 1)/11 read; the cover is none; the last spread (page 12, beside
    /// the back cover) is the end.
    @Test(arguments: [(1, 0.0, false), (2, 1.0 / 11, false), (6, 5.0 / 11, false), (11, 10.0 / 11, false),
                      (12, 1.0, true), (13, 1.0, true)])
    func aPlaceIsTheFractionOfTheBookRead(page: Int, fraction: Double, finished: Bool) throws {
        let progress = try #require(ReadingProgress(page: page, spread: nil, in: Self.numbering))
        #expect(abs(progress.fraction - fraction) < 1e-9)
        #expect(progress.finished == finished)
    }

    /// A file from before pages were kept has only the spread: its first page counts, and
    /// the last spread (or the back cover's past it) is the end.
    @Test func aSpreadAloneCountsItsFirstPage() throws {
        let third = try #require(ReadingProgress(page: nil, spread: 2, in: Self.numbering))
        #expect(abs(third.fraction - 5.0 / 11) < 1e-9 && !third.finished)
        let last = BookScene.leaf(showing: Self.numbering.lastDisplayPage)
        #expect(ReadingProgress(page: nil, spread: last, in: Self.numbering)?.finished == true)
        #expect(ReadingProgress(page: nil, spread: last + 1, in: Self.numbering)?.finished == true)
    }

    /// Books 0 (page 6 of 12), 1 (the last page) and 2 (never opened) on a shelf centred on
    /// book 1.
    static func app(pose: ShelfScene.Pose = .resting) -> FolioApp {
        var places = Places()
        places.remember(spread: 2, page: 6, of: key(0))
        places.remember(spread: 6, page: 12, of: key(1))
        places.remember(centred: key(1), on: .bundled)
        let app = FolioApp(library: .synthetic(books: 6, pages: 11), size: Size(width: 1280, height: 800), places: keeper(places))
        app.update(at: 0)
        return app
    }

    static func fills(_ layers: [Layer]) -> [(layer: Layer, colour: RGBA)] {
        layers.compactMap { layer in
            if case .fill(let colour) = layer.content { return (layer, colour) }
            return nil
        }
    }

    @Test func eachCoverHasTheBarOfItsBook() throws {
        let app = Self.app()
        let layers = app.shelf.layers()
        let covers = layers.filter { if case .cover = $0.content { return true } else { return false } }
        #expect(covers.map(\.content) == [.cover(book: 0), .cover(book: 1), .cover(book: 2)])
        func bar(after book: Int) -> [(layer: Layer, colour: RGBA)] {
            let start = try! #require(layers.firstIndex { $0.content == .cover(book: book) })
            let end = layers[(start + 1)...].firstIndex { if case .cover = $0.content { return true } else { return false } } ?? layers.endIndex
            return Self.fills(Array(layers[(start + 1)..<end]))
        }
        let cover = covers[0]
        // Book 0: the track as wide as its cover, the fill 5/11 of it, from its left.
        let reading = bar(after: 0)
        #expect(reading.map(\.colour) == [ShelfScene.trackColour, ShelfScene.fillColour])
        #expect(abs(reading[0].layer.size.width - cover.size.width) < 1e-9)
        #expect(abs(reading[1].layer.size.width - cover.size.width * 5 / 11) < 1e-9)
        // Book 1, read to its end: the whole bar, green. Book 2, never opened: none.
        let finished = bar(after: 1)
        #expect(finished.map(\.colour) == [ShelfScene.finishedColour])
        #expect(abs(finished[0].layer.size.width - covers[1].size.width) < 1e-9)
        #expect(bar(after: 2).isEmpty)
        // In the cover's plane: on screen just under its foot, its left edge on the cover's.
        for (cover, bar) in [(covers[0], reading[0].layer), (covers[0], reading[1].layer), (covers[1], finished[0].layer)] {
            let foot = try #require(cover.project(x: 0, y: cover.size.height))
            let top = try #require(bar.project(x: 0, y: 0))
            let right = try #require(cover.project(x: cover.size.width, y: cover.size.height))
            let scale = (right.x - foot.x) / cover.size.width
            #expect(abs(top.x - foot.x) < 1e-6)
            #expect(abs(top.y - (foot.y + ShelfScene.barGap * scale)) < 1e-6)
            #expect(bar.transform == cover.transform && bar.opacity == cover.opacity)
        }
    }

    /// A book the reader turned right to left (M, remembered), or every book with --rtl,
    /// fills its bar from the right, the way its pages go.
    @Test func aRightToLeftBookFillsFromTheRight() throws {
        var places = Places()
        places.remember(spread: 2, page: 6, settings: BookSettings(rightToLeft: true), of: Self.key(0))
        places.remember(spread: 2, page: 6, of: Self.key(1))
        let app = FolioApp(library: .synthetic(books: 3, pages: 11), size: Size(width: 1280, height: 800), places: Self.keeper(places))
        app.update(at: 0)
        func fill(ofBook book: Int) throws -> (track: Layer, fill: Layer) {
            let layers = app.shelf.layers()
            let start = try #require(layers.firstIndex { $0.content == .cover(book: book) })
            let bar = Self.fills(Array(layers[(start + 1)...].prefix(2)))
            try #require(bar.count == 2)
            return (bar[0].layer, bar[1].layer)
        }
        // The fill's right end on the track's: its anchor (the cover's centre) sits that much
        // further along it.
        let manga = try fill(ofBook: 0)
        #expect(abs(manga.fill.anchor.x * manga.fill.size.width - (manga.track.anchor.x * manga.track.size.width - (manga.track.size.width - manga.fill.size.width))) < 1e-9)
        let western = try fill(ofBook: 1)
        #expect(abs(western.fill.anchor.x * western.fill.size.width - western.track.anchor.x * western.track.size.width) < 1e-9)
        app.everyBookRightToLeft = true
        let turned = try fill(ofBook: 1)
        #expect(abs(turned.fill.anchor.x * turned.fill.size.width - manga.fill.anchor.x * manga.fill.size.width) < 1e-9)
    }

    /// The bars fade with their covers as a book opens; the centred cover's goes with it.
    @Test func theBarsFadeWithTheirCovers() {
        let app = Self.app()
        let pose = ShelfScene.Pose(otherCoversOpacity: 0.4, showsCentredCover: false, wordsOpacity: 0)
        let layers = app.shelf.layers(in: pose)
        for bar in Self.fills(layers) {
            let cover = layers.last { layer in
                if case .cover = layer.content { return layers.firstIndex(of: layer)! < layers.firstIndex(of: bar.layer)! }
                return false
            }
            #expect(bar.layer.opacity == cover?.opacity)
        }
        var list = DrawList(background: ShelfScene.background)
        app.shelf.draw(into: &list, in: pose)
        // Book 0's two layers stay, at 0.4; the centred book's bar is not drawn.
        #expect(Self.fills(list.layers).map(\.layer.opacity) == [0.4, 0.4])
    }

    /// Scripts and recordings remember nothing: their shelves have no bars.
    @Test func aShelfWithoutPlacesHasNoBars() {
        let app = FolioApp(library: .synthetic(books: 3, pages: 11), size: Size(width: 1280, height: 800))
        app.update(at: 0)
        #expect(Self.fills(app.shelf.layers()).isEmpty)
    }

    /// Closing a book shows its new place on the shelf at once.
    @Test func closingABookMovesItsBar() throws {
        let app = Self.app()
        var t = 0.0
        func run(_ seconds: Double) {
            for _ in 0..<Int(seconds * 60) {
                t += 1.0 / 60
                app.update(at: t)
            }
        }
        app.handle(.key(.left), at: t)
        run(1)
        #expect(app.shelf.centredIndex == 0)
        app.handle(.key(.return), at: t)
        run(1.5)
        app.handle(.key(.end), at: t)
        run(1.5)
        app.handle(.key(.escape), at: t)
        run(1.5)
        #expect(app.navigation.scenes.count == 1)
        #expect(app.shelf.readings?.progress(ofBook: 0)?.finished == true)
        let bars = Self.fills(app.shelf.layers())
        #expect(bars.first?.colour == ShelfScene.finishedColour)
    }
}
