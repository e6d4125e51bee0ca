import Foundation

/// Small pictures of the formats Folio reads itself, written byte by byte for the tests.
public enum PictureFixture {
    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }

    /// A PCX of `width`×`height`: `planes` planes of `bits` bits, `bytesPerLine` bytes each,
    /// the header's 16 colours `colours` (RGB triples), then `body` as stored (run-length
    /// encoded unless `encoded` is false).
    public static func pcx(width: Int, height: Int, bits: Int, planes: Int, bytesPerLine: Int, colours: [[UInt8]] = [],
                           version: UInt8 = 5, encoded: Bool = true, body: [UInt8]) -> Data {
        var header = [0x0A, version, encoded ? 1 : 0, UInt8(bits)] + le16(0) + le16(0) + le16(width - 1) + le16(height - 1)
            + le16(72) + le16(72)
        let palette = colours.flatMap { $0 }
        header += palette + [UInt8](repeating: 0, count: 48 - palette.count)
        header += [0, UInt8(planes)] + le16(bytesPerLine) + le16(1) + [UInt8](repeating: 0, count: 58)
        return Data(header + body)
    }
}
