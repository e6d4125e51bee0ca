import Foundation

/// Folio's own PCX reader, as Pillow and ImageMagick read PCX: one plane of 1 bit (0 black,
/// 1 white), 2 or 4 bits, or 1 bit in two to four planes (EGA) through the header's 16
/// colours; 8 bits through the 256-colour palette at the file's end (grey without one); three
/// planes of 8 bits as RGB and four as RGBA. SDL_image drew a one-bit PCX inverted and a
/// four-plane one black. The run-length encoded rows are read as one stream (runs may cross a
/// plane's or a row's end, as writers make them), every read bounded by the file
/// (`ByteReader`), the picture by `limit`. It runs in the decoder worker; `FuzzPCX` feeds it.
public enum PCXReader {
    /// The width and height a PCX's header gives (its window's corners, both included); nil
    /// when cut short. `ImageHeader.size` reads a PCX's shape with it too.
    static func dimensions(_ r: ByteReader) -> (width: Int, height: Int)? {
        guard let x0 = r.u16(4), let y0 = r.u16(6), let x1 = r.u16(8), let y1 = r.u16(10) else { return nil }
        return (x1 - x0 + 1, y1 - y0 + 1)
    }

    /// The picture in `data`, within `limit` pixels.
    public static func read(_ data: Data, limit: Int = ImageHeader.maxFallbackPixels) throws -> DecodedPicture {
        try ByteReader.reading(data) { try read($0, limit: limit) }
    }

    static func read(_ r: ByteReader, limit: Int) throws -> DecodedPicture {
        guard r.u8(0) == 0x0A, let version = r.u8(1), let encoding = r.u8(2), let bits = r.u8(3),
              let (width, height) = dimensions(r), let planes = r.u8(65), let bytesPerLine = r.u16(66), r.count >= 128 else {
            throw PictureProblem.damaged("its header is cut short")
        }
        guard width > 0, height > 0 else { throw PictureProblem.damaged("its header gives a \(width)×\(height) picture") }
        if let refusal = ImageHeader.refusal(width: width, height: height, limit: limit) { throw PictureProblem.tooLarge(refusal) }
        guard let kind = Kind(bits: bits, planes: planes) else {
            throw PictureProblem.damaged("it has \(planes) planes of \(bits) bits, which no PCX reader reads")
        }
        guard bytesPerLine >= (width * bits + 7) / 8, bytesPerLine <= (width * bits + 7) / 8 + 256 else {
            throw PictureProblem.damaged("its rows of \(bytesPerLine) bytes do not suit \(width) pixels of \(bits) bits")
        }
        guard encoding <= 1 else { throw PictureProblem.damaged("its encoding (\(encoding)) is none PCX has") }
        let palette = kind.palette(r, version: version)
        var canvas = PictureCanvas(width: width, height: height, topDown: true, alpha: kind == .rgba)
        var runs = Runs(r, encoded: encoding == 1)
        var line = [UInt8](repeating: 0, count: planes * bytesPerLine)
        for row in 0..<height {
            guard runs.fill(&line) else {
                canvas.endsEarly = true
                break
            }
            for x in 0..<width {
                canvas.set(x, row, kind.colour(x, in: line, bytesPerLine: bytesPerLine, palette: palette))
            }
        }
        if kind == .rgba { canvas.makeOpaqueIfNoAlpha() }
        return canvas.picture
    }

    /// How a row's planes make a pixel.
    enum Kind: Equatable {
        /// One plane of 1, 2, 4 or 8 bits, an index (1 bit: black and white).
        case packed(bits: Int)
        /// 1 bit in each of 2 to 4 planes: the planes' bits, lowest first, an index.
        case planar(planes: Int)
        case rgb, rgba

        init?(bits: Int, planes: Int) {
            switch (bits, planes) {
            case (1, 1), (2, 1), (4, 1), (8, 1): self = .packed(bits: bits)
            case (1, 2...4): self = .planar(planes: planes)
            case (8, 3): self = .rgb
            case (8, 4): self = .rgba
            default: return nil
            }
        }

        /// Its colours: 1 bit black and white; 8 bits the 256 after the file's 0x0C mark
        /// (version 5), or grey; the rest the header's 16.
        func palette(_ r: ByteReader, version: Int) -> PictureCanvas.Palette {
            func colours(at offset: Int, count: Int) -> [UInt32] {
                (0..<count).map { i in
                    let at = offset + 3 * i
                    return PictureCanvas.pack(r.u8(at) ?? 0, r.u8(at + 1) ?? 0, r.u8(at + 2) ?? 0, 255)
                }
            }
            switch self {
            case .packed(bits: 1):
                return PictureCanvas.Palette(colours: [PictureCanvas.pack(0, 0, 0, 255), PictureCanvas.pack(255, 255, 255, 255)])
            case .packed(bits: 8):
                let mark = r.count - 769
                if version >= 5, mark >= 128, r.u8(mark) == 0x0C {
                    return PictureCanvas.Palette(colours: colours(at: mark + 1, count: 256))
                }
                return PictureCanvas.Palette(colours: (0..<256).map { PictureCanvas.pack($0, $0, $0, 255) })
            case .packed, .planar: return PictureCanvas.Palette(colours: colours(at: 16, count: 16))
            case .rgb, .rgba: return PictureCanvas.Palette(colours: [])
            }
        }

        /// Pixel `x` of a decoded row (`bytesPerLine` bytes a plane).
        func colour(_ x: Int, in line: [UInt8], bytesPerLine: Int, palette: PictureCanvas.Palette) -> UInt32 {
            switch self {
            case .packed(let bits):
                let byte = Int(line[x * bits / 8])
                return palette.colour(byte >> (8 - bits - (x * bits) % 8) & (1 << bits - 1))
            case .planar(let planes):
                var index = 0
                for plane in 0..<planes { index |= (Int(line[plane * bytesPerLine + x / 8]) >> (7 - x % 8) & 1) << plane }
                return palette.colour(index)
            case .rgb, .rgba:
                let alpha = self == .rgba ? Int(line[3 * bytesPerLine + x]) : 255
                return PictureCanvas.pack(Int(line[x]), Int(line[bytesPerLine + x]), Int(line[2 * bytesPerLine + x]), alpha)
            }
        }
    }

    /// The bytes after the header, run-length decoded (a byte of the two top bits set counts
    /// the next one's repeats; any other is itself), or read as they are.
    struct Runs {
        let r: ByteReader
        let encoded: Bool
        var at = 128, repeats = 0, value: UInt8 = 0

        init(_ r: ByteReader, encoded: Bool) {
            self.r = r
            self.encoded = encoded
        }

        /// Fills `line` with the next bytes; false when the file ends first.
        mutating func fill(_ line: inout [UInt8]) -> Bool {
            var i = 0
            while i < line.count {
                if repeats == 0 {  // the next byte or run (a run of none is passed over)
                    guard let byte = r.u8(at) else { return false }
                    at += 1
                    if encoded, byte & 0xC0 == 0xC0 {
                        guard let next = r.u8(at) else { return false }
                        at += 1
                        repeats = byte & 0x3F
                        value = UInt8(next)
                    } else {
                        repeats = 1
                        value = UInt8(byte)
                    }
                    continue
                }
                line[i] = value
                repeats -= 1
                i += 1
            }
            return true
        }
    }
}
