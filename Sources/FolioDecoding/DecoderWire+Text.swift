import FolioCore
import Foundation

/// The wire's links and search replies (`DecoderWire`): a links reply is the number of links
/// (UInt16, at most `PageLink.maxPerPage`), each its area (four UInt32s, millionths of the
/// page from its top-left corner: x, y, width, height), its page's width over its height
/// (UInt32, millionths, at most 20; 0 unknown) and its target: 1, a page (Int32,
/// the reader's number) and where on it (UInt32, millionths of its height from the top; all
/// ones for its top), or 2 and an address (UInt16 length, bytes, at most
/// `PageLink.maxAddress`). A hits reply is the pages searched (Int32, at most those asked
/// for), whether any held text (0 or 1), the number of hits (UInt32, at most `maxHits`) and
/// each hit's page (Int32, the reader's number), area and page's aspect (as a link's). A search request
/// carries its text as the name (UInt16 length, bytes, at most `maxQuery`).
extension DecoderWire {
    /// Longest text searched for (bytes of UTF-8).
    public static let maxQuery = 256
    /// Most hits one reply may carry.
    public static let maxHits = 2000
    static let unit = 1_000_000.0

    static func appendArea(_ area: Rect, to data: inout Data) {
        for value in [area.minX, area.minY, area.size.width, area.size.height] {
            let scaled = UInt32(clamp(value.isFinite ? value : 0, 0, 1) * unit)
            withUnsafeBytes(of: scaled.littleEndian) { data.append(contentsOf: $0) }
        }
    }

    static func appendAspect(_ aspect: Double?, to data: inout Data) {
        let scaled = UInt32(clamp(aspect.map { $0.isFinite ? $0 : 0 } ?? 0, 0, 20) * unit)
        withUnsafeBytes(of: scaled.littleEndian) { data.append(contentsOf: $0) }
    }

    /// A place on a page (a fraction of its height from the top) as a UInt32 in millionths,
    /// `UInt32.max` for none.
    static func appendTop(_ top: Double?, to data: inout Data) {
        let scaled = top.map { UInt32(clamp($0.isFinite ? $0 : 0, 0, 1) * unit) } ?? UInt32.max
        withUnsafeBytes(of: scaled.littleEndian) { data.append(contentsOf: $0) }
    }

    static func readTop(_ read: Source) throws -> Double? {
        let raw = UInt32(bitPattern: int32(try take(read, 4), at: 0))
        if raw == UInt32.max { return nil }
        guard Double(raw) <= unit else { throw Malformed(what: "a place \(Double(raw) / unit) of a page's height down it") }
        return Double(raw) / unit
    }

    static func readAspect(_ read: Source) throws -> Double? {
        let value = Double(UInt32(bitPattern: int32(try take(read, 4), at: 0))) / unit
        guard value <= 20 else { throw Malformed(what: "a page \(value) times as wide as it is high") }
        return value > 0 ? value : nil
    }

    static func readArea(_ read: Source) throws -> Rect {
        let bytes = try take(read, 16)
        let v = (0..<4).map { Double(UInt32(bitPattern: int32(bytes, at: 4 * $0))) / unit }
        guard v.allSatisfy({ $0 <= 1 }), v[0] + v[2] <= 1.000001, v[1] + v[3] <= 1.000001 else {
            throw Malformed(what: "an area outside its page")
        }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    static func appendLinks(_ links: [PageLink], to data: inout Data) {
        let kept = links.prefix(PageLink.maxPerPage)
        withUnsafeBytes(of: UInt16(kept.count).littleEndian) { data.append(contentsOf: $0) }
        for link in kept {
            appendArea(link.area, to: &data)
            appendAspect(link.pageAspect, to: &data)
            switch link.target {
            case .page(let number):
                data.append(1)
                append(Int32(clamping: number), to: &data)
                appendTop(link.top, to: &data)
            case .address(let address):
                data.append(2)
                appendText(address, limit: PageLink.maxAddress, to: &data)
            case .unkept(let bytes):
                data.append(3)
                append(Int32(clamping: bytes), to: &data)
            }
        }
    }

    static func readLinks(_ read: Source) throws -> [PageLink] {
        let head = try take(read, 2)
        let count = Int(head[head.startIndex]) | Int(head[head.startIndex + 1]) << 8
        guard count <= PageLink.maxPerPage else { throw Malformed(what: "\(count) links on one page") }
        return try (0..<count).map { _ in
            let area = try readArea(read), aspect = try readAspect(read)
            switch try take(read, 1).first {
            case 1:
                let number = Int(int32(try take(read, 4), at: 0))
                return PageLink(area: area, target: .page(number), pageAspect: aspect, top: try readTop(read))
            case 2: return PageLink(area: area, target: .address(try readText(read, limit: PageLink.maxAddress)), pageAspect: aspect)
            case 3:
                let bytes = Int(int32(try take(read, 4), at: 0))
                guard bytes > PageLink.maxAddress else { throw Malformed(what: "a link too long to keep that was not") }
                return PageLink(area: area, target: .unkept(bytes: bytes), pageAspect: aspect)
            default: throw Malformed(what: "a link to no known kind of place")
            }
        }
    }

    static func appendHits(_ stretch: TextSearchStretch, to data: inout Data) {
        append(Int32(clamping: stretch.searched), to: &data)
        data.append(stretch.hasText ? 1 : 0)
        let kept = stretch.hits.prefix(maxHits)
        withUnsafeBytes(of: UInt32(kept.count).littleEndian) { data.append(contentsOf: $0) }
        for hit in kept {
            append(Int32(clamping: hit.number), to: &data)
            appendArea(hit.area, to: &data)
            appendAspect(hit.pageAspect, to: &data)
        }
    }

    static func readHits(_ read: Source, asked: Int) throws -> TextSearchStretch {
        let head = try take(read, 9)
        let searched = Int(int32(head, at: 0)), count = Int(UInt32(bitPattern: int32(head, at: 5)))
        guard (0...max(asked, 0)).contains(searched) else { throw Malformed(what: "\(searched) pages searched of \(asked) asked") }
        guard head[head.startIndex + 4] <= 1 else { throw Malformed(what: "a text flag of \(head[head.startIndex + 4])") }
        guard count <= maxHits else { throw Malformed(what: "\(count) hits in one reply") }
        let hits = try (0..<count).map { _ in
            let number = Int(int32(try take(read, 4), at: 0))
            let area = try readArea(read)
            return TextHit(number: number, area: area, pageAspect: try readAspect(read))
        }
        return TextSearchStretch(hits: hits, searched: searched, hasText: head[head.startIndex + 4] == 1)
    }
}
