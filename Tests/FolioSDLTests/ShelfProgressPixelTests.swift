import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioSDL

/// The shelf's progress bars as the renderer draws them: the part read in the light fill,
/// the rest of the track darker, a finished book's bar green, an unopened book's cover bare.
/// With FOLIO_TEST_PNG_DIR set, the frame is also written there as shelf-progress.png.
@Suite(.serialized)
struct ShelfProgressPixelTests {
    static func key(_ i: Int) -> BookKey { BookKey(path: "/books/\(i).cbz", size: Int64(100 + i)) }

    @Test func theBarsShowHowFarEachBookWasRead() throws {
        let library = RendererTests.library
        try #require(library.books.count >= 3)
        var places = Places()
        // Aurora (12 pages) at page 6: 5/11 read; the second book at its last page; the third
        // never opened; the second centred.
        places.remember(spread: 2, page: 6, of: Self.key(0))
        places.remember(spread: 0, page: library.books[1].numbering.count, of: Self.key(1))
        places.remember(centred: Self.key(1), on: .bundled)
        let keeper = PlaceKeeper(places: places, path: { Self.key($0).path }, key: { Self.key($0) })
        let app = FolioApp(library: library, size: RendererTests.size, places: keeper)
        app.update(at: 0)
        #expect(app.shelf.centredIndex == 1)
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 1280, height: 800)
        let rgb = try canvas.settledFrame(app)
        if let dir = ProcessInfo.processInfo.environment["FOLIO_TEST_PNG_DIR"] {
            try HeadlessCanvas.writePNG(rgb, width: 1280, height: 800, to: dir + "/shelf-progress.png")
        }
        func colour(_ c: RGBA) -> [Double] { [c.r * 255, c.g * 255, c.b * 255] }
        // Each bar lies 7…11.5 points under its cover's foot (284 points below its centre),
        // scaled with the cover: the centred one's (scale 0.7) whole and green.
        func barY(scale: Double) -> Int { Int(400 + (284 + 9.25) * scale) }
        for x in [540, 640, 740] {
            #expect(RendererTests.close(canvas.pixel(x: x, y: barY(scale: 0.7)), colour(ShelfScene.finishedColour), tolerance: 24))
        }
        // The book to its left (scale 0.7 · 0.75, 372 points left): the fill up to 5/11 of
        // the track, then the track, lighter than the background.
        let s = 0.7 * 0.75, y = barY(scale: s)
        let left = 640 - 372 - 181 * s, width = 362 * s
        #expect(RendererTests.close(canvas.pixel(x: Int(left + width * 0.2), y: y), colour(ShelfScene.fillColour), tolerance: 24))
        #expect(RendererTests.close(canvas.pixel(x: Int(left + width * 0.5), y: y), RendererTests.background, tolerance: 12) == false)
        let track = canvas.pixel(x: Int(left + width * 0.8), y: y)
        let background = RendererTests.background
        #expect(Double(track.r) > background[0] + 20 && Double(track.r) < background[0] + 60)
        // The book to the right was never opened: no bar under it.
        #expect(RendererTests.close(canvas.pixel(x: 1012, y: y), background, tolerance: 3))

        // As the centred book opens, the other covers fade, their bars with them.
        let lit = canvas.pixel(x: Int(left + width * 0.2), y: y)
        app.handle(.key(.return), at: 0)
        var t = 0.0
        for _ in 0..<15 {
            t += 1.0 / 60
            app.update(at: t)
        }
        #expect(app.transition != nil)
        let opening = try canvas.settledFrame(app)
        if let dir = ProcessInfo.processInfo.environment["FOLIO_TEST_PNG_DIR"] {
            try HeadlessCanvas.writePNG(opening, width: 1280, height: 800, to: dir + "/shelf-progress-opening.png")
        }
        let dimmed = canvas.pixel(x: Int(left + width * 0.2), y: y)
        #expect(Int(dimmed.r) < Int(lit.r) - 20 && Int(dimmed.r) > Int(background[0]))
    }
}
