import CSDL2
import CVips
import Foundation
import Testing
@testable import FolioDecoding
@testable import FolioWorker
@testable import FolioLibrary
@testable import FolioSDL

/// A plain JPEG larger than its page is decoded by libjpeg-turbo at a DCT scale and reduced
/// by an area filter (folio_jpeg.c); everything libjpeg alone would get wrong (EXIF
/// orientation, a damaged file, a small one) still goes to libvips.
@Suite struct JPEGFastPathTests {
    /// `width`×`height` RGBA pixels reduced by `folio_area_resample` (the whole reduction
    /// unless a window is given).
    static func reduced(_ source: [UInt8], _ width: Int, _ height: Int, to scaled: (Int, Int),
                        window: (left: Int, top: Int, width: Int, height: Int)? = nil) -> [UInt8]? {
        let w = window ?? (0, 0, scaled.0, scaled.1)
        var out = [UInt8](repeating: 0, count: w.width * w.height * 4)
        let status = folio_area_resample(source, Int32(width), Int32(height), Int32(scaled.0), Int32(scaled.1),
                                         Int32(w.left), Int32(w.top), &out, Int32(w.width), Int32(w.height))
        return status == 0 ? out : nil
    }

    @Test func eachOutputPixelWeighsTheSourcesByTheShareOfThemItCovers() throws {
        // Three pixels into two: each output covers one and a half of them.
        let source: [UInt8] = [0, 0, 0, 255, 90, 90, 90, 255, 180, 180, 180, 255]
        let out = try #require(Self.reduced(source, 3, 1, to: (2, 1)))
        // (0 × 1 + 90 × 0.5) / 1.5 and (90 × 0.5 + 180 × 1) / 1.5.
        #expect(out == [30, 30, 30, 255, 150, 150, 150, 255])
    }

    @Test(arguments: [(7, 5, 3, 2), (600, 900, 362, 543), (300, 2, 299, 1), (97, 61, 13, 61), (50, 50, 50, 50)])
    func flatColourStaysExactlyThatColour(case size: (Int, Int, Int, Int)) throws {
        let colour: [UInt8] = [246, 17, 128, 201]
        let source = Array([[UInt8]](repeating: colour, count: size.0 * size.1).joined())
        let out = try #require(Self.reduced(source, size.0, size.1, to: (size.2, size.3)))
        #expect(out.count == size.2 * size.3 * 4)
        #expect(out.indices.allSatisfy { out[$0] == colour[$0 % 4] })
    }

    @Test func aWindowIsThatPartOfTheWholeReduction() throws {
        var state: UInt32 = 12345
        let source = (0..<(50 * 40 * 4)).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        let whole = try #require(Self.reduced(source, 50, 40, to: (30, 24)))
        let window = try #require(Self.reduced(source, 50, 40, to: (30, 24), window: (3, 5, 20, 10)))
        for y in 0..<10 {
            let from = ((y + 5) * 30 + 3) * 4
            #expect(Array(window[(y * 20 * 4)..<((y + 1) * 20 * 4)]) == Array(whole[from..<(from + 20 * 4)]))
        }
    }

    @Test func enlargingOrAWindowOutsideIsRefused() {
        let source = [UInt8](repeating: 9, count: 4 * 4 * 4)
        #expect(Self.reduced(source, 4, 4, to: (5, 4)) == nil)
        #expect(Self.reduced(source, 4, 4, to: (2, 2), window: (1, 0, 2, 2)) == nil)
        #expect(Self.reduced(source, 4, 4, to: (0, 2)) == nil)
    }

