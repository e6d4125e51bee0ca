import CSDL2
import FolioCore
import FolioDecoding

/// Pages drawn texel for pixel, and pages made in bands.
extension Renderer {
    /// Where `layer`'s texture (margin included) is drawn texel for pixel: the whole pixel
    /// its top-left corner goes to, when the layer is opaque and lies flat and square to the
    /// window at its texture's size within a pixel and a half each way (the rest of a pixel
    /// comes from rounding the page's size); nil otherwise.
    func pixelOrigin(of layer: Layer, texture page: TextureStore.Entry, bleed: Double) -> (x: Float, y: Float)? {
        guard layer.opacity >= 1, let c = corners(of: layer, bleed: bleed) else { return nil }
        let square = abs(c.tl.y - c.tr.y) < 0.01 && abs(c.bl.y - c.br.y) < 0.01 && abs(c.tl.x - c.bl.x) < 0.01
            && abs(c.tr.x - c.br.x) < 0.01
        let texels = (w: Double(page.width + 2 * PageImage.margin), h: Double(page.rows))
        guard square, abs(c.tr.x - c.tl.x - texels.w) <= 1.5, abs(c.bl.y - c.tl.y - texels.h) <= 1.5 else { return nil }
        return (Float(c.tl.x.rounded()), Float(c.tl.y.rounded()))
    }

    /// `layer`'s corners on the window, pixels, its margin included.
    private func corners(of layer: Layer, bleed: Double) -> (tl: Point, tr: Point, bl: Point, br: Point)? {
        let w = layer.size.width, h = layer.size.height
        func corner(_ x: Double, _ y: Double) -> Point? {
            layer.project(x: x, y: y).map { Point(x: $0.x * pixelScale, y: $0.y * pixelScale) }
        }
        guard let tl = corner(-bleed, -bleed), let tr = corner(w + bleed, -bleed), let bl = corner(-bleed, h + bleed),
              let br = corner(w + bleed, h + bleed) else { return nil }
        return (tl, tr, bl, br)
    }

    /// How a page drawn from `origin` (nil: not texel for pixel) is sampled: unfiltered only
    /// texel for pixel, unless the strategy filters every page.
    func sampling(from origin: (x: Float, y: Float)?) -> SDL_ScaleMode {
        origin != nil && strategy.samplesSquarePagesUnfiltered ? SDL_ScaleModeNearest : SDL_ScaleModeLinear
    }

    /// Sets `texture`'s sampling; drawing already queued with the other one is drawn first
    /// (SDL applies a scale mode at once, to draws not yet made too).
    func setScaleMode(_ mode: SDL_ScaleMode, of texture: OpaquePointer) {
        var current = SDL_ScaleModeLinear
        guard SDL_GetTextureScaleMode(texture, &current) == 0, current != mode else { return }
        SDL_RenderFlush(sdlRenderer)
        SDL_SetTextureScaleMode(texture, mode)
    }

