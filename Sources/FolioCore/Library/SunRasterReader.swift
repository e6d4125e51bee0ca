import Foundation

/// Folio's own reader of Sun raster files (`.ras`, `.sun`, `.im1`…`.im32`), as ImageMagick,
/// Pillow and the netpbm tools read them: a 32-byte big-endian header (magic 0x59A66A95,
/// width, height, depth, length, type, colour map type and length), an optional colour map
/// (all reds, then all greens, then all blues), then rows padded to 16 bits. Depths 1 (0 white,
/// 1 black unless a map says), 8 (grey, or through the map), 24 and 32 (blue first, or red
/// first for type 3, the 32-bit one with a pad byte before); type 2 run-length encoded (0x80
/// marks a run: 0x80 0 is one 0x80 byte, 0x80 n v is n + 1 bytes of v). Every read is bounded
/// by the file (`ByteReader`), the picture by `limit`; a file that stops part-way is shown as
/// far as it goes. It runs in the decoder worker; `FuzzSunRaster` feeds it.
public enum SunRasterReader {
    static let magic = 0x59A6_6A95

    /// Whether `data` begins as a Sun raster file.
    public static func isSunRaster(_ data: Data) -> Bool {
        ByteReader.reading(data.prefix(4), littleEndian: false) { $0.u32(0) == magic }
    }

    /// The width and height its header gives; nil when cut short.
    static func dimensions(_ r: ByteReader) -> (width: Int, height: Int)? {
        guard r.u32(0) == magic, let w = r.u32(4), let h = r.u32(8) else { return nil }
        return (w, h)
    }

    /// The picture in `data`, within `limit` pixels.
    public static func read(_ data: Data, limit: Int = ImageHeader.maxFallbackPixels) throws -> DecodedPicture {
        try ByteReader.reading(data, littleEndian: false) { try read($0, limit: limit) }
    }

    static func read(_ r: ByteReader, limit: Int) throws -> DecodedPicture {
        guard let (width, height) = dimensions(r), let depth = r.u32(12), let type = r.u32(20), let mapType = r.u32(24),
              let mapLength = r.u32(28) else {
            throw PictureProblem.damaged("its header is cut short")
        }
        guard width > 0, height > 0 else { throw PictureProblem.damaged("its header gives a \(width)×\(height) picture") }
        if let refusal = ImageHeader.refusal(width: width, height: height, limit: limit) { throw PictureProblem.tooLarge(refusal) }
        guard [1, 8, 24, 32].contains(depth) else { throw PictureProblem.damaged("it has \(depth) bits a pixel, which no Sun raster has") }
        guard [0, 1, 2, 3].contains(type) else { throw PictureProblem.damaged("its type (\(type)) is not one Folio reads") }
        guard mapType <= 2, mapLength <= 3 * 256, r.has(mapLength, at: 32) else {
            throw PictureProblem.damaged("its colour map is damaged")
        }
        // The map: as many reds, greens and blues (a raw map, type 2, is not colours).
        var palette: [UInt32] = []
        if mapType == 1, mapLength >= 3 {
            let n = mapLength / 3
            palette = (0..<n).map { i in PictureCanvas.pack(r.u8(32 + i) ?? 0, r.u8(32 + n + i) ?? 0, r.u8(32 + 2 * n + i) ?? 0, 255) }
        }
        let rowBytes = (width * depth + 15) / 16 * 2
        var source = Rows(r, from: 32 + mapLength, encoded: type == 2)
        var canvas = PictureCanvas(width: width, height: height, topDown: true, alpha: false)
        var row = [UInt8](repeating: 0, count: rowBytes)
        let redFirst = type == 3
        for y in 0..<height {
            guard source.fill(&row) else {
                canvas.endsEarly = true
                break
            }
            for x in 0..<width {
                let colour: UInt32
                switch depth {
                case 1:
                    let bit = Int(row[x / 8] >> (7 - x % 8) & 1)
                    colour = palette.count >= 2 ? palette[bit]
                        : bit == 1 ? PictureCanvas.pack(0, 0, 0, 255) : PictureCanvas.pack(255, 255, 255, 255)
                case 8:
                    let index = Int(row[x])
                    colour = palette.isEmpty ? PictureCanvas.pack(index, index, index, 255)
                        : index < palette.count ? palette[index] : PictureCanvas.pack(0, 0, 0, 255)
                default:
                    let at = x * depth / 8 + (depth == 32 ? 1 : 0)
                    let a = Int(row[at]), b = Int(row[at + 1]), c = Int(row[at + 2])
                    colour = redFirst ? PictureCanvas.pack(a, b, c, 255) : PictureCanvas.pack(c, b, a, 255)
                }
                canvas.set(x, y, colour)
            }
        }
        return canvas.picture
    }

    /// The pixel bytes, row after row: as stored, or through the run-length encoding (whose
    /// runs may cross a row's end).
    struct Rows {
        let r: ByteReader
        var at: Int
        let encoded: Bool
        /// Bytes of a run still to give, and their value.
        var pending = 0
        var value: UInt8 = 0

        init(_ r: ByteReader, from offset: Int, encoded: Bool) {
            self.r = r
            at = offset
            self.encoded = encoded
        }

        /// Fills `row` whole; false when the file ends first.
        mutating func fill(_ row: inout [UInt8]) -> Bool {
            var i = 0
            while i < row.count {
                if pending > 0 {
                    let n = min(pending, row.count - i)
                    for k in 0..<n { row[i + k] = value }
                    i += n
                    pending -= n
                    continue
                }
                guard let byte = r.u8(at) else { return false }
                guard encoded, byte == 0x80 else {
                    row[i] = UInt8(byte)
                    i += 1
                    at += 1
                    continue
                }
                guard let count = r.u8(at + 1) else { return false }
                if count == 0 {
                    row[i] = 0x80
                    i += 1
                    at += 2
                    continue
                }
                guard let run = r.u8(at + 2) else { return false }
                pending = count + 1
                value = UInt8(run)
                at += 3
            }
            return true
        }
    }
}
