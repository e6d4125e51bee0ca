import Foundation

/// An animated WebP read chunk by chunk (RIFF): enough to check what `record` wrote, since
/// the ffprobe of Debian 12 cannot decode animated WebP.
struct WebPFile {
    struct Frame {
        var milliseconds: Int
        /// The image chunk inside the frame: "VP8 " (lossy, maybe after an "ALPH" chunk) or
        /// "VP8L" (lossless).
        var codec: String?
    }

    var canvas: [Int] = []
    var loops: Int?
    var frames: [Frame] = []

    struct Malformed: Error {}

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        func uint(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WEBP" else { throw Malformed() }
        var at = 12
        while at + 8 <= bytes.count {
            let size = uint(at + 4, 4), body = at + 8
            guard body + size <= bytes.count else { throw Malformed() }
            switch tag(at) {
            case "VP8X": canvas = [uint(body + 4, 3) + 1, uint(body + 7, 3) + 1]
            case "ANIM": loops = uint(body + 4, 2)
            case "ANMF":
                var inner = body + 16, codec: String?
                while inner + 8 <= body + size {
                    if tag(inner).hasPrefix("VP8") { codec = tag(inner) }
                    let innerSize = uint(inner + 4, 4)
                    inner += 8 + innerSize + (innerSize & 1)
                }
                frames.append(Frame(milliseconds: uint(body + 12, 3), codec: codec))
            default: break
            }
            at = body + size + (size & 1)
        }
    }
}
