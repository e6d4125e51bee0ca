import FolioCore
import CArchive
import Foundation

/// Writes comic archives, one entry at a time (never the whole archive in memory): ZIP, 7z
/// and tar through libarchive's writers (its 7z writer puts every entry in one solid
/// stream), RAR 4 by hand with stored entries, since no free tool or library writes RAR.
/// The benchmark's archives and the tests' fixtures are made with it.
public final class ArchiveWriter {
    public enum Format: Sendable { case zip, sevenZip, tar, rar }

    public struct Failed: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    private var archive: OpaquePointer?
    private var rar: FileHandle?

    /// Starts an archive at `url`; `options` are libarchive's writer options (e.g.
    /// "zip:compression=store", "zip:encryption=zipcrypt" with a passphrase), ignored for RAR;
    /// `filter` compresses the whole archive ("gzip", "lz4", "lzip", "compress": libarchive's
    /// names), as a compressed tar is.
    public init(url: URL, format: Format, options: String? = nil, passphrase: String? = nil, filter: String? = nil) throws {
        if format == .rar {
            guard FileManager.default.createFile(atPath: url.path, contents: nil),
                  let handle = FileHandle(forWritingAtPath: url.path) else {
                throw Failed(reason: "\(url.path) cannot be created")
            }
            rar = handle
            try write(Self.rarMarker + Self.rarBlock([0x73] + le16(0) + le16(13) + [0, 0, 0, 0, 0, 0]))  // archive header
            return
        }
        guard let a = archive_write_new() else { throw Failed(reason: "archive_write_new") }
        archive = a
        switch format {
        case .zip: archive_write_set_format_zip(a)
        case .sevenZip: archive_write_set_format_7zip(a)
        case .tar: archive_write_set_format_pax_restricted(a)
        case .rar: break
        }
        if let filter, archive_write_add_filter_by_name(a, filter) != ARCHIVE_OK { throw failure() }
        if let options, archive_write_set_options(a, options) != ARCHIVE_OK { throw failure() }
        if let passphrase { archive_write_set_passphrase(a, passphrase) }
        guard archive_write_open_filename(a, url.path) == ARCHIVE_OK else { throw failure() }
    }

    deinit {
        if let archive { archive_write_free(archive) }
        try? rar?.close()
    }

