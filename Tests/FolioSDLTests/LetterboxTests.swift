import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioSDL

/// A canvas that keeps its frame size (a video) draws an app of another shape scaled to
/// fit, centred, between bars of the background colour.
@Suite(.serialized)
struct LetterboxTests {
    /// (the app's size, where the picture lands in the 640×400 frame: x, y, width, height)
    @Test(arguments: [
        (Size(width: 1280, height: 400), [0, 100, 640, 200]),   // wider: bars above and below
        (Size(width: 640, height: 800), [160, 0, 320, 400]),    // taller: bars left and right
        (Size(width: 400, height: 200), [0, 40, 640, 320]),     // smaller and wider: scaled up
        (Size(width: 1280, height: 800), [0, 0, 640, 400]),     // the same shape: no bars
    ])
    func anotherSizeIsDrawnScaledToFitAndCentred(appSize: Size, place: [Int]) throws {
        let library = RendererTests.library
        let app = FolioApp(library: library, size: appSize)
        app.update(at: 0)
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 640, height: 400, keepsFrameSize: true)
        try canvas.draw(app)
        #expect(canvas.size == (640, 400))
        var frame: [UInt8] = []
        canvas.readRGB(into: &frame)

        // The same app drawn alone at the picture's size, by a canvas that follows the app.
        let (x0, y0, w, h) = (place[0], place[1], place[2], place[3])
        let alone = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: Int(appSize.width), height: Int(appSize.height),
                                       pixelScale: Double(w) / appSize.width)
        try alone.draw(app)
        #expect(alone.size == (Int32(w), Int32(h)))
        var picture: [UInt8] = []
        alone.readRGB(into: &picture)

        let bg = RendererTests.background.map { UInt8($0) }
        var barMismatches = 0, pictureMismatches = 0
        for y in 0..<400 {
            for x in 0..<640 {
                let i = (y * 640 + x) * 3
                let pixel = Array(frame[i..<i + 3])
                if x >= x0, x < x0 + w, y >= y0, y < y0 + h {
                    let j = ((y - y0) * w + (x - x0)) * 3
                    if pixel != Array(picture[j..<j + 3]) { pictureMismatches += 1 }
                } else if zip(pixel, bg).contains(where: { abs(Int($0) - Int($1)) > 1 }) {
                    barMismatches += 1
                }
            }
        }
        #expect(barMismatches == 0)
        #expect(pictureMismatches == 0)
        // The picture is not just background: the centred cover is in it.
        let centre = (200 * 640 + 320) * 3
        #expect(zip(frame[centre..<centre + 3], bg).contains { abs(Int($0) - Int($1)) > 30 })
    }
}
