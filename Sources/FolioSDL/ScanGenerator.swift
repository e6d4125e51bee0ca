import CSDL2
import FolioCore
import Foundation

/// Makes a long book of large JPEG "scans" for the benchmark: `distinct` different images
/// of `width`×`height` (paper, ruled lines, a big page number), and `pages` files in all,
/// the rest symbolic links to them, so every page is its own file and its own decode.
public enum ScanGenerator {
    /// Returns the folder (one book). Reuses a complete earlier one.
    public static func makeBook(at dir: URL, pages: Int = 1000, distinct: Int = 40, width: Int32 = 2400, height: Int32 = 3600) throws -> URL {
        let fm = FileManager.default
        let done = dir.appendingPathComponent(".complete-\(pages)-\(distinct)-\(width)x\(height)")
        if fm.fileExists(atPath: done.path) { return dir }
        try? fm.removeItem(at: dir)
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        let typeface = Typeface.bundled()
        for i in 0..<distinct {
            guard let surface = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
                throw FolioError.sdl("A scan surface could not be made")
            }
            defer { SDL_FreeSurface(surface) }
            let format = surface.pointee.format
            var all = SDL_Rect(x: 0, y: 0, w: width, h: height)
            SDL_FillRect(surface, &all, SDL_MapRGBA(format, UInt8(235 - i % 7 * 3), UInt8(228 - i % 5 * 4), 210, 255))
            let ink = SDL_MapRGBA(format, 60, 55, 50, 255)
            // Ruled text lines with a little variety, like a scanned page.
            var rng = UInt64(i + 1) &* 0x9E37_79B9_7F4A_7C15
            for line in 0..<60 {
                rng = rng &* 6364136223846793005 &+ 1442695040888963407
                let length = Int32(1200 + Int(rng >> 40) % 800)
                var rect = SDL_Rect(x: 200, y: 300 + Int32(line) * 45, w: length, h: 14)
                SDL_FillRect(surface, &rect, ink)
            }
            if let typeface {
                PageImage.write(String(i + 1), into: surface, typeface: typeface, pixels: 480, weight: .bold,
                                colour: SDL_Color(r: 60, g: 55, b: 50, a: 255), maxWidth: Double(width),
                                centre: (Double(width) / 2, Double(height) - 500))
            }
            guard IMG_SaveJPG(surface, dir.appendingPathComponent(String(format: "scan%02d.jpg", i)).path, 85) == 0 else {
                throw FolioError.sdl("A scan could not be written")
            }
        }
        for p in 0..<pages {
            let link = dir.appendingPathComponent(String(format: "page%04d.jpg", p + 1))
            try fm.createSymbolicLink(atPath: link.path, withDestinationPath: String(format: "scan%02d.jpg", p % distinct))
        }
        fm.createFile(atPath: done.path, contents: nil)
        return dir
    }
}
