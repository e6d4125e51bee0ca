import CSDL2
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSDL

/// Pages are fitted whole onto paper of the book's shape (letterboxed, never cropped), and
/// a folder of landscape photos becomes a landscape book.
@Suite struct PageFitTests {
    /// A `width`×`height` PNG: red, with a one-pixel blue frame, so a crop would lose blue.
    static func framedPNG(width: Int32, height: Int32, at path: String) throws {
        var rgb = [UInt8](repeating: 0, count: Int(width * height) * 3)
        for y in 0..<Int(height) {
            for x in 0..<Int(width) {
                let edge = x == 0 || y == 0 || x == Int(width) - 1 || y == Int(height) - 1
                let i = (y * Int(width) + x) * 3
                (rgb[i], rgb[i + 1], rgb[i + 2]) = edge ? (0, 0, 255) : (255, 0, 0)
            }
        }
        try HeadlessCanvas.writePNG(rgb, width: width, height: height, to: path)
    }

    static func pixel(_ page: PagePixels, _ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        let p = page.pixel(x + Int(PageImage.margin), y + Int(PageImage.margin))
        return (Int(p.r), Int(p.g), Int(p.b), Int(p.a))
    }

    static func isPaper(_ p: (Int, Int, Int, Int)) -> Bool {
        abs(p.0 - Int(PageImage.paper.r)) <= 2 && abs(p.1 - Int(PageImage.paper.g)) <= 2 && abs(p.2 - Int(PageImage.paper.b)) <= 2 && p.3 == 255
    }

    /// A 2:1 picture on a 200×300 portrait page: 200×100 of picture in the middle, paper
    /// above and below, the blue frame on every side (nothing cropped). Through libvips
    /// (PNG) and through SDL_image's path (BMP), which must agree.
    @Test(arguments: ["png", "bmp"])
    func aLandscapePictureIsLetterboxedOnAPortraitPage(kind: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-fit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("wide.png").path
        try Self.framedPNG(width: 400, height: 200, at: png)
        var path = png
        if kind == "bmp" {
            let surface = try #require(IMG_Load(png))
            path = dir.appendingPathComponent("wide.bmp").path
            #expect(SDL_SaveBMP_RW(surface, SDL_RWFromFile(path, "wb"), 1) == 0)
        }
        let shape = PageImage.Shape(width: 200, height: 300, radius: 0, side: .right)
        let page = try PageImage.make(.file(path), decoder: TestDecoding.workers, shape: shape).get()
        // Paper above and below the picture, the full page width.
        for x in [0, 100, 199] {
            #expect(Self.isPaper(Self.pixel(page, x, 10)), "\(Self.pixel(page, x, 10)) at \(x), 10")
            #expect(Self.isPaper(Self.pixel(page, x, 290)))
        }
        // The picture: red in the middle, reaching both sides of the page (its blue frame
        // blends in at the edges, so nothing of it was cut).
        let middle = Self.pixel(page, 100, 150)
        #expect(middle.0 > 240 && middle.1 < 15 && middle.2 < 15)
        for x in [0, 199] { #expect(Self.pixel(page, x, 150).2 > 60, "\(Self.pixel(page, x, 150)) at \(x)") }
        // Its top and bottom rows sit at 100 and 199.
        #expect(Self.pixel(page, 100, 100).2 > 60 && Self.pixel(page, 100, 199).2 > 60)
        #expect(Self.isPaper(Self.pixel(page, 100, 97)) && Self.isPaper(Self.pixel(page, 100, 202)))
    }

    /// A folder of landscape photos is a landscape book; a folder of the bundled art's shape
    /// keeps the tutorial's page exactly.
    @Test func aFolderOfLandscapePhotosIsALandscapeBook() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-shape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Trip"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Tall"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for i in 1...4 {
            try Self.framedPNG(width: 300, height: 200, at: dir.appendingPathComponent("Trip/photo-\(i).png").path)
            try Self.framedPNG(width: 181, height: 284, at: dir.appendingPathComponent("Tall/page-\(i).png").path)
        }
        let library = BookShapes.measured(try LibraryLoader.load(dir.path).library, decoder: TestDecoding.workers)
        // Measured on a thread of its own while the window opens (`folio view`): the same shapes.
        #expect(BookShapes.Measuring(try LibraryLoader.load(dir.path).library, decoder: TestDecoding.workers).wait() == library)
        let trip = try #require(library.books.first { $0.title == "Trip" })
        let tall = try #require(library.books.first { $0.title == "Tall" })
        #expect(abs((trip.pageAspect ?? 0) - 1.5) < 1e-9)
        #expect(trip.pageShape.width > trip.pageShape.height)
        #expect(tall.pageAspect == nil && tall.pageShape == PageGeometry.size)

        // Past the load's budget of headers a book keeps no shape until it is opened: then the
        // app asks its host for it once (the live viewer measures it off the window's thread,
        // the recorder before the next frame) and takes it when it comes.
        let loaded = try LibraryLoader.load(dir.path).library
        let first = try #require(loaded.books.firstIndex { $0.title == "Tall" }), second = 1 - first
        let budgeted = BookShapes.measured(loaded, decoder: TestDecoding.workers, headers: 3)
        #expect(budgeted.books[first].pageAspect == nil && budgeted.books[second].pageAspect == nil, "Tall is read first and has no shape")
        #expect(loaded.books[second].title == "Trip")
        let app = FolioApp(library: budgeted, size: Size(width: 1280, height: 800))
        app.update(at: 0)
        app.open(book: second, atPage: 1, at: 0)
        // Open at once with the tutorial's shape: nothing was measured on the way in.
        #expect(app.library.books[second].pageAspect == nil && app.book?.layout.pageShape == PageGeometry.size)
        let wanted = app.takeShapesWanted()
        #expect(wanted.map(\.index) == [second] && app.takeShapesWanted().isEmpty)
        app.adopt(shape: BookShapes.shaped(wanted[0].book, decoder: TestDecoding.workers), ofBook: second)
        #expect(abs((app.library.books[second].pageAspect ?? 0) - 1.5) < 1e-9)
        #expect(app.book?.layout.pageShape == app.library.books[second].pageShape, "the open book takes its shape")
        app.update(at: 2)
        app.handle(.key(.escape), at: 2)
        app.update(at: 4)
        app.open(book: second, atPage: 1, at: 4)
        #expect(app.takeShapesWanted().isEmpty, "asked for once")
    }
}