    /// A `width`×`height` JPEG in four quarters: red, green, blue, white (`exif` tags it
    /// turned a quarter).
    static func quarters(_ width: Int32, _ height: Int32, exif: Bool = false) throws -> Data {
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGBA32.rawValue))
        defer { SDL_FreeSurface(surface) }
        let colours: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
        for (i, c) in colours.enumerated() {
            var rect = SDL_Rect(x: Int32(i % 2) * width / 2, y: Int32(i / 2) * height / 2, w: width / 2, h: height / 2)
            SDL_FillRect(surface, &rect, SDL_MapRGBA(surface.pointee.format, c.0, c.1, c.2, 255))
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-quarters-\(UUID().uuidString).jpg").path
        defer { unlink(path) }
        #expect(IMG_SaveJPG(surface, path, 90) == 0)
        var jpeg = try Data(contentsOf: URL(fileURLWithPath: path))
        if exif { jpeg.insert(contentsOf: try OrientationTests.exifSegment(orientation: 6), at: 2) }
        return jpeg
    }

    /// The fast path's pixels for `jpeg` in a `width`×`height` box, or nil when it declines.
    static func fitted(_ jpeg: Data, _ width: Int32, _ height: Int32, crop: Bool = false) -> (pixels: [UInt8], width: Int, height: Int)? {
        var w: Int32 = 0, h: Int32 = 0
        let pixels = jpeg.withUnsafeBytes { folio_jpeg_fitted(-1, $0.baseAddress, $0.count, width, height, crop ? 1 : 0, &w, &h) }
        guard let pixels else { return nil }
        defer { folio_vips_free(pixels) }
        return (Array(UnsafeBufferPointer(start: pixels, count: Int(w * h * 4))), Int(w), Int(h))
    }

    @Test func aPlainJPEGLargerThanItsPageIsDecodedAtTheSizeLibvipsGives() throws {
        let jpeg = try Self.quarters(800, 1200)
        // Fitted: 800×1200 into 250×330 is 220×330 (decoded at 1/2, 400×600, then reduced by
        // 1.82 by the area filter).
        let fitted = try #require(Self.fitted(jpeg, 250, 330))
        #expect((fitted.width, fitted.height) == (220, 330))
        let expected: [(x: Int, y: Int, colour: (Int, Int, Int))] = [
            (55, 82, (255, 0, 0)), (165, 82, (0, 255, 0)), (55, 247, (0, 0, 255)), (165, 247, (255, 255, 255)),
        ]
        for point in expected {
            let i = (point.y * fitted.width + point.x) * 4
            let got = (Int(fitted.pixels[i]), Int(fitted.pixels[i + 1]), Int(fitted.pixels[i + 2]))
            #expect(abs(got.0 - point.colour.0) <= 12 && abs(got.1 - point.colour.1) <= 12 && abs(got.2 - point.colour.2) <= 12,
                    "at \(point.x), \(point.y): \(got)")
            #expect(fitted.pixels[i + 3] == 255)
        }
        // Covering a box of another shape (reduced to 220×330), then cropped centred to
        // exactly the box.
        let cropped = try #require(Self.fitted(jpeg, 220, 250, crop: true))
        #expect((cropped.width, cropped.height) == (220, 250))
        // The same from a descriptor as from bytes.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-fd-\(UUID().uuidString).jpg").path
        try jpeg.write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var w: Int32 = 0, h: Int32 = 0
        let fromFile = try #require(folio_jpeg_fitted(fd, nil, 0, 250, 330, 0, &w, &h))
        defer { folio_vips_free(fromFile) }
        #expect(Array(UnsafeBufferPointer(start: fromFile, count: Int(w * h * 4))) == fitted.pixels)
    }

    @Test func whatLibjpegAloneWouldGetWrongIsLeftToLibvips() throws {
        let jpeg = try Self.quarters(800, 1200)
        // EXIF: its orientation is libvips' to apply.
        #expect(Self.fitted(try Self.quarters(800, 1200, exif: true), 250, 300) == nil)
        // Cut short: libjpeg warns, and libvips says so and shows it as far as it goes.
        #expect(Self.fitted(jpeg.prefix(jpeg.count / 2), 250, 300) == nil)
        // Not twice the page's size: no DCT scale applies.
        #expect(Self.fitted(jpeg, 500, 700) == nil)
        // Not a JPEG at all.
        #expect(Self.fitted(Data("not a jpeg".utf8), 250, 300) == nil)
    }

    /// Through the page decoder: the same picture, fitted on the page the same way, whichever
    /// path decoded it (an EXIF tag of 1 sends it to libvips, changing nothing else).
    @Test func bothPathsPutThePictureInTheSamePlaceOnThePage() throws {
        let plain = try Self.quarters(800, 1200)
        var tagged = plain
        tagged.insert(contentsOf: try OrientationTests.exifSegment(orientation: 1), at: 2)
        let shape = PageImage.Shape(width: 250, height: 330, radius: 0, side: .right)
        var pages: [[(Int, Int, Int, Int)]] = []
        for data in [plain, tagged] {
            var cutShort = false
            let page = try PageImage.decodeHere(.bytes(data, name: "q.jpg"), reader: ImageReader(), shape: shape, cutShort: &cutShort)
            // The picture is 220×330, centred: paper at x 10, its quarters' centres at x 70
            // and 180, y 82 and 247, its edges at x 15 and 234.
            pages.append([(10, 150), (70, 82), (180, 82), (70, 247), (180, 247), (18, 100), (231, 100)].map { PageFitTests.pixel(page, $0.0, $0.1) })
        }
        #expect(PageFitTests.isPaper(pages[0][0]) && PageFitTests.isPaper(pages[1][0]))
        for (a, b) in zip(pages[0], pages[1]) {
            #expect(abs(a.0 - b.0) <= 6 && abs(a.1 - b.1) <= 6 && abs(a.2 - b.2) <= 6, "\(a) against \(b)")
        }
    }
}
