import CPNG
import FolioCore
import Foundation

/// Writes read-back frames as RGB PNG files (libpng, from any thread).
public enum PNGFrame {
    /// zlib's fastest level and the Up filter on every row: 15 ms a 1280×800 frame of the
    /// demo against 43 ms for libpng's defaults (level 6, a filter chosen per row, what
    /// IMG_SavePNG wrote), for files about 37 % larger (220 KB against 160 KB).
    static let level: Int32 = 1
    static let filter: Int32 = 2

    /// Writes `frame` (red, green, blue and a fourth byte a pixel, as `readPixels` reads it)
    /// to `path`.
    public static func write(_ frame: FrameBuffer, to path: String) throws {
        var reason = [CChar](repeating: 0, count: 256)
        let status = folio_png_write_rgbx(path, frame.pixels.baseAddress, Int32(frame.width), Int32(frame.height), frame.width * 4,
                                          level, filter, &reason, reason.count)
        guard status == 0 else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw FolioError.outputFailed("\(path) could not be written (\(text)).")
        }
    }
}
