import Foundation

/// A page as decoding makes it: RGBA pixels, four bytes each in that order, rows `pitch`
/// bytes apart, held by exactly one owner and freed once, when it goes. Decoding makes one
/// (in a worker, or received from one), the decode worker's queue holds it, the renderer
/// uploads it; nothing here knows how it is drawn.
package final class PagePixels: @unchecked Sendable {
    // Unchecked because `bytes` is a raw pointer. Safe: the pointer never changes and is
    // freed only by deinit, which runs once; the pixels are written before the value is
    // handed on and only read afterwards, and the decode worker hands an owner to the
    // window's thread through its lock, so no two threads use the pixels at once.
    package let width: Int32
    package let height: Int32
    /// Bytes from one row to the next.
    package let pitch: Int
    package let bytes: UnsafeMutablePointer<UInt8>

    /// Transparent black pixels; nil for an empty or impossibly large size, or when memory
    /// is short.
    package init?(width: Int32, height: Int32) {
        guard width > 0, height > 0, Int(width) <= Int.max / 4 / Int(height),
              let memory = calloc(Int(width) * Int(height), 4) else { return nil }
        self.width = width
        self.height = height
        pitch = Int(width) * 4
        bytes = memory.assumingMemoryBound(to: UInt8.self)
    }

    deinit { free(bytes) }

    /// The mask of a pixel's alpha when its four bytes are read as one `UInt32`.
    package static let alphaMask = UInt32(littleEndian: 0xFF00_0000)
    package static var alphaShift: UInt32 { UInt32(alphaMask.trailingZeroBitCount) }

    /// The pixel at `x`, `y`: red, green, blue, alpha.
    package func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let p = bytes + y * pitch + x * 4
        return (p[0], p[1], p[2], p[3])
    }

    /// Fills the rectangle at `x`, `y`, `w`×`h` (inside the pixels) with one colour.
    package func fill(x: Int, y: Int, w: Int, h: Int, r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let colour = [r, g, b, a]
        var word: UInt32 = 0
        withUnsafeMutableBytes(of: &word) { $0.copyBytes(from: colour) }
        let first = max(x, 0), count = max(0, min(x + w, Int(width)) - first)
        for row in max(y, 0)..<max(min(y + h, Int(height)), max(y, 0)) {
            (bytes + row * pitch).withMemoryRebound(to: UInt32.self, capacity: Int(width)) { pixels in
                (pixels + first).update(repeating: word, count: count)
            }
        }
    }

    /// Copies `w`×`h` pixels from `from` at `fromX`, `fromY` to these at `x`, `y`, as they
    /// are (no blending); both rectangles must lie inside their pixels.
    package func copy(_ w: Int, _ h: Int, of from: PagePixels, at fromX: Int, _ fromY: Int, to x: Int, _ y: Int) {
        for row in 0..<h {
            (bytes + (y + row) * pitch + x * 4).update(from: from.bytes + (fromY + row) * from.pitch + fromX * 4, count: w * 4)
        }
    }

    /// Lays `w`×`h` packed RGBA pixels at `source` over these at `x`, `y` (inside them): where
    /// a pixel is not opaque the one under it shows through, and the result is opaque.
    package func layOver(_ source: UnsafePointer<UInt8>, width w: Int, height h: Int, at x: Int, _ y: Int) {
        for row in 0..<h {
            let to = bytes + (y + row) * pitch + x * 4, from = source + row * w * 4
            for i in 0..<w {
                let alpha = Int(from[i * 4 + 3])
                if alpha == 255 {
                    (to + i * 4).update(from: from + i * 4, count: 4)
                    continue
                }
                for c in 0..<3 {
                    to[i * 4 + c] = UInt8((Int(from[i * 4 + c]) * alpha + Int(to[i * 4 + c]) * (255 - alpha) + 127) / 255)
                }
                to[i * 4 + 3] = 255
            }
        }
    }
}
