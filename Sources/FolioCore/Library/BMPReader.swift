import Foundation

/// Folio's own BMP reader: every kind of BMP in bmpsuite drawn as its reference pictures show
/// it, where gdk-pixbuf and SDL_image each drew some wrong (an OS/2 header or a pixel offset
/// black, a 16-bit palette as pixels, alpha bit fields swapped or lost, run-length encoding
/// from the top upside down). It reads the Windows headers of 40 to 124 bytes and OS/2's of
/// 12, 16 and 64; 1, 2, 4 and 8 bits through a palette, 16 and 32 bits through bit fields
/// (alpha included), 24 bits; 4- and 8-bit run-length encoding, whose skipped pixels are
/// left transparent (paper shows). A JPEG or PNG held inside is handed back to be decoded as
/// itself. Every read is bounded by the file (`ByteReader`) and the picture by `limit`; it
/// runs in the decoder worker, and `FuzzBMP` feeds it.
public enum BMPReader {
    /// Whether a header of `size` bytes is one a BMP has: OS/2's 12, 16 and 64, or Windows'
    /// 40 and longer (52, 56, 108 and 124 are written; a longer one of no known version is
    /// read as far as its fields are known, as gdk-pixbuf reads it).
    static func isHeaderSize(_ size: Int) -> Bool { [12, 16].contains(size) || (40...4096).contains(size) }

    /// The width and height a BMP's header gives (OS/2's 12-byte header: unsigned 16 bits;
    /// any other: signed 32 bits, a negative height storing rows from the top); nil when cut
    /// short. `ImageHeader.size` reads a BMP's shape with it too.
    static func dimensions(_ r: ByteReader) -> (width: Int, height: Int)? {
        guard let headerSize = r.u32(14) else { return nil }
        let os2 = headerSize == 12
        guard let width = os2 ? r.u16(18) : r.s32(18), let height = os2 ? r.u16(20) : r.s32(22) else { return nil }
        return (width, height)
    }

    /// The picture in `data`, within `limit` pixels.
    public static func read(_ data: Data, limit: Int = ImageHeader.maxFallbackPixels) throws -> DecodedPicture {
        try ByteReader.reading(data) { try read($0, limit: limit) }
    }

    static func read(_ r: ByteReader, limit: Int) throws -> DecodedPicture {
        guard r.u8(0) == 0x42, r.u8(1) == 0x4D, let offset = r.u32(10), let headerSize = r.u32(14) else {
            throw PictureProblem.damaged("its header is cut short")
        }
        guard isHeaderSize(headerSize) else {
            throw PictureProblem.damaged("its header is \(headerSize) bytes long, a size no BMP has")
        }
        let os2 = headerSize == 12
        guard let (width, signedHeight) = dimensions(r), let bits = r.u16(os2 ? 24 : 28) else {
            throw PictureProblem.damaged("its header is cut short")
        }
        let compression = headerSize >= 20 ? (r.u32(30) ?? -1) : 0
        let height = abs(signedHeight), topDown = signedHeight < 0
        guard width > 0, height > 0 else { throw PictureProblem.damaged("its header gives a \(width)×\(signedHeight) picture") }
        if let refusal = ImageHeader.refusal(width: width, height: height, limit: limit) { throw PictureProblem.tooLarge(refusal) }
        let layout = try Layout(r, headerSize: headerSize, bits: bits, compression: compression)
        if case .held(let format) = layout.encoding {
            let length = r.u32(34) ?? 0
            let end = length > 0 ? min(r.count, offset + length) : r.count
            guard offset < end else { throw PictureProblem.damaged("the \(format.rawValue.uppercased()) it holds is missing") }
            throw PictureProblem.holds(format, range: offset..<end)
        }
        guard [1, 2, 4, 8, 16, 24, 32].contains(bits) else { throw PictureProblem.damaged("it has \(bits) bits a pixel, which no BMP has") }
        guard offset < r.count else {
            throw PictureProblem.damaged("its header gives \(width)×\(height) pixels, but the file ends before them")
        }
        let palette = layout.palette(r, pixelsAt: offset, colours: os2 ? 0 : (r.u32(46) ?? 0))
        var canvas = PictureCanvas(width: width, height: height, topDown: topDown, alpha: layout.hasAlpha)
        switch layout.encoding {
        case .runs(let bitsPerIndex):
            canvas.endsEarly = !canvas.decodeRuns(r, from: offset, bitsPerIndex: bitsPerIndex, palette: palette)
        case .indexed:
            canvas.endsEarly = !canvas.decodeRows(r, from: offset, bits: bits) { palette.colour($0) }
        case .fields(let fields):
            canvas.endsEarly = !canvas.decodeRows(r, from: offset, bits: bits) { fields.colour($0) }
            if fields.alpha.mask != 0 { canvas.makeOpaqueIfNoAlpha() }
        case .held:
            break
        }
        return canvas.picture
    }

