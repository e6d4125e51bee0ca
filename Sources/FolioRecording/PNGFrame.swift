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
    /// removed. Both names are used inside the folder's descriptor and never followed as
    /// links (a link at either name is replaced, never written through).
    public static func write(_ frame: FrameBuffer, to path: String) throws {
        let folder: WriteFolder
        do {
            folder = try WriteFolder.open([], below: SafeFile.folder(of: path).isEmpty ? "." : SafeFile.folder(of: path), create: false)
        } catch let error as FolioError {
            throw FolioError.outputFailed("\(path) could not be written (\(error.message.dropLast())).")
        }
        let name = (path as NSString).lastPathComponent
        do {
            try folder.replace(name, temporary: ".\(name).partial", sync: false, mode: 0o666) { fd in
                var reason = [CChar](repeating: 0, count: 256)
                let status = folio_png_write_rgbx_fd(fd, frame.pixels.baseAddress, Int32(frame.width), Int32(frame.height), frame.width * 4,
                                                     level, filter, &reason, reason.count)
                return status == 0 ? nil : String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        } catch let error as FolioError {
            // "PATH: cannot be written (REASON)." as the frame's sentence.
            let reason = error.message.range(of: ": cannot be written (").map { String(error.message[$0.upperBound...].dropLast(2)) }
                ?? "unknown error"
            throw FolioError.outputFailed("\(path) could not be written (\(reason)).")
        }
    }
}
