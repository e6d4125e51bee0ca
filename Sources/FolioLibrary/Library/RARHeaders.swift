import Foundation

/// A RAR's headers, walked for what libarchive 3.6 does not say of them: which of a RAR 5's
/// files are encrypted (it skips a file's encryption record, lists the file as plain, and
/// then fails on its data with a reason about block sizes or checksums), and whether a RAR
/// 4 or 5 is one part of a multi-volume archive (it fails on a later part's first block, or
/// on the file the first part leaves unfinished). Read as hostile: every length is checked
/// before it is used, at most `maxHeaders` headers of at most `maxHeaderSize` bytes each are
/// read, and a header that breaks off ends the walk.
public enum RARHeaders {
    public static let signature: [UInt8] = [0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x01, 0x00]
    /// RAR 4's marker block.
    public static let signature4: [UInt8] = [0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x00]
    /// The largest header RAR 5 allows (2 MB).
    static let maxHeaderSize = 2 << 20
    static let maxHeaders = 200_000

    /// What the walk found: the names (UTF-8, as stored) of the files whose data is
    /// encrypted, and whether the headers themselves are (an archive encryption header).
    public struct Found: Equatable, Sendable {
        public var encryptedFiles: [String] = []
        public var headersEncrypted = false
        /// Which part of a multi-volume archive this is (1 for the first, 0 when a later
        /// part does not say which); nil for an archive in one file.
        public var volume: Int?

        public var isEncrypted: Bool { headersEncrypted || !encryptedFiles.isEmpty }
    }

    /// The headers of the RAR archive whose bytes `read(offset, count)` gives (fewer bytes at
    /// its end); nil when it begins with neither RAR 4's nor RAR 5's signature. Of a RAR 4,
    /// only the archive header is read (libarchive names its encrypted files itself).
    public static func walk(_ read: (Int, Int) -> [UInt8]) -> Found? {
        if read(0, signature4.count) == signature4 {
            // The archive header: CRC (2), type 0x73, flags (2): 0x0001 a volume, 0x0100 the first.
            let head = read(signature4.count, 5)
            guard head.count == 5, head[2] == 0x73 else { return Found() }
            let flags = Int(head[3]) | Int(head[4]) << 8
            return Found(volume: flags & 0x0001 == 0 ? nil : flags & 0x0100 != 0 ? 1 : 0)
        }
        guard read(0, signature.count) == signature else { return nil }
        var found = Found()
        var offset = signature.count
        for _ in 0..<maxHeaders {
            // The header's CRC (4 bytes), then its size as a variable-length number.
            let head = read(offset, 4 + 10)
            var sizeCursor = Cursor(head, at: 4)
            guard let size = sizeCursor.number(), size > 0, size <= maxHeaderSize else { break }
            let start = offset + sizeCursor.position
            let header = read(start, size)
            guard header.count == size else { break }
            var cursor = Cursor(header)
            guard let type = cursor.number(), let flags = cursor.number() else { break }
            let extraSize = flags & 0x1 != 0 ? cursor.number() : 0
            let dataSize = flags & 0x2 != 0 ? cursor.number() : 0
            guard let extraSize, let dataSize, extraSize <= size else { break }
            switch type {
            case 1:
                // The main header's archive flags: 0x1 a volume, 0x2 its number follows (from 0
                // for the first part; absent in the first).
                guard let archiveFlags = cursor.number() else { return found }
                if archiveFlags & 0x1 != 0 {
                    found.volume = archiveFlags & 0x2 == 0 ? 1 : cursor.number().map { $0 < Int.max ? $0 + 1 : 0 } ?? 0
                }
            case 2:
                if let name = encryptedFile(header, fieldsAt: cursor.position, extraSize: extraSize) {
                    found.encryptedFiles.append(name)
                }
            case 4:
                found.headersEncrypted = true
                return found
            case 5:
                return found
            default:
                break
            }
            let (next, overflow) = start.addingReportingOverflow(size)
            guard !overflow, case let (after, overflowed) = next.addingReportingOverflow(dataSize), !overflowed else { break }
            offset = after
        }
        return found
    }

    /// The walk over the file open at `fd`, read with `pread` (its offset is left where it
    /// was); nil when it is not a RAR archive.
    public static func walk(descriptor fd: Int32) -> Found? {
        walk { offset, count in
            guard offset >= 0, count > 0, let at = off_t(exactly: offset) else { return [] }
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, at) }
            return got > 0 ? Array(bytes.prefix(got)) : []
        }
    }

    /// A file header's name when its extra area holds an encryption record (type 1).
    private static func encryptedFile(_ header: [UInt8], fieldsAt position: Int, extraSize: Int) -> String? {
        var cursor = Cursor(header, at: position)
        guard let fileFlags = cursor.number(), cursor.number() != nil, cursor.number() != nil,  // unpacked size, attributes
              cursor.skip(fileFlags & 0x2 != 0 ? 4 : 0), cursor.skip(fileFlags & 0x4 != 0 ? 4 : 0),  // time, CRC
              cursor.number() != nil, cursor.number() != nil,  // compression, host system
              let nameLength = cursor.number(), let name = cursor.take(nameLength) else { return nil }
        var extra = Cursor(header, at: header.count - extraSize)
        while extra.position < header.count {
            guard let recordSize = extra.number(), recordSize > 0, let record = extra.take(recordSize) else { return nil }
            var inside = Cursor(record)
            if inside.number() == 1 { return String(decoding: name, as: UTF8.self) }
        }
        return nil
    }

    /// Reads RAR 5's variable-length numbers (seven bits a byte, low first, at most ten
    /// bytes) and byte runs, never past the end.
    struct Cursor {
        let bytes: [UInt8]
        private(set) var position: Int

        init(_ bytes: [UInt8], at position: Int = 0) {
            self.bytes = bytes
            self.position = position
        }

        /// The next number, if it fits an `Int` and ends within the bytes.
        mutating func number() -> Int? {
            var value: UInt64 = 0
            for shift in stride(from: 0, to: 70, by: 7) {
                guard position >= 0, position < bytes.count else { return nil }
                let byte = bytes[position]
                position += 1
                guard shift < 63 || byte & 0x7F <= 1 else { return nil }
                value |= UInt64(byte & 0x7F) << UInt64(shift)
                if byte & 0x80 == 0 { return Int(exactly: value) }
            }
            return nil
        }

        mutating func skip(_ count: Int) -> Bool { take(count) != nil }

        mutating func take(_ count: Int) -> [UInt8]? {
            guard count >= 0, position >= 0, count <= bytes.count - position else { return nil }
            defer { position += count }
            return Array(bytes[position..<position + count])
        }
    }
}