    /// How the pixels are stored, and where the palette starts.
    struct Layout {
        enum Encoding {
            case indexed
            case fields(BitFields)
            case runs(bitsPerIndex: Int)
            case held(ImageHeader.Format)
        }
        var encoding: Encoding
        var paletteStart: Int
        /// Whether pixels can be other than opaque: alpha bit fields, or runs that skip.
        var hasAlpha: Bool {
            switch encoding {
            case .runs: return true
            case .fields(let fields): return fields.alpha.mask != 0
            case .indexed, .held: return false
            }
        }
        var entrySize: Int
        var bits: Int

        init(_ r: ByteReader, headerSize: Int, bits: Int, compression: Int) throws {
            self.bits = bits
            paletteStart = 14 + headerSize
            entrySize = headerSize == 12 ? 3 : 4
            // OS/2 2.x numbers its own compressions 3 (Huffman) and 4 (24-bit runs).
            let os2v2 = headerSize == 16 || headerSize == 64
            switch (compression, bits) {
            case (0, ...8): encoding = .indexed
            case (0, 16): encoding = .fields(BitFields(red: 0x7C00, green: 0x03E0, blue: 0x001F, alpha: 0))
            // The fourth byte of a plain 32-bit BMP is unused, whatever it holds.
            case (0, _): encoding = .fields(BitFields(red: 0xFF_0000, green: 0xFF00, blue: 0xFF, alpha: 0))
            case (1, 8), (2, 4): encoding = .runs(bitsPerIndex: bits)
            case (3, 16) where !os2v2, (3, 32) where !os2v2, (6, 16), (6, 32):
                // The masks follow a 40-byte header, and are part of any longer one; alpha's
                // comes with BI_ALPHABITFIELDS (6), or within a header of 56 bytes or more.
                let withAlpha = compression == 6 || headerSize >= 56
                guard let red = r.u32(54), let green = r.u32(58), let blue = r.u32(62) else {
                    throw PictureProblem.damaged("its bit fields are cut short")
                }
                let alpha = withAlpha ? (r.u32(66) ?? 0) : 0
                if headerSize == 40 { paletteStart += compression == 6 ? 16 : 12 }
                encoding = .fields(BitFields(red: red, green: green, blue: blue, alpha: alpha))
            case (4, _) where !os2v2: encoding = .held(.jpeg)
            case (5, _) where !os2v2: encoding = .held(.png)
            case (3, _) where os2v2: throw PictureProblem.damaged("its OS/2 Huffman compression is not read")
            case (4, _) where os2v2: throw PictureProblem.damaged("its OS/2 24-bit run-length compression is not read")
            default: throw PictureProblem.damaged("its compression (\(compression)) does not suit \(bits) bits a pixel")
            }
        }

        /// The colours an index can name: as many as the header says (all that `bits` can
        /// name when it says 0), no more than lie before the pixels; an index past them is black.
        func palette(_ r: ByteReader, pixelsAt offset: Int, colours: Int) -> PictureCanvas.Palette {
            switch encoding {
            case .indexed, .runs: break
            case .fields, .held: return PictureCanvas.Palette(colours: [])
            }
            let most = 1 << bits
            var count = colours > 0 ? min(colours, most) : most
            if offset > paletteStart { count = min(count, (offset - paletteStart) / entrySize) }
            var table = [UInt32]()
            table.reserveCapacity(count)
            for i in 0..<count {
                let at = paletteStart + i * entrySize
                guard let b = r.u8(at), let g = r.u8(at + 1), let red = r.u8(at + 2) else { break }
                table.append(PictureCanvas.pack(red, g, b, 255))
            }
            return PictureCanvas.Palette(colours: table)
        }
    }


