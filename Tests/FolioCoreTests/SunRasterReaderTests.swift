import Foundation
import Testing
@testable import FolioCore

/// Sun raster files (Pillow's hopper.ras, and what ImageMagick and netpbm write) are read by
/// Folio's own reader: every depth, the colour map, the run-length encoding, rows padded to 16
/// bits, and a file cut short shown as far as it goes.
@Suite struct SunRasterReaderTests {
    static func be32(_ v: Int) -> [UInt8] { (0..<4).reversed().map { UInt8(v >> (8 * $0) & 0xFF) } }

    static func raster(width: Int, height: Int, depth: Int, type: Int = 1, map: [UInt8] = [], _ data: [UInt8]) -> Data {
        Data([0x59, 0xA6, 0x6A, 0x95] + be32(width) + be32(height) + be32(depth) + be32(data.count) + be32(type)
             + be32(map.isEmpty ? 0 : 1) + be32(map.count) + map + data)
    }

    /// The picture's pixels as (r, g, b) triples.
    static func pixels(_ picture: DecodedPicture) -> [[UInt8]] {
        stride(from: 0, to: picture.pixels.count, by: picture.channels).map { Array(picture.pixels[$0..<($0 + 3)]) }
    }

    static let white: [UInt8] = [255, 255, 255], black: [UInt8] = [0, 0, 0]

    @Test func oneBitRowsArePaddedToSixteenBits() throws {
        // 3 pixels a row take 2 bytes: 101, then 010.
        let picture = try SunRasterReader.read(Self.raster(width: 3, height: 2, depth: 1, [0b1010_0000, 0xFF, 0b0100_0000, 0xFF]))
        #expect(Self.pixels(picture) == [Self.black, Self.white, Self.black, Self.white, Self.black, Self.white])
        #expect(!picture.endsEarly)
    }

    @Test func eightBitsGoThroughTheMapOrAreGrey() throws {
        let map: [UInt8] = [255, 0, 0, 255, 0, 0]  // reds, greens, blues: red and green
        let mapped = try SunRasterReader.read(Self.raster(width: 2, height: 1, depth: 8, map: map, [0, 1]))
        #expect(Self.pixels(mapped) == [[255, 0, 0], [0, 255, 0]])
        let grey = try SunRasterReader.read(Self.raster(width: 1, height: 1, depth: 8, [77, 0]))
        #expect(Self.pixels(grey) == [[77, 77, 77]])
    }

    @Test func truecolourIsBlueFirstUnlessTypeThree() throws {
        let bgr = try SunRasterReader.read(Self.raster(width: 1, height: 1, depth: 24, [10, 20, 30, 0]))
        #expect(Self.pixels(bgr) == [[30, 20, 10]])
        let rgb = try SunRasterReader.read(Self.raster(width: 1, height: 1, depth: 32, type: 3, [0, 10, 20, 30]))
        #expect(Self.pixels(rgb) == [[10, 20, 30]])
    }

    @Test func runsCrossRowsAndAnEscapedByteIsOne() throws {
        // 2×2 of 8 bits (rows of 2 bytes): a run of five 9s over both rows' ends, then 0x80 once.
        let picture = try SunRasterReader.read(Self.raster(width: 2, height: 3, depth: 8, type: 2, [0x80, 4, 9, 0x80, 0]))
        #expect(Self.pixels(picture).map(\.[0]) == [9, 9, 9, 9, 9, 0x80])
    }

    @Test func aFileCutShortIsShownAsFarAsItGoesAndBadHeadersAreNamed() throws {
        let cut = try SunRasterReader.read(Self.raster(width: 2, height: 2, depth: 8, [1, 2]))
        #expect(cut.endsEarly && Self.pixels(cut).first == [1, 1, 1])
        #expect(throws: PictureProblem.damaged("it has 7 bits a pixel, which no Sun raster has")) {
            try SunRasterReader.read(Self.raster(width: 1, height: 1, depth: 7, [0, 0]))
        }
        #expect(throws: PictureProblem.tooLarge("is 20,000×2, larger than 16,384 px on a side")) {
            try SunRasterReader.read(Self.raster(width: 20000, height: 2, depth: 8, []))
        }
        #expect(throws: PictureProblem.damaged("its colour map is damaged")) {
            try SunRasterReader.read(Self.raster(width: 1, height: 1, depth: 8, map: [1, 2, 3], []).prefix(34))
        }
        #expect(ImageHeader.sniff(Self.raster(width: 5, height: 6, depth: 8, []), fileExtension: "im8") == .ras)
        #expect(ImageHeader.size(of: Self.raster(width: 5, height: 6, depth: 8, []), format: .ras).map { [$0.width, $0.height] } == [5, 6])
    }
}
