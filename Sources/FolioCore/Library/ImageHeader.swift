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
        case png, jpeg, gif, webp, tiff, bmp, tga, qoi, pcx, ico, xpm, xbm, icns, ras

        /// Formats libvips does not read here: decoded whole (no shrink-on-load), by Folio's
        /// own readers (BMP, PCX), gdk-pixbuf or SDL_image, after this header check.
        public var decodedWhole: Bool { [.bmp, .tga, .qoi, .pcx, .ico, .xpm, .xbm, .icns, .ras].contains(self) }

        /// Formats SDL_image reads: QOI, and TGA where gdk-pixbuf gave up. Its XPM and ICO
        /// readers are left out after fuzzing (a malformed XPM crashed SDL_image 2.6.3), and
        /// it has no XBM reader. BMP and PCX are Folio's own (`BMPReader`, `PCXReader`): the
        /// libraries drew some kinds of each wrong.
        public var decodedBySDLImage: Bool { [.tga, .qoi].contains(self) }

        public var decodedByPixbuf: Bool { [.tga, .ico, .xpm, .xbm, .tiff, .icns].contains(self) }
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
        if b.starts(with: Array("icns".utf8)) { return .icns }
        if b.starts(with: [0x59, 0xA6, 0x6A, 0x95]) { return .ras }
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
        // The largest icon its elements name (`IconReader`).
        if format == .icns { return IconReader.largestICNS(data).map { ($0, $0) } }
        return ByteReader.reading(data.prefix(32)) { r in
            func valid(_ w: Int?, _ h: Int?) -> (width: Int, height: Int)? {
                guard let w, let h, w > 0, h > 0 else { return nil }
                return (w, h)
            }
            switch format {
            case .bmp:
                guard r.count >= 26, let (w, h) = BMPReader.dimensions(r) else { return nil }
                return valid(abs(w), abs(h))
            case .tga: return valid(r.u16(12), r.u16(14))
            case .qoi:
                let big = ByteReader(r.bytes, littleEndian: false)
                return valid(big.u32(4), big.u32(8))
            case .pcx:
                guard let (w, h) = PCXReader.dimensions(r) else { return nil }
                return valid(w, h)
            case .png:
                let big = ByteReader(r.bytes, littleEndian: false)
                return valid(big.u32(16), big.u32(20))
            // The first image of the directory; 0 means 256.
            case .ico:
                guard let w = r.u8(6), let h = r.u8(7) else { return nil }
                return (w == 0 ? 256 : w, h == 0 ? 256 : h)
            case .ras:
                guard let (w, h) = SunRasterReader.dimensions(ByteReader(r.bytes, littleEndian: false)) else { return nil }
                return valid(w, h)
            case .gif:  // the logical screen, maybe empty
                guard let w = r.u16(6), let h = r.u16(8) else { return nil }
                return (w, h)
            case .jpeg, .webp, .tiff, .xpm, .xbm, .icns: return nil  // libvips reads these; XPM, XBM, TIFF and ICNS are read above
            }
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
        let head = [UInt8](data.prefix(4))
        let little: Bool
        if head == [0x49, 0x49, 42, 0] { little = true }
        else if head == [0x4D, 0x4D, 0, 42] { little = false }
        else { return nil }
        return ByteReader.reading(data, littleEndian: little) { r in
            guard let directory = r.u32(4), let entries = r.u16(directory) else { return nil }
            var width: Int?, height: Int?
            for n in 0..<entries {
                let entry = directory + 2 + 12 * n
                guard let tag = r.u16(entry), let type = r.u16(entry + 2), let count = r.u32(entry + 4) else { return nil }
                guard tag == 256 || tag == 257, count == 1 else { continue }
                // SHORT (3) or LONG (4), held in the entry itself.
                let value = type == 3 ? r.u16(entry + 8) : type == 4 ? r.u32(entry + 8) : nil
                if tag == 256 { width = value } else { height = value }
                if let width, let height { return width > 0 && height > 0 ? (width, height) : nil }
            }
            return nil
        }
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

    /// How much of a TGA's pixels its file holds, from its header and, for a run-length
    /// encoded one, a walk over its packets (one byte read a packet, never a pixel decoded):
    /// where the pixels begin, how many of them the file covers and how many the header gives.
    /// A file that covers fewer ends early; one that covers none holds no picture (the
    /// decoders would show a white or black page and say nothing). Nil when the header is
    /// too short to say. (`BMPReader` finds the same of a BMP as it reads.)
    public static func tgaPixels(_ data: Data) -> (offset: Int, covered: Int, total: Int)? {
        guard let (type, offset, bytesPerPixel, total) = ByteReader.reading(data.prefix(18), { r -> (Int, Int, Int, Int)? in
            guard let type = r.u8(2), [1, 2, 3, 9, 10, 11].contains(type), let idLength = r.u8(0), let mapType = r.u8(1),
                  let mapLength = r.u16(5), let mapBits = r.u8(7), let w = r.u16(12), let h = r.u16(14), let bits = r.u8(16),
                  w > 0, h > 0, w <= maxSide, h <= maxSide, bits > 0 else { return nil }
            let map = mapType == 1 ? mapLength * ((mapBits + 7) / 8) : 0
            return (type, 18 + idLength + map, (bits + 7) / 8, w * h)
        }) else { return nil }
        let count = data.count
        guard type >= 9 else {
            // Uncompressed: the last row needs no padding.
            return (offset, min(total, max(0, count - offset) / bytesPerPixel), total)
        }
        return data.withUnsafeBytes { bytes in
            var at = offset, covered = 0
            while covered < total, at < count {
                let header = Int(bytes[at])
                let pixels = (header & 0x7F) + 1
                let length = 1 + (header & 0x80 != 0 ? bytesPerPixel : pixels * bytesPerPixel)
                // A packet cut short covers the whole pixels it holds (a raw one) or none.
                guard at + length <= count else {
                    if header & 0x80 == 0 { covered += max(0, count - at - 1) / bytesPerPixel }
                    break
                }
                covered += pixels
                at += length
            }
            return (offset, min(covered, total), total)
        }
    }

    /// Why an image of this size is refused, or nil when it is acceptable.
    public static func refusal(width: Int, height: Int, limit: Int = maxPixels) -> String? {
        let size = "\(Sentence.grouped(width))×\(Sentence.grouped(height))"
        if width > maxSide || height > maxSide { return "is \(size), larger than \(Sentence.grouped(maxSide)) px on a side" }
        if width * height > limit { return "is \(size), more than \(limit / 1_000_000) megapixels" }
        return nil
    }
}
