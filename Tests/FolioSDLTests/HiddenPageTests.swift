import Foundation
import Testing
@testable import FolioBench
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioSDL

/// Leaving out what the pages over a page hide, and blending only the pages' edges, changes
/// no pixel of the frame and fills each pixel about once: frames through the shelf, the opening, an open book, a turn and the
/// closing, drawn with the hidden parts culled and drawn whole, compared pixel by pixel.
@Suite(.serialized)
struct HiddenPageTests {
    static let size = Size(width: 1280, height: 800)

    /// Moments of the bundled library's first book, by what is done first: seconds of
    /// animation after it.
    enum Moment: String, CaseIterable {
        case shelf, opening, open, turning, closing, zoomed

        func drive(_ app: FolioApp, _ t: inout Double) {
            func run(_ seconds: Double) {
                for _ in 0..<Int((seconds * 60).rounded()) { t += 1.0 / 60; app.update(at: t) }
            }
            app.update(at: t)
            if self == .shelf { run(0.5); return }
            app.handle(.key(.return), at: t)
            if self == .opening { run(0.25); return }
            run(1.5)
            for _ in 0..<2 { app.handle(.key(.right), at: t); run(0.6) }
            switch self {
            case .turning: app.handle(.key(.right), at: t); run(0.18)
            case .closing: app.handle(.key(.escape), at: t); run(0.3)
            case .zoomed: app.handle(.key(.equals), at: t); run(0.8)
            default: break
            }
        }
    }

    /// The frame at `moment` as RGB, and its overdraw.
    static func frame(_ moment: Moment, library: Library, culling: Bool, pixelScale: Double = 1) throws -> (rgb: [UInt8], overdraw: Double) {
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: Int(size.width), height: Int(size.height), pixelScale: pixelScale)
        // Culled: hidden parts left out and only edges blended; else the same meshes drawn
        // whole and blended throughout.
        canvas.renderer.strategy = DrawingStrategy(hiddenParts: culling ? .cut : .drawn, blendsOnlyEdges: culling)
        let app = FolioApp(library: library, size: size)
        var t = 0.0
        moment.drive(app, &t)
        let probe = CoverageProbe(width: Int(size.width * pixelScale), height: Int(size.height * pixelScale))
        canvas.renderer.probe = probe
        try canvas.draw(app)
        var rgb: [UInt8] = []
        canvas.readRGB(into: &rgb)
        return (rgb, probe.coverage.overdraw)
    }

    @Test(arguments: Moment.allCases.map { ($0, 1.0) } + [(.open, 2.0), (.turning, 2.0)])
    func cullingChangesNoPixel(moment: Moment, pixelScale: Double) throws {
        let library = RendererTests.library
        let whole = try Self.frame(moment, library: library, culling: false, pixelScale: pixelScale)
        let culled = try Self.frame(moment, library: library, culling: true, pixelScale: pixelScale)
        #expect(whole.rgb.count == culled.rgb.count)
        var differing = 0, worst = 0
        for i in stride(from: 0, to: min(whole.rgb.count, culled.rgb.count), by: 3) {
            let d = (0..<3).map { abs(Int(whole.rgb[i + $0]) - Int(culled.rgb[i + $0])) }.max()!
            worst = max(worst, d)
            if d > 2 { differing += 1 }
        }
        #expect(differing == 0)
        #expect(culled.overdraw <= whole.overdraw + 1e-9)
    }

    @Test func anOpenBookFillsEachPixelAboutOnce() throws {
        let library = Library.synthetic(books: 3, pages: 40)
        let whole = try Self.frame(.open, library: library, culling: false)
        let culled = try Self.frame(.open, library: library, culling: true)
        // A fan of pages on both sides of the spine: drawn whole, several layers deep.
        #expect(whole.overdraw > 1.6)
        #expect(culled.overdraw <= 1.3)
    }
}
