import Foundation

/// Reads an image's pixel size from its first bytes, without decoding it, for the formats
/// gdk-pixbuf or SDL_image decode (BMP, TGA, QOI, PCX, ICO/CUR, XPM, XBM; libvips reads every
/// other format's header itself),
/// and holds the size limits that apply to every format.
public enum ImageHeader {
    /// Largest side Folio decodes, pixels.
    public static let maxSide = 16384
    /// Largest image Folio decodes, pixels (libvips shrinks while it loads).
    public static let maxPixels = 100_000_000
    /// Largest image decoded whole by SDL_image (no shrink-on-load): 100 MB of RGBA.
    public static let maxFallbackPixels = 25_000_000

    public enum Format: String, Sendable, CaseIterable {
        case png, jpeg, gif, webp, tiff, bmp, tga, qoi, pcx, ico, xpm, xbm

        /// Formats libvips does not read here: decoded whole (no shrink-on-load), by gdk-pixbuf
        /// or SDL_image, after this header check.
        public var decodedWhole: Bool { [.bmp, .tga, .qoi, .pcx, .ico, .xpm, .xbm].contains(self) }

        /// Formats SDL_image reads: QOI and PCX, and BMP and TGA where gdk-pixbuf gave up. Its
        /// XPM and ICO readers are left out after fuzzing (a malformed XPM crashed SDL_image
        /// 2.6.3), and it has no XBM reader.
        public var decodedBySDLImage: Bool { [.bmp, .tga, .qoi, .pcx].contains(self) }

        public var decodedByPixbuf: Bool { [.bmp, .tga, .ico, .xpm, .xbm, .tiff].contains(self) }
    }

    /// The format from the magic bytes, or for TGA (which has none) from the extension and a
    /// plausible header.
    public static func sniff(_ data: Data, fileExtension: String) -> Format? {
        let b = [UInt8](data.prefix(18))
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if b.starts(with: Array("GIF8".utf8)) { return .gif }
        if b.starts(with: Array("RIFF".utf8)), b.count >= 12, Array(b[8..<12]) == Array("WEBP".utf8) { return .webp }
        if b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if b.starts(with: Array("BM".utf8)) { return .bmp }
        if b.starts(with: Array("qoif".utf8)) { return .qoi }
        if b.count >= 4, b[0] == 0x0A, [0, 2, 3, 4, 5].contains(b[1]), b[2] == 1 { return .pcx }
        // ICO (type 1) and CUR (type 2): a reserved zero, the type, at least one image.
        if b.count >= 6, b[0] == 0, b[1] == 0, [1, 2].contains(b[2]), b[3] == 0, b[4] | b[5] != 0 { return .ico }
        if b.starts(with: Array("/* XPM */".utf8)) { return .xpm }
        if b.starts(with: Array("#define ".utf8)), String(decoding: data.prefix(256), as: UTF8.self).contains("_width ") { return .xbm }
        if ["tga", "icb", "vda", "vst"].contains(fileExtension.lowercased()), b.count == 18,
           b[1] <= 1, [1, 2, 3, 9, 10, 11].contains(b[2]), [8, 15, 16, 24, 32].contains(b[16]) { return .tga }
        return nil
    }

