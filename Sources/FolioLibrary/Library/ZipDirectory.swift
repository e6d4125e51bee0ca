import FolioCore
import Foundation

/// What a ZIP's end says of its directory, read before libarchive sees the file: the number
/// of entries its end-of-central-directory record declares (ZIP64's when the plain record
/// says 0xFFFF). An archive that declares more than Folio lists is refused by that count,
/// in one sentence, rather than left to run libarchive out of the worker's memory and be
/// called damaged. Hostile: every offset is checked against the file's size first.
enum ZipDirectory {
    /// The end-of-central-directory record is within the last 22 + 65,535 bytes (its
    /// comment is at most 65,535).
    static let tail = 22 + 65_535

    /// The entries the ZIP behind `fd` (`size` bytes) declares, or nil when its end holds no
    /// such record (not a ZIP, or not one Folio can read the count of).
    static func declaredEntries(_ fd: Int32, size: Int) -> UInt64? {
        guard size >= 22 else { return nil }
        let length = min(size, tail)
        var bytes = [UInt8](repeating: 0, count: length)
        guard pread(fd, &bytes, length, off_t(size - length)) == length else { return nil }
        func u16(_ at: Int) -> UInt64 { UInt64(bytes[at]) | UInt64(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> UInt64 { u16(at) | u16(at + 2) << 16 }
        // The last record signature PK\x05\x06 whose comment reaches exactly the file's end.
        var at = length - 22
        while at >= 0 {
            if bytes[at] == 0x50, bytes[at + 1] == 0x4B, bytes[at + 2] == 5, bytes[at + 3] == 6,
               at + 22 + Int(u16(at + 20)) == length { break }
            at -= 1
        }
        guard at >= 0 else { return nil }
        let total = u16(at + 10)
        guard total == 0xFFFF else { return total }
        // ZIP64: the locator (PK\x06\x07) just before, naming where its record lies.
        guard at >= 20, u32(at - 20) == 0x0706_4B50 else { return total }
        let offset = u32(at - 20 + 8) | u32(at - 20 + 12) << 32
        guard size >= 56, offset <= UInt64(size - 56) else { return nil }
        var record = [UInt8](repeating: 0, count: 56)
        guard pread(fd, &record, 56, off_t(offset)) == 56 else { return nil }
        let signature = UInt32(record[0]) | UInt32(record[1]) << 8 | UInt32(record[2]) << 16 | UInt32(record[3]) << 24
        guard signature == 0x0606_4B50 else { return nil }
        return (0..<8).reduce(UInt64(0)) { $0 | UInt64(record[32 + $1]) << (8 * UInt64($1)) }
    }
}