    /// Appends a regular file `name` holding `data`.
    public func add(_ name: String, _ data: Data) throws {
        if rar != nil {
            try write(Self.rarFileHeader(name: name, data: data))
            try write(data)
            return
        }
        guard let archive else { throw Failed(reason: "the archive is closed") }
        let entry = archive_entry_new()
        defer { archive_entry_free(entry) }
        archive_entry_set_pathname(entry, name)
        archive_entry_set_size(entry, Int64(data.count))
        archive_entry_set_filetype(entry, 0o100000)
        archive_entry_set_perm(entry, 0o644)
        guard archive_write_header(archive, entry) >= ARCHIVE_WARN else { throw failure() }
        let written = data.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, data.count) }
        guard written == data.count else { throw failure() }
    }

    /// Finishes the archive (7z writes its whole compressed stream here).
    public func close() throws {
        if let handle = rar {
            try write(Self.rarBlock([0x7B] + le16(0x4000) + le16(7)))  // end of archive
            try handle.close()
            rar = nil
            return
        }
        guard let a = archive else { return }
        defer { archive_write_free(a); archive = nil }
        guard archive_write_close(a) == ARCHIVE_OK else { throw failure() }
    }

    /// An archive of `entries` (name → bytes) in one call.
    public static func write(_ entries: [(String, Data)], to url: URL, format: Format,
                             options: String? = nil, passphrase: String? = nil, filter: String? = nil) throws {
        let writer = try ArchiveWriter(url: url, format: format, options: options, passphrase: passphrase, filter: filter)
        for (name, data) in entries { try writer.add(name, data) }
        try writer.close()
    }

    /// A RAR 4 archive (the format of most .cbr files) of `entries`, stored, in memory;
    /// `volume` marks it as the first (1) or a later part of a split archive.
    public static func rar(_ entries: [(String, Data)], volume: Int? = nil) -> Data {
        let flags = volume.map { $0 == 1 ? 0x0101 : 0x0001 } ?? 0  // a volume; the first
        var out = rarMarker + rarBlock([0x73] + le16(flags) + le16(13) + [0, 0, 0, 0, 0, 0])
        for (name, data) in entries { out += rarFileHeader(name: name, data: data) + data }
        return out + rarBlock([0x7B] + le16(0x4000) + le16(7))
    }

    /// A RAR 5 archive of `entries`, stored, in memory; an entry marked `encrypted` carries
    /// RAR 5's encryption record (its bytes are stored as given: no reader can decrypt them).
    /// `encryptedHeaders` puts an archive encryption header first, as `rar -hp` does;
    /// `volume` marks it as part `volume` (from 1) of a split archive.
    public static func rar5(_ entries: [(name: String, data: Data, encrypted: Bool)], encryptedHeaders: Bool = false,
                            volume: Int? = nil) -> Data {
        var out = Data(rar5Signature)
        if encryptedHeaders { return out + rar5Block([4, 0, 0, 0, 15] + [UInt8](repeating: 7, count: 16)) }  // version 0, KDF 15, salt
        // The main header's archive flags: a volume, and its number after the first.
        out += rar5Block([1, 0] + (volume.map { $0 == 1 ? [0x1] : [0x3] + vint($0 - 1) } ?? [0]))
        for entry in entries {
            let name = Array(entry.name.utf8)
            // Version 0, flags 0, KDF count 15, salt and IV: never used, only seen.
            let record: [UInt8] = [1, 0, 0, 15] + [UInt8](repeating: 7, count: 32)
            let extra = entry.encrypted ? vint(record.count) + record : []
            var header: [UInt8] = [2, extra.isEmpty ? 0x2 : 0x3] + (extra.isEmpty ? [] : vint(extra.count)) + vint(entry.data.count)
            header += [0x4] + vint(entry.data.count) + vint(0o100644) + le32(crc32(entry.data))  // a CRC; the size; a Unix file's mode
            header += [0, 1] + vint(name.count) + name + extra  // stored; Unix; the name; the record
            out += rar5Block(header) + entry.data
        }
        return out + rar5Block([5, 0, 0])  // the end of the archive
    }

    private static let rar5Signature: [UInt8] = [0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x01, 0x00]

    /// A RAR 5 header: the CRC-32 of its size and body, its size, its body.
    private static func rar5Block(_ body: [UInt8]) -> Data {
        let sized = vint(body.count) + body
        return Data(le32(crc32(sized)) + sized)
    }

    /// RAR 5's variable-length number: seven bits a byte, low first.
    private static func vint(_ value: Int) -> [UInt8] {
        var value = value, out: [UInt8] = []
        repeat {
            out.append(UInt8(value & 0x7F) | (value > 0x7F ? 0x80 : 0))
            value >>= 7
        } while value > 0
        return out
    }

    private func write(_ data: Data) throws {
        guard let rar else { throw Failed(reason: "the archive is closed") }
        do { try rar.write(contentsOf: data) } catch { throw Failed(reason: "\(error)") }
    }

    private func failure() -> Failed {
        Failed(reason: archive.flatMap { archive_error_string($0) }.map { String(cString: $0) } ?? "libarchive failed")
    }

    // RAR 4: the marker block, the archive header, one file header and its bytes per entry,
    // the end-of-archive block; each header's CRC is the low 16 bits of the CRC-32 of its
    // bytes after the CRC field.
    private static let rarMarker = Data([0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x00])

    private static func rarBlock(_ body: [UInt8]) -> Data {
        Data(le16(Int(crc32(body) & 0xFFFF)) + body)
    }

    private static func rarFileHeader(name: String, data: Data) -> Data {
        let nameBytes = Array(name.utf8)
        var header: [UInt8] = [0x74] + le16(0x8000) + le16(32 + nameBytes.count)
        header += le32(UInt32(data.count)) + le32(UInt32(data.count))  // packed, unpacked
        header += [3] + le32(crc32(data))  // host OS Unix, data CRC
        header += le32(0x5A21_0000) + [20, 0x30]  // DOS time (2025), version 2.0, method "store"
        header += le16(nameBytes.count) + le32(0o100644) + nameBytes
        return rarBlock(header)
    }

    private static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    private static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(v >> (8 * UInt32($0)) & 0xFF) } }
    private func le16(_ v: Int) -> [UInt8] { Self.le16(v) }

    /// CRC-32 (IEEE), table-driven: a 1,000-page archive runs a few hundred MB through it.
    static func crc32<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = (crc >> 8) ^ crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] }
        return ~crc
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        return c
    }
}
