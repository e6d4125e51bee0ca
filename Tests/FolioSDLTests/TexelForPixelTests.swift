import FolioTestFixtures
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSamples
@testable import FolioSDL

/// A column's pages at 1280×800 are made at the size they are drawn and drawn texel for
/// pixel from a whole pixel, unfiltered: the picture is the filtered one, exactly.
@Suite(.serialized)
struct TexelForPixelTests {
    /// Decoder workers of their own: the PDFs these tests open stay kept in them, not in the
    /// workers the other suites share (a worker keeping documents has less room to decode).
    static let decoder: DecoderSandbox = {
        do { return try DecoderSandbox(executable: DecoderSandboxTests.worker) } catch { fatalError("\(error)") }
    }()

    /// A four-page text PDF in a temporary folder (removed by the caller), loaded.
    static func textPDF() throws -> (Library, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-texels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let text = Dictionary(uniqueKeysWithValues: (0..<4).map { page in (page, (1...30).map { "Page \(page + 1), line \($0): ink to compare" }) })
        let pdf = dir.appendingPathComponent("text.pdf")
        try PDFWriter.document(pages: 4, width: 595, height: 842, title: "Texels", text: text).write(to: pdf)
        return (try LibraryLoader.load(pdf.path, decoder: Self.decoder).library, dir)
    }

    /// The PDF opened as `folio BOOK` opens it, its column at rest at 1280×800.
    static func column(_ library: Library, time t: inout Double) -> FolioApp {
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        app.update(at: t)
        app.read(book: 0, atPage: nil, at: t)
        for _ in 0..<240 where !(app.reading?.isContinuous == true && app.transition == nil && app.isAtRest) {
            t += 1.0 / 60
            app.update(at: t)
        }
        return app
    }

    @Test func aColumnsPagesAreDrawnTexelForPixel() throws {
        let (library, dir) = try Self.textPDF()
        defer { try? FileManager.default.removeItem(at: dir) }
        let canvas = try HeadlessCanvas(library: library, decoder: Self.decoder, width: 1280, height: 800)
        var t = 0.0
        let app = Self.column(library, time: &t)
        #expect(app.reading?.isContinuous == true)
        // A third of a notch: the pages lie between whole pixels.
        app.handle(.wheel(dx: 0, dy: -0.37), at: t)
        for _ in 0..<60 {
            t += 1.0 / 60
            app.update(at: t)
        }
        try canvas.draw(app)
        let list = app.drawList()
        let renderer = canvas.renderer
        var fractional = false
        for layer in list.layers {
            let entry = try #require(renderer.texture(for: layer))
            let bleed = renderer.bleed(of: layer, texture: entry)
            let origin = renderer.pixelOrigin(of: layer, texture: entry, bleed: bleed)
            #expect(origin != nil, "page \(layer.content) at \(layer.position), texture \(entry.width)×\(entry.height)")
            if let top = layer.project(x: -bleed, y: -bleed), abs(top.y - top.y.rounded()) > 0.05 { fractional = true }
        }
        #expect(fractional, "no page lay between whole pixels: the test would not show a misplaced page")
        var unfiltered: [UInt8] = [], filtered: [UInt8] = []
        canvas.readRGB(into: &unfiltered)
        renderer.strategy = DrawingStrategy(samplesSquarePagesUnfiltered: false)
        try canvas.draw(app)
        canvas.readRGB(into: &filtered)
        renderer.strategy = DrawingStrategy()
        #expect(unfiltered.count == filtered.count)
        let differing = zip(unfiltered, filtered).filter { abs(Int($0) - Int($1)) > 2 }.count
        #expect(differing == 0, "\(differing) channels differ")
        // Ink is there to compare: dark pixels on the pages.
        let ink = stride(from: 0, to: unfiltered.count - 2, by: 3).filter { unfiltered[$0] < 100 && unfiltered[$0 + 1] < 100 }.count
        #expect(ink > 500, "\(ink) dark pixels")
    }

    /// Pages decoded in the background while the column scrolls are made in bands; drawn,
    /// they are the pages made whole, pixel for pixel.
    @Test func aPageMadeInBandsDrawsAsThePageMadeWhole() throws {
        let (library, dir) = try Self.textPDF()
        defer { try? FileManager.default.removeItem(at: dir) }
        let banded = try HeadlessCanvas(library: library, decoder: Self.decoder, width: 1280, height: 800, backgroundDecoding: true)
        let whole = try HeadlessCanvas(library: library, decoder: Self.decoder, width: 1280, height: 800)
        var t = 0.0
        let app = Self.column(library, time: &t)
        // The column kept moving (a small step down each frame, drawn as the viewer draws;
        // 600 of them stay within the four pages) until one of its pages has come in bands
        // (not a stand-in: the book's own pages may have too, as it opened).
        // Display pages and the images the renderer draws for them.
        let sources = (0..<4).map { library.image(for: .page(book: 0, page: $0)) }
        func inBands() -> Int? {
            sources.indices.first { i in
                // Made at the column's size (a page made for the first frame's size, before the
                // column's was adopted, is made again once on screen, whole).
                sources[i].map { source in
                    let textures = banded.renderer.textures
                    let aspect = banded.renderer.aspect(of: .page(book: 0, page: i))
                    return textures.isReady(source, side: .alone, aspect: aspect)
                        && (textures.store.entry(.image(source, .alone))?.bands.count ?? 0) > 1
                } ?? false
            }
        }
        for frame in 0..<600 where inBands() == nil {
            t += 1.0 / 60
            app.handle(.wheel(dx: 0, dy: -0.05), at: t)
            app.update(at: t)
            try banded.draw(app)
            if frame % 4 == 0 { banded.renderer.waitForTextures(timeout: 0.05) }
        }
        // Then to the top of a page made in bands (the column may have glided past the one
        // seen).
        let page = try #require(inBands(), "no page of the column was made in bands")
        app.reading?.go(toPage: page, arriving: .top, at: t)
        for _ in 0..<120 {
            t += 1.0 / 60
            app.update(at: t)
        }
        try #require(waitUntil("the pages on screen at their size") {
            banded.renderer.waitForTextures(timeout: 0.1)
            try? banded.draw(app)
            let work = banded.renderer.lastTextureWork
            return banded.renderer.texturesSettled && work.lowres == 0 && work.waiting == 0
        })
        let entries = app.drawList().layers.compactMap { banded.renderer.texture(for: $0) }
        let found = sources[page].flatMap { banded.renderer.textures.store.entry(.image($0, .alone)) }
        #expect(entries.contains { $0.bands.count > 1 }, """
            the page made in bands (\(page)) is not on screen: on screen \(app.drawList().layers.map(\.content)), \
            bands \(entries.map(\.bands.count)), sizes \(entries.map { "\($0.width)×\($0.height)" }); \
            page \(page) now \(found.map { "\($0.bands.count) bands, \($0.width)×\($0.height)" } ?? "not held")
            """)
        var bandedPixels: [UInt8] = [], wholePixels: [UInt8] = []
        banded.readRGB(into: &bandedPixels)
        try whole.draw(app)
        whole.readRGB(into: &wholePixels)
        let differing = zip(bandedPixels, wholePixels).filter { abs(Int($0) - Int($1)) > 2 }.count
        #expect(differing == 0, "\(differing) channels differ")
    }
}
