import CSDL2
import Foundation
import Testing
import FolioTestFixtures
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioWorker
@testable import FolioLibrary
@testable import FolioSDL

/// Pictures other viewers open and Folio once refused: the Netpbm family through libvips;
/// 32-bit bitfield BMPs, grey-and-alpha and right-origin TGAs, icons, XPM and XBM, and the
/// TIFFs libvips refuses (tiled planes) through gdk-pixbuf; and JPEG and PNG variants known by other names (MPO, APNG). Each fixture is made here, red (grey for PGM, black for PBM), and must decode to
/// that colour in the middle of its page.
@Suite struct FormatVariantTests {
    static func netpbm(_ magic: String, width: Int, height: Int, maxValue: Int?, body: [UInt8]) -> Data {
        Data("\(magic)\n\(width) \(height)\n\(maxValue.map { "\($0)\n" } ?? "")".utf8) + Data(body)
    }

    /// A 4×4 icon holding one 32-bit BMP image (its height doubled for the AND mask, as ICO stores it).
    static func icon() -> Data {
        let pixels = [UInt8]((0..<16).flatMap { _ in [0, 0, 255, 255] as [UInt8] })  // BGRA red
        let mask = [UInt8](repeating: 0, count: 16)
        let info = le32(40) + le32(4) + le32(8) + le16(1) + le16(32) + [UInt8](repeating: 0, count: 24)
        let image = info + pixels + mask
        let directory = le16(0) + le16(1) + le16(1)
        let entry: [UInt8] = [4, 4, 0, 0] + le16(1) + le16(32) + le32(image.count) + le32(22)
        return Data(directory + entry + image)
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(v >> (8 * $0) & 0xFF) } }

    /// A 4×4 red BMP of 32-bit pixels with 11-11-10 bitfield masks (which SDL_image refuses).
    static func bitfieldBMP() -> Data {
        let info = le32(40) + le32(4) + le32(4) + le16(1) + le16(32) + le32(3) + le32(64) + [UInt8](repeating: 0, count: 16)
        let masks = le32(0xFFE0_0000) + le32(0x001F_FC00) + le32(0x0000_03FF)
        let pixels = (0..<16).flatMap { _ in le32(0xFFE0_0000) }
        return Data(Array("BM".utf8) + le32(14 + 52 + 64) + le32(0) + le32(66) + info + masks + pixels)
    }

    /// A 4×4 8-bit BMP of palette entry 1 (red; entry 0 is black): `os2`, with the 12-byte
    /// header and 3-byte palette entries of OS/2; `gap` bytes between the palette and the
    /// pixels, which the header's pixel offset skips (gdk-pixbuf drew both black).
    static func paletteBMP(os2: Bool, gap: Int) -> Data {
        let info = os2 ? le32(12) + le16(4) + le16(4) + le16(1) + le16(8)
                       : le32(40) + le32(4) + le32(4) + le16(1) + le16(8) + le32(0) + le32(16) + le32(0) + le32(0) + le32(2) + le32(0)
        let palette: [UInt8] = os2 ? [0, 0, 0, 0, 0, 255] : [0, 0, 0, 0, 0, 0, 255, 0]
        let offset = 14 + info.count + palette.count + gap
        let pixels = [UInt8](repeating: 1, count: 16)
        return Data(Array("BM".utf8) + le32(offset + pixels.count) + le32(0) + le32(offset) + info + palette
                    + [UInt8](repeating: 0, count: gap) + pixels)
    }

    /// A 4×4 16-bit 5-6-5 BMP (bit fields) that also carries a palette, of red pixels
    /// (gdk-pixbuf drew the palette as pixels).
    static func rgb565PaletteBMP() -> Data {
        let info = le32(40) + le32(4) + le32(4) + le16(1) + le16(16) + le32(3) + le32(32) + le32(0) + le32(0) + le32(4) + le32(0)
        let masks = le32(0xF800) + le32(0x07E0) + le32(0x001F)
        let palette = (0..<4).flatMap { _ in [0, 255, 0, 0] as [UInt8] }
        let offset = 14 + info.count + masks.count + palette.count
        let pixels = (0..<16).flatMap { _ in le16(0xF800) }
        return Data(Array("BM".utf8) + le32(offset + pixels.count) + le32(0) + le32(offset) + info + masks + palette + pixels)
    }

    /// A TGA: `type` 2 (true colour) or 3 (grey), `bits` per pixel, `descriptor` (alpha bits,
    /// origin), `width`×`height`, then `pixels` as stored.
    static func tga(type: UInt8, bits: UInt8, descriptor: UInt8, width: Int, height: Int, pixels: [UInt8]) -> Data {
        Data([0, 0, type, 0, 0, 0, 0, 0] + le16(0) + le16(0) + le16(width) + le16(height) + [bits, descriptor] + pixels)
    }

    /// A 32×32 TIFF in one tile per plane (planar configuration 2), which libvips refuses and
    /// gdk-pixbuf reads: each plane all `planes[i]` (red by default); a fourth plane is alpha,
    /// associated (colours stored multiplied by it).
    static func planarTiledTIFF(planes: [UInt8] = [255, 0, 0]) -> Data {
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int) -> [UInt8] {
            le16(tag) + le16(type) + le32(count) + (type == 3 && count == 1 ? le16(value) + le16(0) : le32(value))
        }
        let short = 3, long = 4, side = 32, plane = 32 * 32, n = planes.count
        let count = n == 4 ? 12 : 11
        let bits = 8 + 2 + 12 * count + 4, offsets = bits + 2 * n, counts = offsets + 4 * n, data = counts + 4 * n
        var entries = [entry(256, short, 1, side), entry(257, short, 1, side), entry(258, short, n, bits), entry(259, short, 1, 1),
                       entry(262, short, 1, 2), entry(277, short, 1, n), entry(284, short, 1, 2), entry(322, short, 1, side),
                       entry(323, short, 1, side), entry(324, long, n, offsets), entry(325, long, n, counts)]
        if n == 4 { entries.append(entry(338, short, 1, 1)) }  // extra samples: associated alpha
        var bytes = Array("II".utf8) + le16(42) + le32(8) + le16(entries.count) + entries.flatMap { $0 } + le32(0)
        bytes += (0..<n).flatMap { _ in le16(8) }                         // bits per sample
        bytes += (0..<n).flatMap { le32(data + $0 * plane) }              // tile offsets
        bytes += (0..<n).flatMap { _ in le32(plane) }                     // tile byte counts
        bytes += planes.flatMap { [UInt8](repeating: $0, count: plane) }  // the planes
        return Data(bytes)
    }

    /// A 4×4 uncompressed TIFF of one strip: `samples` samples a pixel (1 grey, 3 RGB) of
    /// `bits` bits each, signed when `signed`, every pixel `pixel` (its samples' bytes, in
    /// the file's little-endian order).
    static func stripTIFF(samples: Int, bits: Int, signed: Bool, pixel: [UInt8]) -> Data {
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int) -> [UInt8] {
            le16(tag) + le16(type) + le32(count) + (type == 3 && count == 1 ? le16(value) + le16(0) : le32(value))
        }
        let short = 3, long = 4, count = 10, extra = 8 + 2 + 12 * count + 4
        let perSample = samples == 1 ? 0 : 2 * samples  // bits and formats held apart when there are several
        let data = extra + 2 * perSample
        let pixels = (0..<16).flatMap { _ in pixel }
        let entries = [entry(256, short, 1, 4), entry(257, short, 1, 4),
                       entry(258, short, samples, samples == 1 ? bits : extra), entry(259, short, 1, 1),
                       entry(262, short, 1, samples == 1 ? 1 : 2), entry(273, long, 1, data), entry(277, short, 1, samples),
                       entry(278, short, 1, 4), entry(279, long, 1, pixels.count),
                       entry(339, short, samples, samples == 1 ? (signed ? 2 : 1) : extra + perSample)]
        var bytes = Array("II".utf8) + le16(42) + le32(8) + le16(count) + entries.flatMap { $0 } + le32(0)
        if samples > 1 {
            bytes += (0..<samples).flatMap { _ in le16(bits) }
            bytes += (0..<samples).flatMap { _ in le16(signed ? 2 : 1) }
        }
        return Data(bytes + pixels)
    }

    static let xbm = """
        #define black_width 8
        #define black_height 2
        static unsigned char black_bits[] = {
           0xff, 0xff };

        """

    static let xpm = """
        /* XPM */
        static char *red[] = {
        "4 4 1 1",
        "r c #FF0000",
        "rrrr",
        "rrrr",
        "rrrr",
        "rrrr"};
        """

    /// A red image saved by SDL_image as a PNG or a JPEG (`noisy`: speckled, so that it
    /// does not compress to a few bytes).
    static func saved(_ kind: String, size: Int32 = 64, noisy: Bool = false) throws -> Data {
        let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, size, size, 32, SDL_PIXELFORMAT_RGBA32.rawValue))
        defer { SDL_FreeSurface(surface) }
        SDL_FillRect(surface, nil, SDL_MapRGBA(surface.pointee.format, 255, 0, 0, 255))
        if noisy {
            var random = SystemRandomNumberGenerator()
            let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
            for i in 0..<Int(size * size) { pixels[i * 4 + 1] = UInt8.random(in: 0...60, using: &random) }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-variant-\(UUID().uuidString).\(kind)").path
        defer { unlink(path) }
        #expect((kind == "png" ? IMG_SavePNG(surface, path) : IMG_SaveJPG(surface, path, 95)) == 0)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    static func fixtures() throws -> [(name: String, data: Data, colour: (Int, Int, Int))] {
        let red = (255, 0, 0)
        let paper = PageImage.paper
        let halfRedOnPaper = ((255 + Int(paper.r)) / 2, Int(paper.g) / 2, Int(paper.b) / 2)
        return [
            ("a.ppm", netpbm("P6", width: 4, height: 4, maxValue: 255, body: Array((0..<16).flatMap { _ in [255, 0, 0] as [UInt8] })), red),
            ("b.pgm", netpbm("P5", width: 4, height: 4, maxValue: 255, body: [UInt8](repeating: 200, count: 16)), (200, 200, 200)),
            ("c.pbm", netpbm("P4", width: 8, height: 2, maxValue: nil, body: [0xFF, 0xFF]), (0, 0, 0)),
            ("d.pnm", netpbm("P3", width: 2, height: 1, maxValue: 255, body: Array("255 0 0 255 0 0\n".utf8)), red),
            ("e.ico", icon(), red),
            ("f.xpm", Data(xpm.utf8), red),
            ("g.mpo", try saved("jpg"), red),
            ("h.apng", try saved("png"), red),
            ("i.bmp", bitfieldBMP(), red),
            ("j.tga", tga(type: 3, bits: 16, descriptor: 0x08, width: 4, height: 4, pixels: Array((0..<16).flatMap { _ in [200, 255] as [UInt8] })), (200, 200, 200)),
            ("k.xbm", Data(xbm.utf8), (0, 0, 0)),
            ("l.tif", planarTiledTIFF(), red),
            // Half-transparent red with associated alpha (stored as 128 red, 128 alpha): over
            // the paper, half red (gdk-pixbuf gave it premultiplied, drawn darker).
            ("t.tif", planarTiledTIFF(planes: [128, 0, 0, 128]), halfRedOnPaper),
            ("m.bmp", paletteBMP(os2: false, gap: 100), red),
            ("n.bmp", paletteBMP(os2: true, gap: 0), red),
            ("o.bmp", rgb565PaletteBMP(), red),
            // Signed 8-bit samples are read as their bytes are (as Pillow and ImageMagick do),
            // signed 16-bit ones with zero mid-grey, 32-bit ones by their top 8 bits (they
            // came out black, black and white).
            ("p.tif", stripTIFF(samples: 1, bits: 8, signed: true, pixel: [200]), (200, 200, 200)),
            ("q.tif", stripTIFF(samples: 1, bits: 16, signed: true, pixel: le16(0)), (128, 128, 128)),
            ("r.tif", stripTIFF(samples: 3, bits: 32, signed: false, pixel: le32(0xC800_0000) + le32(0x3200_0000) + le32(0)), (200, 50, 0)),
            // Four planes of one bit (EGA), index 1 of the header's colours: red (it was black).
            ("s.pcx", PictureFixture.pcx(width: 4, height: 4, bits: 1, planes: 4, bytesPerLine: 2, colours: [[0, 0, 0], [255, 0, 0]],
                                         body: (0..<4).flatMap { _ in [0xC1, 0xF0, 0, 0, 0, 0, 0, 0, 0] as [UInt8] }), red),
        ]
    }

    @Test func everyVariantDecodesToItsColour() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-variants-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for fixture in try Self.fixtures() {
            let path = dir.appendingPathComponent(fixture.name).path
            try fixture.data.write(to: URL(fileURLWithPath: path))
            #expect(LibraryLoader.isImage(fixture.name), "\(fixture.name) is not taken as an image")
            let shape = PageImage.Shape(width: 40, height: 40, radius: 0, side: .right)
            switch PageImage.make(.file(path), decoder: TestDecoding.workers, shape: shape) {
            case .success(let page):
                let (r, g, b) = DocumentPageTests.centre(page)
                let want = fixture.colour
                #expect(abs(r - want.0) <= 12 && abs(g - want.1) <= 12 && abs(b - want.2) <= 12,
                        "\(fixture.name): (\(r), \(g), \(b)), not \(want)")
            case .failure(let failure):
                Issue.record("\(fixture.name): \(failure.message)")
            }
        }
    }

    /// A BMP holding a PNG shows the PNG; one holding anything else is refused (a BMP holding
    /// a BMP holding a BMP… would have recursed until the worker's stack ran out).
    @Test func aBMPHoldsOnlyWhatItClaims() throws {
        func holding(_ inner: Data) -> Data {
            let (le16, le32) = (Self.le16, Self.le32)
            let info = le32(124) + le32(4) + le32(4) + le16(1) + le16(0) + le32(5) + le32(inner.count) + [UInt8](repeating: 0, count: 100)
            let offset = 14 + info.count
            return Data(Array("BM".utf8) + le32(offset + inner.count) + le32(0) + le32(offset) + info) + inner
        }
        let shape = PageImage.Shape(width: 40, height: 40, radius: 0, side: .right)
        var cutShort = false
        let page = try PageImage.decodeHere(.bytes(holding(try Self.saved("png")), name: "png.bmp"), reader: ImageReader(), shape: shape, cutShort: &cutShort)
        let (r, g, b) = DocumentPageTests.centre(page)
        #expect(r > 240 && g < 15 && b < 15, "(\(r), \(g), \(b))")
        let nested = (0..<200).reduce(Self.bitfieldBMP()) { inner, _ in holding(inner) }
        #expect {
            try PageImage.decodeHere(.bytes(nested, name: "nested.bmp"), reader: ImageReader(), shape: shape, cutShort: &cutShort)
        } throws: { error in
            (error as? PageImage.Failure)?.detail == "the PNG it holds is not one"
        }
    }

    /// A plain (ASCII) Netpbm file far shorter than its header promises is refused before
    /// libvips reads it (which took 20 s on the one FuzzImage found); a whole one still decodes.
    @Test func aPlainNetpbmShorterThanItsHeaderIsRefusedAtOnce() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-netpbm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("short.ppm").path
        try (Data("P3\n4242".utf8) + Data(repeating: 0, count: 5) + Data("P3\n4242".utf8) + Data(repeating: 0, count: 15))
            .write(to: URL(fileURLWithPath: path))
        let shape = PageImage.Shape(width: 40, height: 40, radius: 0, side: .right)
        let start = Date()
        guard case .failure(let failure) = PageImage.make(.file(path), decoder: TestDecoding.workers, shape: shape) else {
            Issue.record("a 34-byte file promising 4242×4242 pixels decoded")
            return
        }
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(failure.message.contains("4242×4242 pixels, which take at least 107967383 bytes; the file holds 34"), "\(failure.message)")
        #expect(ImageHeader.plainNetpbmMinimumBytes(Data("P6".utf8), width: 9, height: 9) == nil, "binary Netpbm is libvips' to check")
        #expect(ImageHeader.plainNetpbmMinimumBytes(Data("P1".utf8), width: 9, height: 9) == 81)
    }

    /// A TGA stored from its right edge is shown mirrored back: its first stored pixel on the right.
    @Test func aRightOriginTGAIsShownTheRightWayRound() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-tga-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("right.tga").path
        // Blue first, then red (BGR): shown red on the left, blue on the right.
        try Self.tga(type: 2, bits: 24, descriptor: 0x10, width: 2, height: 1, pixels: [255, 0, 0, 0, 0, 255])
            .write(to: URL(fileURLWithPath: path))
        let shape = PageImage.Shape(width: 40, height: 40, radius: 0, side: .right)
        let page = try PageImage.make(.file(path), decoder: TestDecoding.workers, shape: shape).get()
        let left = PageFitTests.pixel(page, 5, 20), right = PageFitTests.pixel(page, 34, 20)
        #expect(left.0 > 200 && left.2 < 60, "left \(left)")
        #expect(right.2 > 200 && right.0 < 60, "right \(right)")
    }

    /// A JPEG or PNG cut off part-way is shown as far as it goes (its top rows are the
    /// picture's) and flagged as cut short, here and through the worker; one cut inside its
    /// header is still refused.
    @Test(arguments: ["jpg", "png"])
    func anImageThatEndsEarlyIsShownAsFarAsItGoes(kind: String) throws {
        var whole = try Self.saved(kind, size: 256, noisy: true)
        let cut = whole.prefix(whole.count * 6 / 10)
        whole = Data()
        let shape = PageImage.Shape(width: 128, height: 128, radius: 0, side: .right)
        func check(_ page: PagePixels, cutShort: Bool) {
            #expect(cutShort)
            let top = PageFitTests.pixel(page, 64, 4)
            #expect(top.0 > 100 && top.2 < 100, "\(kind): the top of the page is \(top), not the picture's red")
        }
        var cutShort = false
        check(try PageImage.decodeHere(.bytes(Data(cut), name: "cut.\(kind)"), reader: ImageReader(), shape: shape, cutShort: &cutShort),
              cutShort: cutShort)
        try DecoderSandboxTests().isolated {
            var cutThere = false
            let page = try TestDecoding.workers.page(.bytes(Data(cut), name: "cut.\(kind)"), from: "/b.cbz", shape: shape, cutShort: &cutThere)
            check(page, cutShort: cutThere)
        }
        var headerOnly = false
        #expect(throws: PageImage.Failure.self) {
            _ = try PageImage.decodeHere(.bytes(Data(cut.prefix(40)), name: "cut.\(kind)"), reader: ImageReader(), shape: shape,
                                         cutShort: &headerOnly)
        }
    }

    /// The XPM on which SDL_image 2.6.3 crashes (found by FuzzImage; its seed is kept in
    /// Fuzz/corpus): refused in one sentence, in process too, since gdk-pixbuf alone reads XPM.
    @Test func theXPMThatCrashedSDLImageIsRefused() throws {
        let finding = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/FuzzImage/finding-sdl-image-xpm-segv")
        let xpm = try Data(contentsOf: finding).dropFirst()  // the first byte picks the extension
        var cutShort = false
        let shape = PageImage.Shape(width: 40, height: 40, radius: 0, side: .right)
        #expect { try PageImage.decodeHere(.bytes(Data(xpm), name: "crash.xpm"), reader: ImageReader(), shape: shape, cutShort: &cutShort) } throws: {
            ($0 as? PageImage.Failure)?.message.contains("crash.xpm: cannot be decoded") == true
        }
    }

    /// An XPM and an XBM give a book their own page shape, as every other picture does:
    /// their sizes are read from their text, through the workers, like any header.
    @Test func xpmAndXBMTakeTheirOwnShape() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-text-shapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let wide = Self.xpm.replacingOccurrences(of: "\"4 4 1 1\"", with: "\"12 4 1 1\"")
            .replacingOccurrences(of: "\"rrrr\"", with: "\"rrrrrrrrrrrr\"")
        for (name, text, size) in [("wide.xpm", wide, Size(width: 12, height: 4)), ("black.xbm", Self.xbm, Size(width: 8, height: 2))] {
            let path = dir.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(BookShapes.size(of: .file(path), decoder: TestDecoding.workers) == size, "\(name)")
        }
    }

    /// A TIFF libvips will not read (old-style JPEG compression, as scanners wrote in the
    /// 1990s) still gives its book its own shape, from its first directory: little- and
    /// big-endian, the sizes held as LONG or SHORT.
    @Test func anOldStyleJPEGTIFFTakesItsOwnShape() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-tiff-shape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        /// A TIFF header and one directory: width, length, compression 6, photometric YCbCr.
        func tiff(littleEndian: Bool, width: Int, height: Int, sizeType: Int) -> Data {
            func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 255), UInt8(v >> 8 & 255)] : [UInt8(v >> 8 & 255), UInt8(v & 255)] }
            func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
            func entry(_ tag: Int, _ type: Int, _ value: Int) -> [UInt8] {
                u16(tag) + u16(type) + u32(1) + (type == 3 ? u16(value) + [0, 0] : u32(value))
            }
            var bytes: [UInt8] = littleEndian ? [0x49, 0x49, 42, 0] : [0x4D, 0x4D, 0, 42]
            bytes += u32(8) + u16(4)
            bytes += entry(256, sizeType, width) + entry(257, sizeType, height) + entry(259, 3, 6) + entry(262, 3, 6)
            return Data(bytes + u32(0) + [UInt8](repeating: 0x55, count: 256))
        }
        for (name, data, size) in [("scan.tif", tiff(littleEndian: true, width: 4160, height: 870, sizeType: 4), Size(width: 4160, height: 870)),
                                   ("tall.tiff", tiff(littleEndian: false, width: 300, height: 1000, sizeType: 3), Size(width: 300, height: 1000))] {
            let path = dir.appendingPathComponent(name).path
            try data.write(to: URL(fileURLWithPath: path))
            #expect(BookShapes.size(of: .file(path), decoder: TestDecoding.workers) == size, "\(name)")
        }
        // A directory past what is read, or cut short, gives no size (the default shape).
        #expect(ImageHeader.tiffSize(Data([0x49, 0x49, 42, 0, 0xFF, 0xFF, 0, 0])) == nil)
        #expect(ImageHeader.tiffSize(tiff(littleEndian: true, width: 10, height: 20, sizeType: 4).prefix(30)) == nil)
    }

    /// A folder says which of its files it skipped, by name; the notes and thumbnails that
    /// scan folders carry are passed over in silence.
    @Test func aFolderNamesTheFilesItSkipped() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-skips-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.saved("png").write(to: dir.appendingPathComponent("p1.png"))
        try Data("notes".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        try Data([0, 1, 2]).write(to: dir.appendingPathComponent("scan.raw"))
        try Data([0, 1]).write(to: dir.appendingPathComponent("Thumbs.db"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("extras"), withIntermediateDirectories: true)
        let result = try LibraryLoader.load(dir.path)
        #expect(result.library.books.count == 1)
        #expect(result.problems.map(\.message) == ["1 file that is not a picture Folio reads skipped (scan.raw)."])
    }
}
