import CSDL2
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioWorker
@testable import FolioLibrary

/// Icons and bare bitmaps a reference reads (Pillow's corpus): an ICO whose picture is a PNG
/// (gdk-pixbuf calls it compressed and gives up), one whose directory gives another size than
/// its picture, a `.dib` (a BMP without its file header), an ICNS whose largest icon is a
/// PNG or a JPEG 2000 (gdk-pixbuf reads no JPEG 2000), and a Sun raster.
@Suite struct IconTests {
    static let shape = PageImage.Shape(width: 40, height: 40, radius: 0, side: .right)
    static func le16(_ v: Int) -> [UInt8] { FormatVariantTests.le16(v) }
    static func le32(_ v: Int) -> [UInt8] { FormatVariantTests.le32(v) }
    static func be32(_ v: Int) -> [UInt8] { le32(v).reversed() }

    /// A red PNG, `side` pixels a side.
    static func png(side: Int32) throws -> Data {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-icon-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PageFitTests.framedPNG(width: side, height: side, at: path)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// An ICO of `entries` (width and height its directory gives, bits, data), in that order.
    static func ico(_ entries: [(w: Int, h: Int, bits: Int, data: Data)]) -> Data {
        var offset = 6 + 16 * entries.count
        var out = le16(0) + le16(1) + le16(entries.count)
        for entry in entries {
            out += [UInt8(entry.w & 0xFF), UInt8(entry.h & 0xFF), 0, 0] + le16(1) + le16(entry.bits) + le32(entry.data.count) + le32(offset)
            offset += entry.data.count
        }
        return Data(out) + entries.reduce(Data()) { $0 + $1.data }
    }

    /// A 4×4 32-bit DIB of blue (as an icon's: twice as tall, its AND mask after).
    static func dib(icon: Bool) -> Data {
        let rows = icon ? 8 : 4
        let info = le32(40) + le32(4) + le32(rows) + le16(1) + le16(32) + [UInt8](repeating: 0, count: 24)
        return Data(info + (0..<16).flatMap { _ in [255, 0, 0, 255] as [UInt8] } + (icon ? [UInt8](repeating: 0, count: 16) : []))
    }

    /// A 2×2 Sun raster of blue (24 bits, stored blue first).
    static func sunRaster() -> Data {
        let header = [0x59A6_6A95, 2, 2, 24, 12, 1, 0, 0].flatMap { v in (0..<4).reversed().map { UInt8(v >> (8 * $0) & 0xFF) } }
        return Data(header + Array(repeating: [255, 0, 0, 255, 0, 0] as [UInt8], count: 2).flatMap { $0 })  // rows of 6 bytes
    }

    @Test func theLargestEntryOfAnIconIsChosen() throws {
        let png = try Self.png(side: 24)
        let icon = Self.ico([(16, 16, 32, Self.dib(icon: true)), (24, 24, 32, png), (24, 24, 8, Self.dib(icon: true))])
        let at = 6 + 3 * 16 + Self.dib(icon: true).count
        #expect(IconReader.best(ofICO: icon) == .png(at..<(at + png.count)), "the largest, then the deepest")
        guard case .bmp(let file)? = IconReader.best(ofICO: Self.ico([(16, 32, 32, Self.dib(icon: true))])) else {
            Issue.record("the DIB was not made a BMP")
            return
        }
        #expect(file.starts(with: Array("BM".utf8)) && ImageHeader.size(of: file, format: .bmp).map { [$0.width, $0.height] } == [4, 4],
                "an icon's DIB gives its own height, not its mask's too")
        #expect(IconReader.best(ofICO: Data(Self.le16(0) + Self.le16(1) + Self.le16(1) + [UInt8](repeating: 9, count: 8) + Self.le32(4) + Self.le32(999))) == nil,
                "an entry past the file")
    }

    @Test func aDIBIsABitmapWithoutItsFileHeader() throws {
        let file = try #require(IconReader.bmp(ofDIB: Self.dib(icon: false)))
        #expect(file.count == 14 + Self.dib(icon: false).count)
        #expect(ByteReader.reading(file) { $0.u32(10) } == 54, "the pixels follow the 40-byte header")
        let palette = Data(Self.le32(40) + Self.le32(2) + Self.le32(2) + Self.le16(1) + Self.le16(8) + Self.le32(0) + Self.le32(0)
                           + Self.le32(0) + Self.le32(0) + Self.le32(3) + Self.le32(0) + [UInt8](repeating: 0, count: 12 + 8))
        #expect(IconReader.bmp(ofDIB: palette).flatMap { f in ByteReader.reading(f) { $0.u32(10) } } == 54 + 12, "three colours")
        #expect(IconReader.bmp(ofDIB: Data([7, 0, 0, 0, 1, 2])) == nil)
    }

    @Test func iconsAndBareBitmapsAreDrawn() throws {
        let png = try Self.png(side: 24)
        let icns = Data(Array("icns".utf8) + Self.be32(8 + 8 + png.count + 8 + 4) + Array("ic08".utf8) + Self.be32(8 + png.count)) + png
            + Data(Array("is32".utf8) + Self.be32(12) + [1, 2, 3, 4])
        #expect(IconReader.largestICNS(icns) == 256)
        #expect(IconReader.largestICNSPicture(icns)?.kind == "png")
        let cases: [(String, Data)] = [("png.ico", Self.ico([(24, 24, 32, png)])), ("odd.ico", Self.ico([(16, 32, 32, Self.dib(icon: true))])),
                                       ("bare.dib", Self.dib(icon: false)), ("apple.icns", icns), ("sun.ras", Self.sunRaster())]
        for (name, data) in cases {
            var cutShort = false
            let surface = try PageImage.decodeHere(.bytes(data, name: name), reader: ImageReader(), shape: Self.shape, cutShort: &cutShort)
            #expect(!cutShort, "\(name)")
            let (r, g, b) = DocumentPageTests.centre(surface)
            #expect(name.hasSuffix(".dib") || name == "odd.ico" || name == "sun.ras" ? b > 200 && r < 50 : r > 0 || g > 0 || b > 0,
                    "\(name): \(r), \(g), \(b)")
        }
        #expect(BookShapes.sizeHere(of: .bytes(Self.dib(icon: false), name: "bare.dib"), reader: ImageReader()) == Size(width: 4, height: 4))
    }
}
