import Foundation

/// The pieces of a JSON text as bytes, so that a piece Folio cannot use is written back as
/// it was read, byte for byte. Works only on text a JSON parser has accepted whole (the
/// scanner checks nothing itself); a loop with a depth count, never recursion, so nesting
/// costs no stack.
enum RawJSON {
    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    private static let comma = UInt8(ascii: ","), colon = UInt8(ascii: ":")

    /// The members of the object `bytes` holds: each key's bytes (with its quotes) and the
    /// range of its value; nil when `bytes` is not an object.
    static func members(_ bytes: [UInt8]) -> [(key: ArraySlice<UInt8>, value: Range<Int>)]? {
        var i = skipSpace(bytes, 0)
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
        i = skipSpace(bytes, i + 1)
        var found: [(key: ArraySlice<UInt8>, value: Range<Int>)] = []
        while i < bytes.count, bytes[i] == quote {
            let keyEnd = end(of: bytes, at: i)
            let key = bytes[i..<keyEnd]
            i = skipSpace(bytes, keyEnd)
            guard i < bytes.count, bytes[i] == colon else { return nil }
            let start = skipSpace(bytes, i + 1)
            let valueEnd = end(of: bytes, at: start)
            found.append((key, start..<valueEnd))
            i = skipSpace(bytes, valueEnd)
            if i < bytes.count, bytes[i] == comma { i = skipSpace(bytes, i + 1) }
        }
        return found
    }

    /// The ranges of the elements of the array at `range` of `bytes`; nil when it is not an
    /// array.
    static func elements(_ bytes: [UInt8], in range: Range<Int>) -> [Range<Int>]? {
        var i = range.lowerBound
        guard i < range.upperBound, bytes[i] == UInt8(ascii: "[") else { return nil }
        i = skipSpace(bytes, i + 1)
        var found: [Range<Int>] = []
        while i < range.upperBound, bytes[i] != UInt8(ascii: "]") {
            let valueEnd = end(of: bytes, at: i)
            guard valueEnd > i else { return nil }
            found.append(i..<valueEnd)
            i = skipSpace(bytes, valueEnd)
            if i < range.upperBound, bytes[i] == comma { i = skipSpace(bytes, i + 1) }
        }
        return found
    }

    /// Where the value starting at `start` ends (one past its last byte).
    static func end(of bytes: [UInt8], at start: Int) -> Int {
        var i = start
        guard i < bytes.count else { return i }
        switch bytes[i] {
        case quote:
            return endOfString(bytes, i)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while i < bytes.count {
                switch bytes[i] {
                case quote:
                    i = endOfString(bytes, i)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default:
                    break
                }
                i += 1
            }
            return i
        default:
            // A number, true, false or null: up to the next separator.
            while i < bytes.count, !isSpace(bytes[i]), ![comma, UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[i]) { i += 1 }
            return i
        }
    }

    /// One past the closing quote of the string whose opening quote is at `start`. A `\u`
    /// escape takes the four bytes after it whatever they are, as Foundation's parser takes
    /// them when it accepts a text without decoding its strings: `"\u019\"` is one string to
    /// both (read as an escaped backslash, the quote after it would end the string here and
    /// not there, and every piece after it would be cut in the wrong place).
    private static func endOfString(_ bytes: [UInt8], _ start: Int) -> Int {
        var i = start + 1
        while i < bytes.count {
            if bytes[i] == backslash {
                i += i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "u") ? 6 : 2
                continue
            }
            if bytes[i] == quote { return i + 1 }
            i += 1
        }
        return bytes.count
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func skipSpace(_ bytes: [UInt8], _ start: Int) -> Int {
        var i = start
        while i < bytes.count, isSpace(bytes[i]) { i += 1 }
        return i
    }
}
