import Foundation

/// The picture an icon file holds, read from its directory: ICO and CUR (a directory of
/// entries, each a PNG or a DIB, a BMP without its file header and twice as tall, its AND
/// mask under it), and Apple's ICNS (typed elements, the sizes known by their type). A DIB
/// outside an icon (a `.dib` file, what the clipboard holds) is a BMP without its file header
/// too. Every read is bounded by the file; what is found is decoded by the readers that know
/// the format (`BMPReader`, libvips for a PNG, gdk-pixbuf for an ICNS).
public enum IconReader {
    /// The largest picture of an ICO or CUR (then the deepest): a PNG at a range of the
    /// bytes, or a DIB made a BMP file; nil when the directory names none inside the file.
    public enum Entry: Equatable, Sendable {
        case png(Range<Int>)
        case bmp(Data)
    }

    /// Most directory entries looked at.
    static let maxEntries = 1_024

    public static func best(ofICO data: Data) -> Entry? {
        ByteReader.reading(data) { r -> Entry? in
            guard let count = r.u16(4), count > 0 else { return nil }
            var best: (area: Int, bits: Int, offset: Int, length: Int)?
            for i in 0..<min(count, maxEntries) {
                let at = 6 + i * 16
                guard let w = r.u8(at), let h = r.u8(at + 1), let bits = r.u16(at + 6), let length = r.u32(at + 8),
                      let offset = r.u32(at + 12) else { break }
                let end = min(r.count, offset + length)
                guard offset >= 6, offset < end else { continue }
                let area = (w == 0 ? 256 : w) * (h == 0 ? 256 : h)
                if best.map({ (area, bits) > ($0.area, $0.bits) }) ?? true { best = (area, bits, offset, end - offset) }
            }
            guard let best else { return nil }
            let range = best.offset..<(best.offset + best.length)
            if data[data.startIndex + range.lowerBound..<data.startIndex + range.upperBound].starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                return .png(range)
            }
            return bmp(ofDIB: data.subdata(in: data.startIndex + range.lowerBound..<data.startIndex + range.upperBound), iconHeight: true)
                .map(Entry.bmp)
        }
    }

    /// A DIB (a BMP's info header, palette or masks and pixels, with no file header) as a BMP
    /// file: the 14-byte file header put before it, saying where its pixels begin. An icon's
    /// DIB (`iconHeight`) gives twice its height (its AND mask follows the colours): the
    /// header is made to give its own. Nil when the header is not one a BMP has.
    public static func bmp(ofDIB dib: Data, iconHeight: Bool = false) -> Data? {
        ByteReader.reading(dib) { r -> Data? in
            guard let headerSize = r.u32(0), BMPReader.isHeaderSize(headerSize), headerSize <= r.count else { return nil }
            let os2 = headerSize == 12
            guard let bits = r.u16(os2 ? 10 : 14) else { return nil }
            let compression = headerSize >= 20 ? (r.u32(16) ?? 0) : 0
            let colours = os2 ? 0 : (r.u32(32) ?? 0)
            var offset = 14 + headerSize
            if headerSize == 40, compression == 3 || compression == 6 { offset += compression == 6 ? 16 : 12 }
            if bits <= 8 { offset += (colours > 0 ? min(colours, 1 << bits) : 1 << bits) * (os2 ? 3 : 4) }
            var bytes = [UInt8](dib)
            if iconHeight {
                guard !os2, let height = r.s32(8) else { return nil }
                let own = height / 2
                for k in 0..<4 { bytes[8 + k] = UInt8(truncatingIfNeeded: own >> (8 * k)) }
            }
            let size = 14 + bytes.count
            var file: [UInt8] = [0x42, 0x4D]
            for value in [size, 0, offset] { file += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
            return Data(file + bytes)
        }
    }

    /// The sizes of the ICNS element types Folio knows, by type.
    static let icnsSides: [String: Int] = [
        "is32": 16, "il32": 32, "ih32": 48, "it32": 128, "icp4": 16, "icp5": 32, "icp6": 64, "ic07": 128, "ic08": 256,
        "ic09": 512, "ic10": 1024, "ic11": 32, "ic12": 64, "ic13": 256, "ic14": 512,
    ]

    /// An ICNS's elements of known types: their side and where their data lies.
    static func icnsElements(_ data: Data) -> [(side: Int, data: Range<Int>)] {
        guard data.starts(with: Array("icns".utf8)) else { return [] }
        return ByteReader.reading(data, littleEndian: false) { r in
            var at = 8, found: [(side: Int, data: Range<Int>)] = []
            for _ in 0..<maxEntries {
                guard let length = r.u32(at + 4), length >= 8, at + 8 <= r.count else { break }
                let type = String(decoding: data[data.startIndex + at..<data.startIndex + at + 4], as: UTF8.self)
                if let side = icnsSides[type] { found.append((side, (at + 8)..<min(r.count, at + length))) }
                at += length
            }
            return found
        }
    }

    /// The largest icon an ICNS names (its elements' types say their sizes); nil when it names
    /// none Folio knows.
    public static func largestICNS(_ data: Data) -> Int? {
        icnsElements(data).map(\.side).max()
    }

    /// The largest picture of an ICNS stored as a PNG or a JPEG 2000 (what its larger icons
    /// are), to be decoded as itself, and the file name extension that says which; nil when it
    /// holds none (its icons are Apple's own run-length kind, gdk-pixbuf's to read).
    public static func largestICNSPicture(_ data: Data) -> (range: Range<Int>, kind: String)? {
        let jp2: [UInt8] = [0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20], codestream: [UInt8] = [0xFF, 0x4F, 0xFF, 0x51]
        let pictures = icnsElements(data).compactMap { element -> (side: Int, range: Range<Int>, kind: String)? in
            let bytes = data[data.startIndex + element.data.lowerBound..<data.startIndex + element.data.upperBound]
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return (element.side, element.data, "png") }
            if bytes.starts(with: jp2) || bytes.starts(with: codestream) { return (element.side, element.data, "jp2") }
            return nil
        }
        return pictures.max { $0.side < $1.side }.map { ($0.range, $0.kind) }
    }
}
