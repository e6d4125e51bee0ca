import Foundation

/// The skippable frames LZ4 and zstd streams may begin with (a magic number 0x184D2A50 to
/// 0x184D2A5F, a 32-bit length, that many bytes of anything): both formats use the same ones,
/// so only the frame after them tells a .tar.lz4 from a .tar.zst.
enum SkippableFrames {
    /// Most skippable frames looked past.
    static let maxFrames = 16

    /// True when the file at `fd` begins with skippable frames followed by an LZ4 frame (or
    /// a legacy LZ4 one). Read with `pread`: the descriptor's offset is left where it was.
    static func leadToLZ4(_ fd: Int32) -> Bool {
        var offset: off_t = 0
        for _ in 0..<maxFrames {
            var header = [UInt8](repeating: 0, count: 8)
            guard pread(fd, &header, 8, offset) >= 4 else { return false }
            let magic = UInt32(header[0]) | UInt32(header[1]) << 8 | UInt32(header[2]) << 16 | UInt32(header[3]) << 24
            if magic & 0xFFFF_FFF0 != 0x184D_2A50 {
                return offset > 0 && (magic == 0x184D_2204 || magic == 0x184C_2102)
            }
            let length = UInt32(header[4]) | UInt32(header[5]) << 8 | UInt32(header[6]) << 16 | UInt32(header[7]) << 24
            offset += 8 + off_t(length)
        }
        return false
    }
}
