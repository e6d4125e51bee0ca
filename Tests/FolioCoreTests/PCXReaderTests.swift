import Foundation
import Testing
@testable import FolioCore
import FolioTestFixtures

/// Folio's own PCX reader, on small PCXs of each kind written here, checked against what
/// Pillow and ImageMagick read from the same bytes.
@Suite struct PCXReaderTests {
    static func pcx(width: Int, height: Int, bits: Int, planes: Int, bytesPerLine: Int, colours: [[UInt8]] = [],
                    version: UInt8 = 5, encoded: Bool = true, body: [UInt8]) -> Data {
        PictureFixture.pcx(width: width, height: height, bits: bits, planes: planes, bytesPerLine: bytesPerLine, colours: colours,
                           version: version, encoded: encoded, body: body)
    }

    static let red: [UInt8] = [255, 0, 0, 255], green: [UInt8] = [0, 255, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
    static let black: [UInt8] = [0, 0, 0, 255], white: [UInt8] = [255, 255, 255, 255]

    static func rows(_ picture: DecodedPicture) -> [[[UInt8]]] { BMPReaderTests.rows(picture) }

    /// One bit a pixel: 0 is black, 1 white, as Pillow reads it (SDL_image drew it inverted).
    @Test func oneBitIsBlackAndWhite() throws {
        let picture = try PCXReader.read(Self.pcx(width: 4, height: 1, bits: 1, planes: 1, bytesPerLine: 2, body: [0b1010_0000, 0]))
        #expect(Self.rows(picture) == [[Self.white, Self.black, Self.white, Self.black]])
    }

    /// One bit in each of four planes (EGA): the planes' bits, lowest first, pick one of the
    /// header's 16 colours (SDL_image drew such a PCX black).
    @Test func fourPlanesOfOneBitPickTheHeadersColours() throws {
        let colours: [[UInt8]] = (0..<16).map { [UInt8($0 * 16), 0, 0] }
        // Pixel 0: planes 0 and 2 set (index 5); pixel 1: plane 3 (index 8); each plane a byte.
        let picture = try PCXReader.read(Self.pcx(width: 2, height: 1, bits: 1, planes: 4, bytesPerLine: 1, colours: colours,
                                                  body: [0b1000_0000, 0, 0b1000_0000, 0b0100_0000]))
        #expect(Self.rows(picture) == [[[80, 0, 0, 255], [128, 0, 0, 255]]])
    }

    /// Eight bits: the 256 colours after the 0x0C mark at the file's end; without the mark,
    /// grey.
    @Test func eightBitsUseThePaletteAtTheEndOrGrey() throws {
        let palette: [UInt8] = [0x0C] + (0..<256).flatMap { i -> [UInt8] in i == 7 ? [0, 0, 255] : [0, 0, 0] }
        let body: [UInt8] = [7, 7]
        #expect(Self.rows(try PCXReader.read(Self.pcx(width: 2, height: 1, bits: 8, planes: 1, bytesPerLine: 2, body: body + palette)))
                == [[Self.blue, Self.blue]])
        #expect(Self.rows(try PCXReader.read(Self.pcx(width: 2, height: 1, bits: 8, planes: 1, bytesPerLine: 2, body: body)))
                == [[[7, 7, 7, 255], [7, 7, 7, 255]]])
    }

    /// Three planes of 8 bits are red, green and blue; a fourth is alpha.
    @Test func threeOrFourPlanesAreRGBOrRGBA() throws {
        let rgb = try PCXReader.read(Self.pcx(width: 2, height: 1, bits: 8, planes: 3, bytesPerLine: 2, encoded: false,
                                              body: [255, 0, 0, 255, 0, 0]))
        #expect(rgb.channels == 3 && Self.rows(rgb) == [[Self.red, Self.green]])
        let rgba = try PCXReader.read(Self.pcx(width: 1, height: 1, bits: 8, planes: 4, bytesPerLine: 2, encoded: false,
                                               body: [0, 0, 255, 0, 0, 0, 128, 0]))
        #expect(rgba.channels == 4 && Self.rows(rgba) == [[[0, 255, 0, 128]]])
    }

    /// Runs are one stream: a run may cross a row's end, and a run of none is passed over.
    @Test func runsCrossRowsAndEmptyRunsArePassedOver() throws {
        // 2×2 grey: a run of three 9s (row 0 and the first of row 1), an empty run, one 0xC5
        // written as a run of one (its top bits would make it a count).
        let picture = try PCXReader.read(Self.pcx(width: 2, height: 2, bits: 8, planes: 1, bytesPerLine: 2,
                                                  body: [0xC3, 9, 0xC0, 77, 0xC1, 0xC5]))
        #expect(Self.rows(picture) == [[[9, 9, 9, 255], [9, 9, 9, 255]], [[9, 9, 9, 255], [0xC5, 0xC5, 0xC5, 255]]])
        #expect(!picture.endsEarly)
    }

    /// A file that stops part-way is read as far as it goes and says so.
    @Test func aFileThatStopsEarlySaysSo() throws {
        let picture = try PCXReader.read(Self.pcx(width: 2, height: 2, bits: 8, planes: 1, bytesPerLine: 2, body: [0xC2, 9, 4]))
        #expect(picture.endsEarly)
        #expect(Self.rows(picture)[0] == [[9, 9, 9, 255], [9, 9, 9, 255]])
    }

    /// Headers no reader should trust are refused with their reason.
    @Test func hostileHeadersAreRefusedWithTheirReason() {
        let cases: [(Data, PictureProblem)] = [
            (Self.pcx(width: 4, height: 1, bits: 1, planes: 1, bytesPerLine: 2, body: []).prefix(100), .damaged("its header is cut short")),
            (Self.pcx(width: 88, height: 2, bits: 8, planes: 1, bytesPerLine: 12, body: [0]),
             .damaged("its rows of 12 bytes do not suit 88 pixels of 8 bits")),
            (Self.pcx(width: 2, height: 2, bits: 8, planes: 2, bytesPerLine: 2, body: [0]),
             .damaged("it has 2 planes of 8 bits, which no PCX reader reads")),
            (Self.pcx(width: 20000, height: 1, bits: 8, planes: 1, bytesPerLine: 20000, body: [0]),
             .tooLarge("is 20,000×1, larger than 16,384 px on a side")),
        ]
        for (data, problem) in cases {
            #expect(throws: problem) { try PCXReader.read(data) }
        }
    }
}
