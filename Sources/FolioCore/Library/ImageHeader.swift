import Foundation

/// Reads an image's pixel size from its first bytes, without decoding it, so oversized
/// images are refused before anything large is allocated.
public enum ImageHeader {
    /// Largest side Folio decodes, pixels.
    public static let maxSide = 16384
    /// Largest image Folio decodes, pixels.
    public static let maxPixels = 100_000_000

    /// Width and height for PNG, JPEG, GIF, BMP and WebP; nil when the header is not one of
    /// these or is cut short.
    public static func size(of data: Data) -> (width: Int, height: Int)? {
        let b = [UInt8](data.prefix(min(data.count, 1 << 20)))
        func be16(_ i: Int) -> Int { i + 1 < b.count ? Int(b[i]) << 8 | Int(b[i + 1]) : -1 }
        func le16(_ i: Int) -> Int { i + 1 < b.count ? Int(b[i]) | Int(b[i + 1]) << 8 : -1 }
        func be32(_ i: Int) -> Int { i + 3 < b.count ? be16(i) << 16 | be16(i + 2) : -1 }
        func le32(_ i: Int) -> Int { i + 3 < b.count ? le16(i) | le16(i + 2) << 16 : -1 }
        func le24(_ i: Int) -> Int { i + 2 < b.count ? Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 : -1 }
        func valid(_ w: Int, _ h: Int) -> (width: Int, height: Int)? { w > 0 && h > 0 ? (w, h) : nil }

        if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return valid(be32(16), be32(20)) }
        if b.starts(with: Array("GIF8".utf8)) { return valid(le16(6), le16(8)) }
        if b.starts(with: Array("BM".utf8)) { return valid(le32(18), abs(Int(Int32(truncatingIfNeeded: le32(22))))) }
        if b.starts(with: Array("RIFF".utf8)), b.count > 30, Array(b[8..<12]) == Array("WEBP".utf8) {
            switch String(decoding: b[12..<16], as: UTF8.self) {
            case "VP8 ": return valid(le16(26) & 0x3FFF, le16(28) & 0x3FFF)
            case "VP8L":
                guard b.count > 24 else { return nil }
                let bits = le32(21)
                return valid((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            case "VP8X": return valid(le24(24) + 1, le24(27) + 1)
            default: return nil
            }
        }
        if b.starts(with: [0xFF, 0xD8]) {
            var i = 2
            while i + 9 < b.count {
                guard b[i] == 0xFF else { i += 1; continue }
                let marker = b[i + 1]
                if marker == 0xFF { i += 1; continue }
                if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
                let length = be16(i + 2)
                guard length >= 2 else { return nil }
                // Start-of-frame markers carry the size; C4 (DHT), C8 and CC are not frames.
                if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                    return valid(be16(i + 7), be16(i + 5))
                }
                i += 2 + length
            }
            return nil
        }
        return nil
    }

    /// Why an image of this size is refused, or nil when it is acceptable.
    public static func refusal(width: Int, height: Int) -> String? {
        if width > maxSide || height > maxSide { return "is \(width)×\(height), larger than \(maxSide) px on a side" }
        if width * height > maxPixels { return "is \(width)×\(height), more than \(maxPixels / 1_000_000) megapixels" }
        return nil
    }
}