    /// Channels given by masks: each is shifted down and scaled to 0...255 (5 bits of white
    /// become 255, not 248).
    struct BitFields {
        struct Channel {
            let mask: Int, shift: Int, top: Int
            init(_ mask: Int) {
                self.mask = mask
                shift = mask == 0 ? 0 : mask.trailingZeroBitCount
                top = mask >> shift
            }
            func value(_ pixel: Int) -> Int { top == 0 ? 0 : ((pixel & mask) >> shift) * 255 / top }
        }
        let red: Channel, green: Channel, blue: Channel, alpha: Channel

        init(red: Int, green: Int, blue: Int, alpha: Int) {
            self.red = Channel(red)
            self.green = Channel(green)
            self.blue = Channel(blue)
            self.alpha = Channel(alpha)
        }

        func colour(_ pixel: Int) -> UInt32 {
            PictureCanvas.pack(red.value(pixel), green.value(pixel), blue.value(pixel), alpha.mask == 0 ? 255 : alpha.value(pixel))
        }
    }
}

/// Rows as a BMP stores them: bottom first unless its height was negative (`topDown`).
extension PictureCanvas {
    /// Uncompressed rows, each padded to four bytes; false when the file ends first.
    mutating func decodeRows(_ r: ByteReader, from offset: Int, bits: Int, colour: (Int) -> UInt32) -> Bool {
        let stride = (width * bits + 31) / 32 * 4
        let bytesPerPixel = bits / 8
        for row in 0..<height {
            let start = offset + row * stride
            for x in 0..<width {
                let pixel: Int
                if bits < 8 {
                    guard let byte = r.u8(start + x * bits / 8) else { return false }
                    let shift = 8 - bits - (x * bits) % 8
                    pixel = byte >> shift & (1 << bits - 1)
                } else {
                    let at = start + x * bytesPerPixel
                    switch bytesPerPixel {
                    case 1: guard let v = r.u8(at) else { return false }; pixel = v
                    case 2: guard let v = r.u16(at) else { return false }; pixel = v
                    case 3:
                        guard let lo = r.u16(at), let hi = r.u8(at + 2) else { return false }
                        pixel = lo | hi << 16
                    default: guard let v = r.u32(at) else { return false }; pixel = v
                    }
                }
                set(x, row, colour(pixel))
            }
        }
        return true
    }

    /// 8- or 4-bit run-length encoded rows (BI_RLE8, BI_RLE4): runs of one index (two
    /// alternating for 4 bits), literal stretches padded to two bytes, and escapes that
    /// end a row, end the picture or skip ahead. False when the file ends before the
    /// picture's end is marked.
    mutating func decodeRuns(_ r: ByteReader, from offset: Int, bitsPerIndex: Int, palette: PictureCanvas.Palette) -> Bool {
        var i = offset, x = 0, row = 0
        func index(_ byte: Int, _ n: Int) -> Int { bitsPerIndex == 8 ? byte : (n % 2 == 0 ? byte >> 4 : byte & 0xF) }
        while row < height {
            guard let count = r.u8(i), let value = r.u8(i + 1) else { return false }
            i += 2
            if count > 0 {
                for n in 0..<min(count, max(0, width - x)) { set(x + n, row, palette.colour(index(value, n))) }
                x += count
                continue
            }
            switch value {
            case 0: x = 0; row += 1
            case 1: return true
            case 2:
                guard let dx = r.u8(i), let dy = r.u8(i + 1) else { return false }
                i += 2
                x += dx
                row += dy
            default:
                let length = bitsPerIndex == 8 ? value : (value + 1) / 2
                guard r.has(length, at: i) else { return false }
                for n in 0..<min(value, max(0, width - x)) {
                    let byte = Int(r.bytes[i + (bitsPerIndex == 8 ? n : n / 2)])
                    set(x + n, row, palette.colour(index(byte, n)))
                }
                x += value
                i += (length + 1) & ~1
            }
        }
        return true
    }
}
