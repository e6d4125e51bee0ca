import Foundation

/// Integers read from a file's bytes at offsets the file itself gives, every read checked
/// against the end: a read that would pass it is nil, never a trap. The one reader Folio's
/// own parsers of binary headers and pixels use (`ImageHeader`, `BMPReader`).
public struct ByteReader {
    public let bytes: UnsafeRawBufferPointer
    /// Multi-byte integers are little-endian (Intel) unless this is false.
    public var littleEndian: Bool

    public init(_ bytes: UnsafeRawBufferPointer, littleEndian: Bool = true) {
        self.bytes = bytes
        self.littleEndian = littleEndian
    }

    public var count: Int { bytes.count }

    /// Whether `length` bytes from `offset` lie within the bytes.
    public func has(_ length: Int, at offset: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count - length
    }

    public func u8(_ offset: Int) -> Int? {
        has(1, at: offset) ? Int(bytes[offset]) : nil
    }

    public func u16(_ offset: Int) -> Int? {
        guard has(2, at: offset) else { return nil }
        let a = Int(bytes[offset]), b = Int(bytes[offset + 1])
        return littleEndian ? a | b << 8 : a << 8 | b
    }

    public func u32(_ offset: Int) -> Int? {
        guard let a = u16(offset), let b = u16(offset + 2) else { return nil }
        return littleEndian ? a | b << 16 : a << 16 | b
    }

    /// A two's-complement 32-bit integer (a BMP's width and height).
    public func s32(_ offset: Int) -> Int? {
        u32(offset).map { Int(Int32(truncatingIfNeeded: $0)) }
    }

    /// Reads `data`'s bytes with a reader (little-endian unless said).
    public static func reading<T>(_ data: some DataProtocol & ContiguousBytes, littleEndian: Bool = true,
                                  _ body: (ByteReader) throws -> T) rethrows -> T {
        try data.withUnsafeBytes { try body(ByteReader($0, littleEndian: littleEndian)) }
    }
}
