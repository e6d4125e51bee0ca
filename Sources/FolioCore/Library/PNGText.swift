import Foundation

/// The text a PNG carries before its pixels (its `tEXt` chunks: Latin-1 keyword and value),
/// read without decoding anything: what a cover thumbnail says about the file it was made
/// from (`Thumb::URI`, `Thumb::MTime`). The bytes are hostile: every length is checked
/// against what is left before it is used, and the walk stops at the first image data, at
/// the end, or after `maxChunks` chunks.
public enum PNGText {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Chunks looked at before giving up (text comes before the pixels in any sane file).
    public static let maxChunks = 64
    /// The longest value kept, bytes (a file URI is at most a few kilobytes).
    public static let maxValue = 8_192

    /// The `tEXt` fields before the first `IDAT`, by keyword (the first of a keyword wins);
    /// nil when the bytes are not a PNG. A damaged chunk ends the walk with what was read.
    public static func fields(_ data: Data) -> [String: String]? {
        let bytes = [UInt8](data.prefix(1 << 20))
        guard bytes.count >= signature.count, Array(bytes.prefix(signature.count)) == signature else { return nil }
        var fields: [String: String] = [:]
        var at = signature.count
        for _ in 0..<maxChunks {
            // Length (4, big-endian), type (4), data, CRC (4).
            guard bytes.count - at >= 12 else { break }
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            guard length <= bytes.count - at - 12 else { break }
            if type == "IDAT" || type == "IEND" { break }
            let body = bytes[at + 8..<at + 8 + length]
            if type == "tEXt", let (key, value) = text(body), fields[key] == nil { fields[key] = value }
            at += 12 + length
        }
        return fields
    }

    /// A `tEXt` body: a keyword of 1 to 79 printable Latin-1 characters, a zero, the value.
    private static func text(_ body: ArraySlice<UInt8>) -> (String, String)? {
        guard let zero = body.firstIndex(of: 0) else { return nil }
        let key = body[body.startIndex..<zero], value = body[(zero + 1)...]
        guard (1...79).contains(key.count), value.count <= maxValue,
              key.allSatisfy({ (32...126).contains($0) || $0 >= 161 }) else { return nil }
        return (latin1(key), latin1(value))
    }

    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