    /// Width and height from the header of a BMP, TGA, QOI, PCX, ICO or XPM; nil when cut
    /// short or not positive.
    public static func size(of data: Data, format: Format) -> (width: Int, height: Int)? {
        if format == .xpm { return xpmSize(data.prefix(4096)) }
        if format == .xbm { return xbmSize(data.prefix(1024)) }
        if format == .tiff { return tiffSize(data.prefix(4096)) }
        let b = [UInt8](data.prefix(32))
        func le16(_ i: Int) -> Int { i + 1 < b.count ? Int(b[i]) | Int(b[i + 1]) << 8 : -1 }
        func be32(_ i: Int) -> Int { i + 3 < b.count ? Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) : -1 }
        func le32(_ i: Int) -> Int { i + 3 < b.count ? le16(i) | le16(i + 2) << 16 : -1 }
        func valid(_ w: Int, _ h: Int) -> (width: Int, height: Int)? { w > 0 && h > 0 ? (w, h) : nil }
        switch format {
        case .bmp:
            let headerSize = le32(14)
            guard b.count >= 26 else { return nil }
            if headerSize == 12 { return valid(le16(18), le16(20)) }  // OS/2 BITMAPCOREHEADER
            return valid(abs(Int(Int32(truncatingIfNeeded: le32(18)))), abs(Int(Int32(truncatingIfNeeded: le32(22)))))
        case .tga: return valid(le16(12), le16(14))
        case .qoi: return valid(be32(4), be32(8))
        case .pcx: return valid(le16(8) - le16(4) + 1, le16(10) - le16(6) + 1)
        case .png: return valid(be32(16), be32(20))
        // The first image of the directory; 0 means 256.
        case .ico: return b.count >= 8 ? (b[6] == 0 ? 256 : Int(b[6]), b[7] == 0 ? 256 : Int(b[7])) : nil
        case .gif: return b.count >= 10 ? (le16(6), le16(8)) : nil  // the logical screen, maybe empty
        case .jpeg, .webp, .tiff, .xpm, .xbm: return nil  // libvips reads these; XPM, XBM and TIFF are read above
        }
    }

    /// An XPM's size: the first two numbers of its first string ("width height colours
    /// characters-per-pixel"), found within its first 4 KB.
    static func xpmSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        guard let open = bytes.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        let line = bytes[(open + 1)...].prefix { $0 != UInt8(ascii: "\"") }
        let numbers = String(decoding: line, as: UTF8.self).split(separator: " ", omittingEmptySubsequences: true)
        guard numbers.count >= 4, let w = Int(numbers[0]), let h = Int(numbers[1]), w > 0, h > 0 else { return nil }
        return (w, h)
    }

    /// A TIFF's size from its first directory's ImageWidth (256) and ImageLength (257), when
    /// that directory lies within `data` (libvips reads TIFFs, but refuses some it cannot
    /// draw, such as old-style JPEG ones, whose shape is still theirs).
    static func tiffSize(_ data: Data) -> (width: Int, height: Int)? {
        let b = [UInt8](data)
        guard b.count >= 8 else { return nil }
        let little: Bool
        if b[0] == 0x49, b[1] == 0x49, b[2] == 42, b[3] == 0 { little = true }
        else if b[0] == 0x4D, b[1] == 0x4D, b[2] == 0, b[3] == 42 { little = false }
        else { return nil }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 1 < b.count else { return nil }
            return little ? Int(b[i]) | Int(b[i + 1]) << 8 : Int(b[i]) << 8 | Int(b[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let c = u16(i + 2) else { return nil }
            return little ? a | c << 16 : a << 16 | c
        }
        guard let directory = u32(4), let entries = u16(directory) else { return nil }
        var width: Int?, height: Int?
        for n in 0..<entries {
            let entry = directory + 2 + 12 * n
            guard let tag = u16(entry), let type = u16(entry + 2), let count = u32(entry + 4) else { return nil }
            guard tag == 256 || tag == 257, count == 1 else { continue }
            // SHORT (3) or LONG (4), held in the entry itself.
            let value = type == 3 ? u16(entry + 8) : type == 4 ? u32(entry + 8) : nil
            if tag == 256 { width = value } else { height = value }
            if let width, let height { return width > 0 && height > 0 ? (width, height) : nil }
        }
        return nil
    }

    /// An XBM's size: the numbers after its `#define NAME_width` and `NAME_height`, within
    /// its first kilobyte.
    static func xbmSize(_ data: Data) -> (width: Int, height: Int)? {
        let text = String(decoding: data, as: UTF8.self)
        func number(after key: String) -> Int? {
            guard let range = text.range(of: key) else { return nil }
            return Int(text[range.upperBound...].drop { $0 == " " || $0 == "\t" }.prefix { $0.isNumber }.prefix(9))
        }
        guard let w = number(after: "_width "), let h = number(after: "_height "), w > 0, h > 0 else { return nil }
        return (w, h)
    }

    /// True for a BMP that SDL_image draws right and gdk-pixbuf does not: 16 bits a pixel or
    /// fewer, not run-length encoded. Measured on bmpsuite (Pillow's copy) against its
    /// reference pictures, gdk-pixbuf drew an 8-bit BMP whose pixels do not follow its
    /// palette, or with an OS/2 header of its own size, all black; a 16-bit one with a
    /// palette as its palette; and lost 4-4-4-4 alpha. It is right where SDL_image is not:
    /// run-length encoding with skipped pixels (transparent), and 32 bits with alpha.
    public static func bmpDrawnBetterBySDLImage(_ data: Data) -> Bool {
        let b = [UInt8](data.prefix(34))
        guard b.count >= 26 else { return false }
        let header = Int(b[14]) | Int(b[15]) << 8 | Int(b[16]) << 16 | Int(b[17]) << 24
        if header == 12 { return true }  // OS/2 1.x: 1, 4, 8 or 24 bits, never compressed
        guard b.count >= 34 else { return false }
        let bits = Int(b[28]) | Int(b[29]) << 8
        let compression = Int(b[30]) | Int(b[31]) << 8 | Int(b[32]) << 16 | Int(b[33]) << 24
        return bits <= 16 && compression != 1 && compression != 2
    }

    /// The fewest bytes a plain (ASCII) Netpbm image of `width`×`height` can take, from its
    /// first bytes ("P1" a digit a pixel, "P2" a value and a separator, "P3" three of them);
    /// nil for any other format. A file far shorter than its header promises makes libvips
    /// read past its end once a sample, for seconds (found by FuzzImage): it is refused first.
    public static func plainNetpbmMinimumBytes(_ head: Data, width: Int, height: Int) -> Int? {
        let b = [UInt8](head.prefix(2))
        guard b.count == 2, b[0] == UInt8(ascii: "P") else { return nil }
        let pixels = width * height
        switch b[1] {
        case UInt8(ascii: "1"): return pixels
        case UInt8(ascii: "2"): return 2 * pixels - 1
        case UInt8(ascii: "3"): return 6 * pixels - 1
        default: return nil
        }
    }

    /// Where an uncompressed BMP's or TGA's pixels begin and the bytes they take, from its
    /// header (the last row needs no padding); nil for any other format, a compressed one
    /// (RLE, JPEG or PNG inside a BMP) or a header too short to say. A file shorter than that
    /// ends early; one that ends before its pixels begin holds none.
    public static func uncompressedPixels(_ data: Data, format: Format) -> (offset: Int, end: Int)? {
        let b = [UInt8](data.prefix(64))
        func le16(_ i: Int) -> Int? { i + 1 < b.count ? Int(b[i]) | Int(b[i + 1]) << 8 : nil }
        func le32(_ i: Int) -> Int? { i + 3 < b.count ? Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 | Int(b[i + 3]) << 24 : nil }
        func span(_ offset: Int, width: Int, height: Int, bits: Int, rowAlign: Int) -> (offset: Int, end: Int)? {
            guard width > 0, height > 0, width <= maxSide, height <= maxSide, bits > 0, bits <= 64 else { return nil }
            let row = (width * bits + rowAlign * 8 - 1) / (rowAlign * 8) * rowAlign
            return (offset, offset + row * (height - 1) + (width * bits + 7) / 8)
        }
        switch format {
        case .bmp:
            guard let offset = le32(10), let header = le32(14) else { return nil }
            if header == 12 {  // OS/2 BITMAPCOREHEADER: never compressed
                guard let w = le16(18), let h = le16(20), let bits = le16(24) else { return nil }
                return span(offset, width: w, height: h, bits: bits, rowAlign: 4)
            }
            guard header >= 40, let w = le32(18), let h = le32(22), let bits = le16(28), let compression = le32(30),
                  [0, 3, 6].contains(compression) else { return nil }
            return span(offset, width: Int(Int32(truncatingIfNeeded: w)), height: abs(Int(Int32(truncatingIfNeeded: h))), bits: bits, rowAlign: 4)
        case .tga:
            guard b.count >= 18, [1, 2, 3].contains(b[2]), let mapLength = le16(5), let w = le16(12), let h = le16(14) else { return nil }
            let map = b[1] == 1 ? mapLength * ((Int(b[7]) + 7) / 8) : 0
            return span(18 + Int(b[0]) + map, width: w, height: h, bits: (Int(b[16]) + 7) / 8 * 8, rowAlign: 1)
        default:
            return nil
        }
    }

    /// Why an image of this size is refused, or nil when it is acceptable.
    public static func refusal(width: Int, height: Int, limit: Int = maxPixels) -> String? {
        if width > maxSide || height > maxSide { return "is \(width)×\(height), larger than \(maxSide) px on a side" }
        if width * height > limit { return "is \(width)×\(height), more than \(limit / 1_000_000) megapixels" }
        return nil
    }
}
