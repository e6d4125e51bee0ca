import Foundation
import Testing
@testable import FolioCore

/// Folio's own BMP reader, on small BMPs of each kind written here: the kinds gdk-pixbuf or
/// SDL_image drew wrong (bmpsuite's pictures, made small), the run-length encodings, pictures
/// that stop early, and hostile headers.
@Suite struct BMPReaderTests {
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }

    /// A BMP: the file header, a Windows header of `headerSize` bytes (40 or more: the masks
    /// at their place within it), `extra` after it (masks, a palette), then `pixels`.
    static func bmp(width: Int, height: Int, bits: Int, compression: Int = 0, headerSize: Int = 40, masks: [Int] = [],
                    colours: Int = 0, extra: [UInt8] = [], pixels: [UInt8]) -> Data {
        var info = le32(headerSize) + le32(width) + le32(height) + le16(1) + le16(bits) + le32(compression)
            + le32(pixels.count) + le32(0) + le32(0) + le32(colours) + le32(0)
        for mask in masks where headerSize > 40 { info += le32(mask) }
        info += [UInt8](repeating: 0, count: max(0, headerSize - info.count))
        let offset = 14 + info.count + extra.count
        return Data(Array("BM".utf8) + le32(offset + pixels.count) + le32(0) + le32(offset) + info + extra + pixels)
    }

    /// A palette's entries (blue, green, red, unused) from RGB triples.
    static func palette(_ colours: [[UInt8]]) -> [UInt8] { colours.flatMap { [$0[2], $0[1], $0[0], 0] } }

    static let red: [UInt8] = [255, 0, 0, 255], green: [UInt8] = [0, 255, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
    static let clear: [UInt8] = [0, 0, 0, 0]

    /// The picture's pixels, row by row from the top, each as RGBA (opaque when the picture
    /// is RGB).
    static func rows(_ picture: DecodedPicture) -> [[[UInt8]]] {
        (0..<picture.height).map { y in
            (0..<picture.width).map { x in
                let i = (y * picture.width + x) * picture.channels
                return Array(picture.pixels[i..<i + 3]) + [picture.channels == 4 ? picture.pixels[i + 3] : 255]
            }
        }
    }

    static func rgba(_ picture: DecodedPicture) -> [UInt8] { rows(picture).flatMap { $0.flatMap { $0 } } }

    /// Rows are stored from the bottom; a negative height stores them from the top, run-length
    /// encoded too (drawn upside down before).
    @Test(arguments: [false, true])
    func rowsGoWhereTheHeightSays(topDown: Bool) throws {
        let colours = Self.palette([[255, 0, 0], [0, 0, 255]])
        // First row stored: index 0 (red); second: index 1 (blue). Each row is two pixels,
        // padded to four bytes; the runs are "two of 0", end of row, "two of 1", end.
        let plain = try BMPReader.read(Self.bmp(width: 2, height: topDown ? -2 : 2, bits: 8, colours: 2, extra: colours,
                                                pixels: [0, 0, 0, 0, 1, 1, 0, 0]))
        let runs = try BMPReader.read(Self.bmp(width: 2, height: topDown ? -2 : 2, bits: 8, compression: 1, colours: 2, extra: colours,
                                               pixels: [2, 0, 0, 0, 2, 1, 0, 1]))
        let first = topDown ? Self.red : Self.blue, second = topDown ? Self.blue : Self.red
        #expect(Self.rows(plain) == [[first, first], [second, second]])
        #expect(Self.rows(runs) == Self.rows(plain))
    }

    /// 32 bits with alpha bit fields in a version 5 header, the channels in an unusual order
    /// (gdk-pixbuf swapped them), and BI_ALPHABITFIELDS after a 40-byte header.
    @Test func alphaBitFieldsGiveEachChannelItsOwn() throws {
        // Alpha in the low byte, blue, red, green above it: a half-transparent orange.
        let masks = [0x00FF_0000, 0x0000_FF00, 0xFF00_0000, 0x0000_00FF]
        let pixel = 0x40_FF_80_80  // blue 0x40, red 0xFF, green 0x80, alpha 0x80
        let v5 = try BMPReader.read(Self.bmp(width: 1, height: 1, bits: 32, compression: 3, headerSize: 124, masks: masks,
                                             pixels: Self.le32(pixel)))
        #expect(Self.rgba(v5) == [0xFF, 0x80, 0x40, 0x80])
        let alphaFields = try BMPReader.read(Self.bmp(width: 1, height: 1, bits: 32, compression: 6,
                                                      extra: masks.flatMap(Self.le32), pixels: Self.le32(pixel)))
        #expect(alphaFields == v5)
        // A plain 32-bit BMP's fourth byte is unused, whatever it holds.
        let plain = try BMPReader.read(Self.bmp(width: 1, height: 1, bits: 32, pixels: [0x10, 0x20, 0x30, 0x05]))
        #expect(plain.channels == 3 && plain.pixels == [0x30, 0x20, 0x10])
    }

    /// An alpha mask whose bits are zero in every pixel is a writer that left alpha out: the
    /// picture is opaque, not invisible.
    @Test func alphaThatIsZeroEverywhereIsOpaque() throws {
        let masks = [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0xFF00_0000]
        let picture = try BMPReader.read(Self.bmp(width: 2, height: 1, bits: 32, compression: 3, headerSize: 108, masks: masks,
                                                  pixels: Self.le32(0x00FF_0000) + Self.le32(0x0000_FF00)))
        #expect(Self.rows(picture) == [[Self.red, Self.green]])
    }

    /// 16 bits: 5-5-5 by default, scaled so five bits of white are 255; 5-6-5 fields with a
    /// palette beside them (gdk-pixbuf drew the palette); 4-4-4-4 keeps its alpha (lost before).
    @Test func sixteenBitsReadTheirFields() throws {
        let white555 = try BMPReader.read(Self.bmp(width: 1, height: 1, bits: 16, pixels: Self.le16(0x7FFF) + [0, 0]))
        #expect(Self.rgba(white555) == [255, 255, 255, 255])
        let masks565 = [0xF800, 0x07E0, 0x001F]
        let withPalette = try BMPReader.read(Self.bmp(width: 1, height: 1, bits: 16, compression: 3,
                                                      extra: masks565.flatMap(Self.le32) + Self.palette([[0, 255, 0]]),
                                                      pixels: Self.le16(0xF800) + [0, 0]))
        #expect(Self.rgba(withPalette) == Self.red)
        let masks4444 = [0x0F00, 0x00F0, 0x000F, 0xF000]
        let alpha4444 = try BMPReader.read(Self.bmp(width: 1, height: 1, bits: 16, compression: 3, headerSize: 124, masks: masks4444,
                                                    pixels: Self.le16(0x8F00) + [0, 0]))
        #expect(Self.rgba(alpha4444) == [255, 0, 0, 0x88])
    }

    /// The OS/2 header of 12 bytes with three-byte palette entries, and a gap between the
    /// palette and the pixels that the pixel offset skips (both drawn black before).
    @Test func anOS2HeaderAndAPixelOffsetAreFollowed() throws {
        let info = Self.le32(12) + Self.le16(1) + Self.le16(1) + Self.le16(1) + Self.le16(8)
        let palette: [UInt8] = [0, 0, 0, 0, 255, 0]  // black, then green (blue, green, red)
        let gap = [UInt8](repeating: 7, count: 5)
        let offset = 14 + info.count + palette.count + gap.count
        let file = Data(Array("BM".utf8) + Self.le32(offset + 4) + Self.le32(0) + Self.le32(offset) + info + palette + gap + [1, 0, 0, 0])
        #expect(try Self.rgba(BMPReader.read(file)) == Self.green)
    }

    /// Run-length encoding's escapes: a literal stretch (padded to two bytes), a skip, the
    /// end; skipped pixels stay transparent so paper shows. 4-bit runs alternate two indexes.
    @Test func runsSkipsAndLiteralsLandWhereTheySay() throws {
        let colours = Self.palette([[255, 0, 0], [0, 255, 0], [0, 0, 255]])
        // Row 0: literal [2, 1, 0] (padded), then skip 1 right and 1 up, then one 1 at x 4.
        let eight = try BMPReader.read(Self.bmp(width: 5, height: 2, bits: 8, compression: 1, colours: 3, extra: colours,
                                                pixels: [0, 3, 2, 1, 0, 0, 0, 2, 1, 1, 1, 1, 0, 1]))
        #expect(Self.rows(eight) == [[Self.clear, Self.clear, Self.clear, Self.clear, Self.green],
                                     [Self.blue, Self.green, Self.red, Self.clear, Self.clear]])
        #expect(!eight.endsEarly)
        // Four of indexes 2 and 1, alternating; then a literal stretch of three: 0, 1, 2.
        let four = try BMPReader.read(Self.bmp(width: 7, height: 1, bits: 4, compression: 2, colours: 3, extra: colours,
                                               pixels: [4, 0x21, 0, 3, 0x01, 0x20, 0, 1]))
        #expect(Self.rows(four) == [[Self.blue, Self.green, Self.blue, Self.green, Self.red, Self.green, Self.blue]])
    }

    /// Runs that reach past the picture's edge are cut at it, and an index past the palette is
    /// black: hostile runs write nothing outside the picture.
    @Test func runsPastTheEdgeAndIndexesPastThePaletteStayInside() throws {
        let colours = Self.palette([[255, 0, 0]])
        let picture = try BMPReader.read(Self.bmp(width: 2, height: 1, bits: 8, compression: 1, colours: 1, extra: colours,
                                                  pixels: [255, 0, 0, 2, 200, 200, 3, 9, 0, 1]))
        #expect(Self.rows(picture) == [[Self.red, Self.red]])
        let pastPalette = try BMPReader.read(Self.bmp(width: 1, height: 1, bits: 8, colours: 1, extra: colours, pixels: [5, 0, 0, 0]))
        #expect(Self.rgba(pastPalette) == [0, 0, 0, 255])
    }

    /// A file that stops part-way through its pixels is read as far as it goes (the rest
    /// black, or transparent where the picture has alpha) and says so;
    /// one that stops before them holds none and is refused; runs without their end mark end
    /// early too.
    @Test func aFileThatStopsEarlySaysSo() throws {
        let whole = Self.bmp(width: 1, height: 2, bits: 24, pixels: [0, 0, 255, 0, 255, 0, 0, 0])
        #expect(try !BMPReader.read(whole).endsEarly)
        let half = try BMPReader.read(whole.prefix(whole.count - 4))
        #expect(half.endsEarly)
        #expect(Self.rows(half) == [[[0, 0, 0, 255]], [Self.red]])
        #expect(throws: PictureProblem.damaged("its header gives 1×2 pixels, but the file ends before them")) {
            try BMPReader.read(whole.prefix(whole.count - 8))
        }
        let runs = Self.bmp(width: 2, height: 2, bits: 8, compression: 1, colours: 1, extra: Self.palette([[255, 0, 0]]),
                            pixels: [2, 0, 0, 0])
        #expect(try BMPReader.read(runs).endsEarly)
    }

    /// A JPEG or PNG inside a BMP is handed back, with where its bytes lie, to be decoded as
    /// itself.
    @Test func aPNGInsideIsHandedBack() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        let file = Self.bmp(width: 3, height: 3, bits: 0, compression: 5, headerSize: 124, pixels: png)
        let start = file.count - png.count
        #expect(throws: PictureProblem.holds(.png, range: start..<file.count)) { try BMPReader.read(file) }
    }

    /// Headers no reader should trust are refused with their reason.
    @Test func hostileHeadersAreRefusedWithTheirReason() {
        let sane = Self.bmp(width: 1, height: 1, bits: 24, pixels: [0, 0, 0, 0])
        func patched(_ offset: Int, _ bytes: [UInt8]) -> Data {
            var data = [UInt8](sane)
            data.replaceSubrange(offset..<offset + bytes.count, with: bytes)
            return Data(data)
        }
        let cases: [(Data, PictureProblem)] = [
            (patched(14, Self.le32(20)), .damaged("its header is 20 bytes long, a size no BMP has")),
            (patched(18, Self.le32(-3 & 0xFFFF_FFFF)), .damaged("its header gives a -3×1 picture")),
            (patched(28, Self.le16(30000)), .damaged("it has 30000 bits a pixel, which no BMP has")),
            (patched(18, Self.le32(20000)), .tooLarge("is 20,000×1, larger than 16,384 px on a side")),
            (patched(30, Self.le32(1)), .damaged("its compression (1) does not suit 24 bits a pixel")),
            (sane.prefix(20), .damaged("its header is cut short")),
        ]
        for (data, problem) in cases {
            #expect(throws: problem) { try BMPReader.read(data) }
        }
    }
}
