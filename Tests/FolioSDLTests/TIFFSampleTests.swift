import CSDL2
import CVips
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioWorker
@testable import FolioLibrary

/// TIFFs libvips and gdk-pixbuf refuse for their samples (Pillow's 12bit.cropped.tif and
/// 10ct_32bit_128.tiff) are read with libtiff as Pillow reads them: 12-bit grey scaled to 8
/// bits, 32-bit floats from their own range, a missing photometric tag taken as min-is-black;
/// the directory found wherever it lies, for the page's shape.
@Suite struct TIFFSampleTests {
    static func le16(_ v: Int) -> [UInt8] { FormatVariantTests.le16(v) }
    static func le32(_ v: Int) -> [UInt8] { FormatVariantTests.le32(v) }

    /// A one-strip TIFF of `width`×1 whose pixel bytes are `row`, its directory after them.
    static func tiff(width: Int, bits: Int, format: Int, photometric: Int?, row: [UInt8]) -> Data {
        func entry(_ tag: Int, _ type: Int, _ value: Int) -> [UInt8] {
            le16(tag) + le16(type) + le32(1) + (type == 3 ? le16(value) + le16(0) : le32(value))
        }
        let directory = 8 + row.count + row.count % 2
        var entries = [entry(256, 3, width), entry(257, 3, 1), entry(258, 3, bits), entry(259, 3, 1)]
        if let photometric { entries.append(entry(262, 3, photometric)) }
        entries += [entry(273, 4, 8), entry(277, 3, 1), entry(278, 3, 1), entry(279, 4, row.count), entry(339, 3, format)]
        return Data(Array("II".utf8) + le16(42) + le32(directory) + row + (row.count % 2 == 1 ? [0] : [])
                    + le16(entries.count) + entries.flatMap { $0 } + le32(0))
    }

    /// libtiff's reading: the grey of each pixel.
    static func greys(_ data: Data) -> [UInt8]? {
        var pixels: UnsafeMutablePointer<UInt8>?
        var w: Int32 = 0, h: Int32 = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { folio_tiff_read($0.baseAddress, $0.count, 1 << 20, &pixels, &w, &h, &error, error.count) }
        guard status == 0, let pixels else { return nil }
        defer { folio_tiff_free(pixels) }
        return (0..<Int(w * h)).map { pixels[$0 * 4] }
    }

    @Test func twelveBitGreyIsScaledToEightBits() throws {
        // 0, 4095, 2048, 1024, packed most significant bit first.
        let data = Self.tiff(width: 4, bits: 12, format: 1, photometric: 1, row: [0x00, 0x0F, 0xFF, 0x80, 0x04, 0x00])
        #expect(Self.greys(data) == [0, 255, 128, 64])
        let inverted = Self.tiff(width: 4, bits: 12, format: 1, photometric: 0, row: [0x00, 0x0F, 0xFF, 0x80, 0x04, 0x00])
        #expect(Self.greys(inverted) == [255, 0, 127, 191], "min-is-white")
    }

    @Test func floatsAreShownFromTheirOwnRangeWithoutAPhotometricTag() throws {
        let values: [Float] = [-3.14, 0, 3.14, .nan]
        let row = values.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) }
        let data = Self.tiff(width: 4, bits: 32, format: 3, photometric: nil, row: row)
        #expect(Self.greys(data) == [0, 128, 255, 0])
        // Through the whole path: libvips refuses it, gdk-pixbuf too, libtiff draws it; its
        // size comes from its directory, which lies past the head.
        var cutShort = false
        let shape = PageImage.Shape(width: 40, height: 40, radius: 0, side: .right)
        _ = try PageImage.decodeHere(.bytes(data, name: "phase.tiff"), reader: ImageReader(), shape: shape, cutShort: &cutShort)
        let wide = Self.tiff(width: 900, bits: 32, format: 3, photometric: nil, row: [UInt8](repeating: 0, count: 3600))
        #expect(BookShapes.sizeHere(of: .bytes(wide, name: "wide.tiff"), reader: ImageReader()) == Size(width: 900, height: 1))
    }

    @Test func samplesItCannotShowAreNamed() {
        var pixels: UnsafeMutablePointer<UInt8>?
        var w: Int32 = 0, h: Int32 = 0
        var error = [CChar](repeating: 0, count: 256)
        let signed = Self.tiff(width: 2, bits: 16, format: 2, photometric: 1, row: [0, 0, 0, 0])
        let status = signed.withUnsafeBytes { folio_tiff_read($0.baseAddress, $0.count, 1 << 20, &pixels, &w, &h, &error, error.count) }
        #expect(status == 1 && pixels == nil)
        #expect(String(cString: error) == "its samples are signed")
        let huge = Self.tiff(width: 16000, bits: 8, format: 1, photometric: 1, row: [UInt8](repeating: 0, count: 4))
        let refused = huge.withUnsafeBytes { folio_tiff_read($0.baseAddress, $0.count, 1000, &pixels, &w, &h, &error, error.count) }
        #expect(refused == 1 && String(cString: error) == "too large")
    }
}
