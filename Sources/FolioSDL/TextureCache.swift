import CSDL2
import FolioCore

/// Page and cover textures, decoded with SDL_image, cropped to the page's shape, scaled to
/// the pixels the page covers, with rounded outer corners and a transparent margin whose
/// colour repeats the edge (so linear filtering gives soft, fringe-free edges).
final class TextureCache {
    struct Entry {
        let texture: OpaquePointer
        /// Content size in texels (without the margin).
        let width: Int32
        let height: Int32
    }

    private struct Key: Hashable {
        let path: String?
        let side: PageSide
    }

    /// Texels of transparent margin around the content.
    static let margin: Int32 = 2
    static let paper = (r: UInt8(246), g: UInt8(242), b: UInt8(232))

    private let renderer: OpaquePointer
    private var entries: [Key: Entry] = [:]
    /// Page size in texels that the entries were made for.
    private var pixelSize: (w: Int32, h: Int32, radius: Double) = (0, 0, 0)
    /// Files that failed to load, warned about once.
    private var failed: Set<String> = []

    init(renderer: OpaquePointer) {
        self.renderer = renderer
    }

    deinit { purge() }

    func purge() {
        for entry in entries.values { SDL_DestroyTexture(entry.texture) }
        entries.removeAll()
    }

    /// Adopts the page size in pixels; textures made for a very different size are redone.
    func setPageSize(width: Double, height: Double, cornerRadius: Double) {
        let w = Int32(max(8, width.rounded())), h = Int32(max(8, height.rounded()))
        guard w != pixelSize.w || h != pixelSize.h else { return }
        let ratio = Double(w) / Double(max(pixelSize.w, 1))
        if pixelSize.w == 0 || ratio > 1.25 || ratio < 0.6 {
            purge()
            pixelSize = (w, h, cornerRadius)
        }
    }

    /// The texture for an image (nil path: blank paper).
    func texture(path: String?, side: PageSide) -> Entry? {
        let key = Key(path: path, side: side)
        if let entry = entries[key] { return entry }
        guard let entry = make(path: path, side: side) else { return nil }
        entries[key] = entry
        return entry
    }

    private func make(path: String?, side: PageSide) -> Entry? {
        let (w, h, radius) = pixelSize
        let m = TextureCache.margin
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, w + 2 * m, h + 2 * m, 32, SDL_PIXELFORMAT_RGBA32.rawValue) else { return nil }
        defer { SDL_FreeSurface(surface) }
        var filled = false
        if let path {
            filled = drawImage(path, into: surface, width: w, height: h)
        }
        if !filled {
            let c = TextureCache.paper
            var inner = SDL_Rect(x: m, y: m, w: w, h: h)
            SDL_FillRect(surface, &inner, SDL_MapRGBA(surface.pointee.format, c.r, c.g, c.b, 255))
        }
        TextureCache.finishEdges(surface, width: w, height: h, radius: radius, side: side)
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        return Entry(texture: texture, width: w, height: h)
    }

    /// Decodes `path`, crops it to the page's aspect (centred) and scales it into the
    /// surface's content area. False (with one warning) when the file cannot be used.
    private func drawImage(_ path: String, into surface: UnsafeMutablePointer<SDL_Surface>, width w: Int32, height h: Int32) -> Bool {
        guard let loaded = IMG_Load(path) else {
            if failed.insert(path).inserted {
                fputs("folio: warning: \(path): cannot be decoded (\(String(cString: SDL_GetError()))); showing a blank page.\n", stderr)
            }
            return false
        }
        defer { SDL_FreeSurface(loaded) }
        guard let source = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else { return false }
        defer { SDL_FreeSurface(source) }
        let sw = Double(source.pointee.w), sh = Double(source.pointee.h)
        let aspect = Double(w) / Double(h)
        var crop = SDL_Rect(x: 0, y: 0, w: source.pointee.w, h: source.pointee.h)
        if sw / sh > aspect {
            crop.w = Int32((sh * aspect).rounded())
            crop.x = (source.pointee.w - crop.w) / 2
        } else {
            crop.h = Int32((sw / aspect).rounded())
            crop.y = (source.pointee.h - crop.h) / 2
        }
        let m = TextureCache.margin
        var target = SDL_Rect(x: m, y: m, w: w, h: h)
        return SDL_SoftStretchLinear(source, &crop, surface, &target) == 0
    }

    /// Copies the content's edge colours into the margin with zero alpha, then cuts the
    /// outer corners round with anti-aliased coverage.
    static func finishEdges(_ surface: UnsafeMutablePointer<SDL_Surface>, width w: Int32, height h: Int32,
                            radius: Double, side: PageSide) {
        let m = Int(margin), W = Int(w) + 2 * m, H = Int(h) + 2 * m
        let pitch = Int(surface.pointee.pitch) / 4
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let alphaMask = UInt32(surface.pointee.format.pointee.Amask)
        for y in 0..<H {
            let sy = min(max(y, m), m + Int(h) - 1)
            for x in 0..<W {
                let sx = min(max(x, m), m + Int(w) - 1)
                if sx != x || sy != y {
                    pixels[y * pitch + x] = pixels[sy * pitch + sx] & ~alphaMask
                }
            }
        }
        guard radius > 0 else { return }
        let r = radius
        let ri = Int(r.rounded(.up))
        let shift = UInt32(surface.pointee.format.pointee.Ashift)
        let cornerXs: [(x0: Int, cx: Double)] = side == .right
            ? [(m + Int(w) - ri, Double(m) + Double(w) - r)]
            : [(m, Double(m) + r)]
        for (x0, cx) in cornerXs {
            for (y0, cy) in [(m, Double(m) + r), (m + Int(h) - ri, Double(m) + Double(h) - r)] {
                for y in y0..<(y0 + ri) {
                    for x in x0..<(x0 + ri) {
                        let px = Double(x) + 0.5, py = Double(y) + 0.5
                        let outsideX = side == .right ? px > cx : px < cx
                        let outsideY = (y0 == m) ? (py < cy) : (py > cy)
                        guard outsideX && outsideY else { continue }
                        let d = ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot()
                        let coverage = min(max(r - d + 0.5, 0), 1)
                        let index = y * pitch + x
                        let old = (pixels[index] & alphaMask) >> shift
                        let alpha = UInt32((Double(old) * coverage).rounded())
                        pixels[index] = (pixels[index] & ~alphaMask) | (alpha << shift)
                    }
                }
            }
        }
    }
}
