import CPNG
import FolioCore
import FolioLibrary
import Foundation

/// Writes read-back frames as RGB PNG files (libpng, from any thread).
public enum PNGFrame {
    /// zlib's fastest level and the Up filter on every row: 15 ms a 1280×800 frame of the
    /// demo against 43 ms for libpng's defaults (level 6, a filter chosen per row, what
    /// IMG_SavePNG wrote), for files about 37 % larger (220 KB against 160 KB).
    static let level: Int32 = 1
    static let filter: Int32 = 2

    /// Writes `frame` (red, green, blue and a fourth byte a pixel, as `readPixels` reads it)
    /// to `path`: first to a hidden name beside it, renamed into place once whole, so a
    /// failure part-way (a full disk) never leaves a truncated frame; the partial file is
    /// removed.
    public static func write(_ frame: FrameBuffer, to path: String) throws {
        let partial = partialPath(for: path)
        var reason = [CChar](repeating: 0, count: 256)
        let status = folio_png_write_rgbx(partial, frame.pixels.baseAddress, Int32(frame.width), Int32(frame.height), frame.width * 4,
                                          level, filter, &reason, reason.count)
        guard status == 0 else {
            unlink(partial)
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw FolioError.outputFailed("\(path) could not be written (\(text)).")
        }
        guard rename(partial, path) == 0 else {
            let code = errno
            unlink(partial)
            throw FolioError.outputFailed("\(path) could not be moved into place (\(String(cString: strerror(code)).lowercased())).")
        }
    }

    /// The hidden name a frame is written under until it is whole: `.frame-00042.png.partial`
    /// in the same folder (not a frame name, so never taken for one).
    static func partialPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial").path
    }
}
