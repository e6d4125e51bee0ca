import CArchive
import Foundation

/// Comic archives written with libarchive's writer inside the tests (no outside tool).
public enum ArchiveFixture {
    /// `.rar` is RAR 4 with stored entries, written by hand (`rar`): no free tool writes RAR.
    public enum Format: Sendable { case zip, sevenZip, tar, rar }

    public struct WriteFailed: Error { public let reason: String }

    /// An archive with the given entries (name → bytes); `options` are libarchive's writer
    /// options (e.g. "zip:compression=store", "zip:encryption=zipcrypt" with a passphrase).
    public static func write(_ entries: [(String, Data)], to url: URL, format: Format = .zip,
                             options: String? = nil, passphrase: String? = nil) throws {
        if format == .rar { return try rar(entries).write(to: url) }
        guard let a = archive_write_new() else { throw WriteFailed(reason: "archive_write_new") }
        defer { archive_write_free(a) }
        switch format {
        case .zip: archive_write_set_format_zip(a)
        case .sevenZip: archive_write_set_format_7zip(a)
        case .tar: archive_write_set_format_pax_restricted(a)
        case .rar: break
        }
        if let options, archive_write_set_options(a, options) != ARCHIVE_OK {
            throw WriteFailed(reason: String(cString: archive_error_string(a)))
        }
        if let passphrase { archive_write_set_passphrase(a, passphrase) }
        guard archive_write_open_filename(a, url.path) == ARCHIVE_OK else {
            throw WriteFailed(reason: String(cString: archive_error_string(a)))
        }
        for (name, data) in entries {
            let entry = archive_entry_new()
            defer { archive_entry_free(entry) }
            archive_entry_set_pathname(entry, name)
            archive_entry_set_size(entry, Int64(data.count))
            archive_entry_set_filetype(entry, 0o100000)
            archive_entry_set_perm(entry, 0o644)
            archive_write_header(a, entry)
            _ = data.withUnsafeBytes { archive_write_data(a, $0.baseAddress, data.count) }
        }
        guard archive_write_close(a) == ARCHIVE_OK else { throw WriteFailed(reason: String(cString: archive_error_string(a))) }
    }

    /// A RAR 4 archive (the format of most .cbr files) with the entries stored, not
    /// compressed: the marker block, the archive header, one file header and its bytes per
    /// entry, and the end-of-archive block; each header's CRC is the low 16 bits of the
    /// CRC-32 of its bytes after the CRC field.
    public static func rar(_ entries: [(String, Data)]) -> Data {
        var out = Data([0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x00])
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(v >> (8 * UInt32($0)) & 0xFF) } }
        func block(_ body: [UInt8]) {
            out.append(contentsOf: le16(Int(crc32(body) & 0xFFFF)) + body)
        }
        block([0x73] + le16(0) + le16(13) + [0, 0, 0, 0, 0, 0])  // archive header
        for (name, data) in entries {
            let nameBytes = Array(name.utf8)
            var header: [UInt8] = [0x74] + le16(0x8000) + le16(32 + nameBytes.count)
            header += le32(UInt32(data.count)) + le32(UInt32(data.count))  // packed, unpacked
            header += [3] + le32(crc32([UInt8](data)))  // host OS Unix, data CRC
            header += le32(0x5A21_0000) + [20, 0x30]  // DOS time (2025), version 2.0, method "store"
            header += le16(nameBytes.count) + le32(0o100644) + nameBytes
            block(header)
            out.append(data)
        }
        block([0x7B] + le16(0x4000) + le16(7))  // end of archive
        return out
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