    /// Draws one pixel of `background` in the window's corner as a page drawn texel for
    /// pixel is drawn (unfiltered, opaque and blended), so Mesa's llvmpipe compiles those
    /// shaders as a column first shows (the book just laid flat) rather than as its first
    /// page made in bands scrolls in (40 ms, a frame or two missed while moving). A book
    /// read in leaves never draws so and never pays for them (a comic's launch).
    func warmUp(background bg: RGBA) {
        warmedUp = true
        // Not a power of two wide, as no page is (Mesa makes other shaders for those).
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, 3, 3, 32, SDL_PIXELFORMAT_RGBA32.rawValue) else { return }
        defer { SDL_FreeSurface(surface) }
        SDL_FillRect(surface, nil, SDL_MapRGBA(surface.pointee.format, UInt8(clamp(bg.r, 0, 1) * 255), UInt8(clamp(bg.g, 0, 1) * 255),
                                               UInt8(clamp(bg.b, 0, 1) * 255), 255))
        guard let texture = SDL_CreateTextureFromSurface(sdlRenderer, surface) else { return }
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeNearest)
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        let corner = [SDL_Vertex(position: SDL_FPoint(x: 0, y: 0), color: white, tex_coord: SDL_FPoint(x: 0, y: 0)),
                      SDL_Vertex(position: SDL_FPoint(x: 1, y: 0), color: white, tex_coord: SDL_FPoint(x: 1, y: 0)),
                      SDL_Vertex(position: SDL_FPoint(x: 0, y: 1), color: white, tex_coord: SDL_FPoint(x: 0, y: 1))]
        for blend in [SDL_BLENDMODE_NONE, SDL_BLENDMODE_BLEND] {
            SDL_SetTextureBlendMode(texture, blend)
            SDL_RenderGeometry(sdlRenderer, texture, corner, 3, nil, 0)
        }
        // Drawn before the texture goes.
        SDL_RenderFlush(sdlRenderer)
        SDL_DestroyTexture(texture)
    }

    /// Draws a page made in bands (a column's page, flat): each band's quads where its rows
    /// fall on the layer, texel for pixel from `origin` when given, else between the layer's
    /// corners. Only the page's edges and corners are blended; its interior is opaque, and a
    /// software renderer fills it without reading what is under it.
    func drawBands(of layer: Layer, texture page: TextureStore.Entry, bleed: Double, origin: (x: Float, y: Float)?) {
        guard let c = corners(of: layer, bleed: bleed) else { return }
        let columns = Double(page.width + 2 * PageImage.margin), rows = Double(page.rows)
        let alpha = UInt8(clamp(layer.opacity, 0, 1) * 255)
        let colour = SDL_Color(r: 255, g: 255, b: 255, a: alpha)
        func point(_ u: Double, _ v: Double) -> SDL_FPoint {
            if let origin { return SDL_FPoint(x: origin.x + Float(u * columns), y: origin.y + Float(v * rows)) }
            let top = Point(x: c.tl.x + (c.tr.x - c.tl.x) * u, y: c.tl.y + (c.tr.y - c.tl.y) * u)
            let bottom = Point(x: c.bl.x + (c.br.x - c.bl.x) * u, y: c.bl.y + (c.br.y - c.bl.y) * u)
            return SDL_FPoint(x: Float(top.x + (bottom.x - top.x) * v), y: Float(top.y + (bottom.y - top.y) * v))
        }
        // The margin and the corners' rows, texels (a texel more for filtering), blended.
        let radius = layer.cornerRadius * Double(page.width) / max(layer.size.width, 1)
        let side = Double(PageImage.margin) + 1, ends = Double(PageImage.margin) + radius.rounded(.up) + 1
        let opaque = layer.opacity >= 1 && strategy.blendsOnlyEdges && columns > 2 * side && rows > 2 * ends
        for band in page.bands {
            let r0 = Double(band.firstRow), r1 = r0 + Double(band.size.height)
            // Texel rectangles (columns, rows) of this band: opaque ones, then blended ones.
            var solid: [(Double, Double, Double, Double)] = [], blended: [(Double, Double, Double, Double)] = []
            if opaque {
                let i0 = max(r0, ends), i1 = min(r1, rows - ends)
                if i1 > i0 {
                    solid.append((side, columns - side, i0, i1))
                    blended += [(0, side, i0, i1), (columns - side, columns, i0, i1)]
                }
                if min(r1, ends) > r0 { blended.append((0, columns, r0, min(r1, ends))) }
                if r1 > max(r0, rows - ends) { blended.append((0, columns, max(r0, rows - ends), r1)) }
            } else {
                blended.append((0, columns, r0, r1))
            }
            vertices.removeAll(keepingCapacity: true)
            var solidIndices: [Int32] = [], blendedIndices: [Int32] = []
            for (index, (x0, x1, y0, y1)) in (solid + blended).enumerated() {
                let first = Int32(vertices.count)
                for (x, y) in [(x0, y0), (x1, y0), (x1, y1), (x0, y1)] {
                    let texel = SDL_FPoint(x: Float(x / columns), y: Float((y - r0) / Double(band.size.height)))
                    vertices.append(SDL_Vertex(position: point(x / columns, y / rows), color: colour, tex_coord: texel))
                }
                let quad = [first, first + 1, first + 2, first, first + 2, first + 3]
                if index < solid.count { solidIndices += quad } else { blendedIndices += quad }
            }
            setScaleMode(sampling(from: origin), of: band.texture)
            if !solidIndices.isEmpty {
                SDL_SetTextureBlendMode(band.texture, SDL_BLENDMODE_NONE)
                submit(band.texture, solidIndices)
                SDL_SetTextureBlendMode(band.texture, SDL_BLENDMODE_BLEND)
            }
            submit(band.texture, blendedIndices)
        }
    }
}
