import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSDL

/// A double-page image spans its spread: its left half on the left page and its right half
/// on the right, meeting at the spine, in the 3D book and flat in the reading view.
@Suite(.serialized) struct SpreadPixelTests {
    /// A folder book: a grey cover, a white page, a 1200×900 spread (red left half, blue
    /// right half) and a white page, all pages 600×900.
    static func spreadBook() throws -> (URL, Library) {
        let dir = try HeadlessCanvas.temporaryFolder("spread")
        func page(_ name: String, width: Int, colour: (Int) -> [UInt8]) throws {
            var rgb: [UInt8] = []
            rgb.reserveCapacity(width * 900 * 3)
            for _ in 0..<900 { for x in 0..<width { rgb += colour(x) } }
            try HeadlessCanvas.writePNG(rgb, width: Int32(width), height: 900, to: dir.appendingPathComponent(name).path)
        }
        try page("p1.png", width: 600) { _ in [128, 128, 128] }
        try page("p2.png", width: 600) { _ in [255, 255, 255] }
        try page("p3.png", width: 1200) { $0 < 600 ? [220, 30, 30] : [30, 30, 220] }
        try page("p4.png", width: 600) { _ in [255, 255, 255] }
        let loaded = try LibraryLoader.load(dir.path).library
        return (dir, BookShapes.measured(loaded, decoder: TestDecoding.workers))
    }

    /// The colour drawn at (fx, fy) of display page `page`'s layer, as fractions of its size.
    static func colour(_ rgb: [UInt8], _ app: FolioApp, page: Int, fx: Double, fy: Double = 0.5) throws -> (r: Int, g: Int, b: Int) {
        let layer = try #require(app.drawList().layers.first { $0.content == .page(book: 0, page: page) })
        let p = try #require(layer.project(x: layer.size.width * fx, y: layer.size.height * fy))
        let i = (Int(p.y) * 1280 + Int(p.x)) * 3
        return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
    }

    /// Red across the left page up to the spine, blue across the right page from it.
    static func expectHalves(_ rgb: [UInt8], _ app: FolioApp, _ view: String) throws {
        for fx in [0.1, 0.5, 0.97] {
            let c = try colour(rgb, app, page: 3, fx: fx)
            #expect(c.r > 2 * c.b && c.r > 100, "\(view): left page at \(fx) is \(c), not the spread's red half")
        }
        for fx in [0.03, 0.5, 0.9] {
            let c = try colour(rgb, app, page: 4, fx: fx)
            #expect(c.b > 2 * c.r && c.b > 100, "\(view): right page at \(fx) is \(c), not the spread's blue half")
        }
    }

    @Test func aSpreadsHalvesLieOnTwoPagesInBothViews() throws {
        let (dir, library) = try Self.spreadBook()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(library.books.first?.spreads == [1])
        // The spread would start on a right page after the first page: a blank goes first.
        #expect(library.books[0].image(forPage: 2) == nil)
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 1280, height: 800)
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        var t = 0.0
        app.update(at: t)
        app.handle(.key(.return), at: t)
        ZoomRenderingTests.advance(app, from: &t, seconds: 1.4)
        app.book?.settle(onLeaf: 0)
        app.handle(.key(.right), at: t)
        ZoomRenderingTests.advance(app, from: &t, seconds: 1.0)
        #expect(app.book?.currentLeaf == 1)
        #expect(app.drawList().texts.contains { $0.text == "3 / 4" })
        try Self.expectHalves(try canvas.settledFrame(app), app, "3D book")
        app.handle(.key(.return), at: t)
        ZoomRenderingTests.advance(app, from: &t, seconds: 0.8)
        #expect(app.navigation.top.kind == .reading)
        try Self.expectHalves(try canvas.settledFrame(app), app, "reading view")
    }
}
