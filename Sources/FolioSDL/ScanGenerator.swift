import CSDL2
import FolioCore
import FolioDecoding
import FolioLibrary
import Foundation

/// Makes a long book of large JPEG "scans" for the benchmark: `distinct` different images
/// of `width`×`height` (paper, ruled lines, a big page number), and `pages` files in all,
/// the rest hard links to them, so every page is its own file and its own decode (a symbolic
/// link is refused as a page).
public enum ScanGenerator {
    /// Returns the folder (one book). Reuses a complete earlier one.
    public static func makeBook(at dir: URL, pages: Int = 1000, distinct: Int = 40, width: Int32 = 2400,
                                height: Int32 = 3600) throws -> URL {
        let fm = FileManager.default
        let done = dir.appendingPathComponent(".complete-\(pages)-\(distinct)-\(width)x\(height)-hard")
        if fm.fileExists(atPath: done.path) { return dir }
        try? fm.removeItem(at: dir)
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        let typeface = Typeface.bundled()
        for i in 0..<distinct {
            let surface = try scan(i, width: width, height: height, typeface: typeface)
            defer { SDL_FreeSurface(surface) }
            guard IMG_SaveJPG(surface, dir.appendingPathComponent(String(format: "scan%02d.jpg", i)).path, 85) == 0 else {
                throw FolioError.sdl("A scan could not be written")
            }
        }
        for p in 0..<pages {
            let link = dir.appendingPathComponent(String(format: "page%04d.jpg", p + 1))
            try fm.linkItem(at: dir.appendingPathComponent(String(format: "scan%02d.jpg", p % distinct)), to: link)
        }
        guard fm.createFile(atPath: done.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: done.path])
        }
        return dir
    }

    /// Pages 0..<`count` in turn, each as a JPEG of `width`×`height` at quality 85 handed to
    /// `body` (one in memory at a time): paper with a grain, ruled lines and its own number,
    /// so no two pages are alike (the benchmark's comic archives). The grain (each 4×4 cell of paper a
    /// shade lighter or darker) stands for a real scan's paper: without it flat paper encodes to
    /// repeating bytes that a solid 7z shrinks fiftyfold, which real comics never do.
    public static func jpegPages(_ count: Int, width: Int32, height: Int32, _ body: (Int, Data) throws -> Void) throws {
        let typeface = Typeface.bundled()
        for index in 0..<count {
            try body(index, try jpegPage(index, width: width, height: height, typeface: typeface))
        }
    }

    private static func jpegPage(_ index: Int, width: Int32, height: Int32, typeface: Typeface?) throws -> Data {
        let surface = try scan(index, width: width, height: height, grain: true, typeface: typeface)
        defer { SDL_FreeSurface(surface) }
        // Written into memory: any JPEG of these pages is far smaller than their RGB bytes.
        let capacity = Int(width) * Int(height) * 3 + (64 << 10)
        var buffer = [UInt8](repeating: 0, count: capacity)
        let size: Int = buffer.withUnsafeMutableBytes { raw in
            guard let rw = SDL_RWFromMem(raw.baseAddress, Int32(capacity)) else { return -1 }
            defer { SDL_RWclose(rw) }
            guard IMG_SaveJPG_RW(surface, rw, 0, 85) == 0 else { return -1 }
            return Int(SDL_RWtell(rw))
        }
        guard size > 0 else { throw FolioError.sdl("A scan could not be encoded") }
        return Data(buffer[0..<size])
    }

    /// One scan: paper tinted by `index`, 60 ruled text lines of varied length, and the big
    /// number `index + 1`. The caller frees it.
    static func scan(_ index: Int, width: Int32, height: Int32, grain: Bool = false,
                     typeface: Typeface? = nil) throws -> UnsafeMutablePointer<SDL_Surface> {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            throw FolioError.sdl("A scan surface could not be made")
        }
        let i = index
        let format = surface.pointee.format
        let paper = (r: 235 - i % 7 * 3, g: 228 - i % 5 * 4, b: 210)
        var all = SDL_Rect(x: 0, y: 0, w: width, h: height)
        SDL_FillRect(surface, &all, SDL_MapRGBA(format, UInt8(paper.r), UInt8(paper.g), UInt8(paper.b), 255))
        var rng = UInt64(i + 1) &* 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            return rng >> 33
        }
        if grain {
            // Each 4×4 cell of paper a few levels lighter or darker: enough to give every
            // 8×8 JPEG block its own low-frequency coefficients.
            let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
            let pitch = Int(surface.pointee.pitch)
            var shades = [Int](repeating: 0, count: (Int(width) + 3) / 4)
            for y in 0..<Int(height) {
                if y % 4 == 0 { for c in shades.indices { shades[c] = Int(next() % 13) - 6 } }
                let row = pixels + y * pitch
                for x in 0..<Int(width) {
                    let shade = shades[x >> 2]
                    row[x * 4] = UInt8(paper.r + shade)
                    row[x * 4 + 1] = UInt8(paper.g + shade)
                    row[x * 4 + 2] = UInt8(paper.b + shade)
                }
            }
        }
        let ink = SDL_MapRGBA(format, 60, 55, 50, 255)
        // Ruled text lines with a little variety, like a scanned page (sized for 2400×3600).
        let sx = Double(width) / 2400, sy = Double(height) / 3600
        rng = UInt64(i + 1) &* 0x9E37_79B9_7F4A_7C15
        for line in 0..<60 {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            let length = Int32(Double(1200 + Int(rng >> 40) % 800) * sx)
            var rect = SDL_Rect(x: Int32(200 * sx), y: Int32(Double(300 + line * 45) * sy), w: length, h: max(1, Int32(14 * sy)))
            SDL_FillRect(surface, &rect, ink)
        }
        if let typeface {
            PageImage.write(String(i + 1), into: surface, typeface: typeface, pixels: max(8, 480 * sy), weight: .bold,
                            colour: SDL_Color(r: 60, g: 55, b: 50, a: 255), maxWidth: Double(width),
                            centre: (Double(width) / 2, Double(height) - 500 * sy))
        }
        return surface
    }
}
