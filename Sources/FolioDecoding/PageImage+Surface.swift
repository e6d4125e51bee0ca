import CSDL2
import FolioCore

/// Page surfaces: paper, decoded pixels laid on it, a spanning page's half, placeholders, and
/// the finished edges every page gets.
extension PageImage {
    /// `shape.side`'s half of a page made at `shape.spread`: the left half keeps the spread's
    /// left margin, the right half its right one; the edge at the spine is finished as any
    /// page's edge is.
    package static func half(of spread: UnsafeMutablePointer<SDL_Surface>, shape: Shape) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let page = blankSurface(shape) else { return nil }
        var from = SDL_Rect(x: shape.side == .left ? 0 : margin + shape.width, y: 0, w: shape.width + margin, h: shape.height + 2 * margin)
        var to = SDL_Rect(x: shape.side == .left ? 0 : margin, y: 0, w: from.w, h: from.h)
        SDL_SetSurfaceBlendMode(spread, SDL_BLENDMODE_NONE)
        guard SDL_UpperBlit(spread, &from, page, &to) == 0 else {
            SDL_FreeSurface(page)
            return nil
        }
        finishEdges(page, shape: shape)
        return page
    }

    /// A page-shaped surface: paper inside, the transparent margin around it.
    package static func paperSurface(_ shape: Shape) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let page = blankSurface(shape) else { return nil }
        var inside = SDL_Rect(x: margin, y: margin, w: shape.width, h: shape.height)
        SDL_FillRect(page, &inside, SDL_MapRGBA(page.pointee.format, paper.r, paper.g, paper.b, 255))
        return page
    }

    /// Where an image of `width`×`height` sits on a page of `shape`: scaled to fit whole,
    /// centred, the rest paper (letterboxed, never cropped).
    package static func fitted(width: Int, height: Int, in shape: Shape) -> SDL_Rect {
        if fillsBox(width: width, height: height, box: (Int(shape.width), Int(shape.height))) {
            return SDL_Rect(x: margin, y: margin, w: shape.width, h: shape.height)
        }
        let scale = min(Double(shape.width) / Double(max(width, 1)), Double(shape.height) / Double(max(height, 1)))
        let w = min(shape.width, max(1, Int32((Double(width) * scale).rounded())))
        let h = min(shape.height, max(1, Int32((Double(height) * scale).rounded())))
        return SDL_Rect(x: margin + (shape.width - w) / 2, y: margin + (shape.height - h) / 2, w: w, h: h)
    }

    /// True when an image of `width`×`height` fitted into `box` falls short of it by at most
    /// a pixel a side: then it fills the box (cropping or stretching under a pixel), instead
    /// of leaving a hairline of paper.
    package static func fillsBox(width: Int, height: Int, box: (width: Int, height: Int)) -> Bool {
        let scale = min(Double(box.width) / Double(max(width, 1)), Double(box.height) / Double(max(height, 1)))
        return Double(box.width) - Double(width) * scale <= 1 && Double(box.height) - Double(height) * scale <= 1
    }

    /// libvips' pixels (fitted inside the page) centred on paper with its edges finished;
    /// pixels that are not opaque are laid over the paper. Frees them.
    package static func surface(_ pixels: DecodedPixels, name: String, shape: Shape) throws -> UnsafeMutablePointer<SDL_Surface> {
        defer { pixels.free() }
        guard let page = paperSurface(shape) else { throw unreadable(name, "out of memory") }
        let width = min(pixels.width, Int(shape.width)), height = min(pixels.height, Int(shape.height))
        let x0 = Int(margin) + (Int(shape.width) - width) / 2
        let y0 = Int(margin) + (Int(shape.height) - height) / 2
        let pitch = Int(page.pointee.pitch)
        let dst = page.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let paperBytes = [paper.r, paper.g, paper.b]
        for y in 0..<height {
            let to = dst + (y0 + y) * pitch + x0 * 4, from = pixels.base + y * pixels.width * 4
            to.update(from: from, count: width * 4)
            for x in 0..<width where to[x * 4 + 3] != 255 {
                let alpha = Int(to[x * 4 + 3])
                for c in 0..<3 {
                    to[x * 4 + c] = UInt8((Int(to[x * 4 + c]) * alpha + Int(paperBytes[c]) * (255 - alpha) + 127) / 255)
                }
                to[x * 4 + 3] = 255
            }
        }
        finishEdges(page, shape: shape)
        return page
    }

    /// Copies the content's edge colours into the margin with zero alpha, then cuts the
    /// outer corners round with anti-aliased coverage.
    package static func finishEdges(_ surface: UnsafeMutablePointer<SDL_Surface>, shape: Shape) {
        let w = shape.width, h = shape.height, radius = shape.radius, side = shape.side
        let m = Int(margin), W = Int(w) + 2 * m, H = Int(h) + 2 * m
        let pitch = Int(surface.pointee.pitch) / 4
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let alphaMask = UInt32(surface.pointee.format.pointee.Amask)
        // Only the margin is written: every column of a margin row, the side columns of the
        // others (a page's inside is most of its pixels, and stays as it is).
        let sides = Array(0..<m) + Array((m + Int(w))..<W)
        for y in 0..<H {
            let sy = min(max(y, m), m + Int(h) - 1)
            let row = y * pitch, from = sy * pitch
            func copy(_ x: Int) { pixels[row + x] = pixels[from + min(max(x, m), m + Int(w) - 1)] & ~alphaMask }
            if sy != y {
                for x in 0..<W { copy(x) }
            } else {
                for x in sides { copy(x) }
            }
        }
        guard radius > 0 else { return }
        let r = radius
        let ri = Int(r.rounded(.up))
        let shift = UInt32(surface.pointee.format.pointee.Ashift)
        // The outer corners: a right page's right two, a left page's left two, all four alone.
        let rounded: [PageSide] = side == .alone ? [.left, .right] : [side]
        for corner in rounded {
            let (x0, cx) = corner == .right ? (m + Int(w) - ri, Double(m) + Double(w) - r) : (m, Double(m) + r)
            for (y0, cy, top) in [(m, Double(m) + r, true), (m + Int(h) - ri, Double(m) + Double(h) - r, false)] {
                for y in y0..<(y0 + ri) {
                    for x in x0..<(x0 + ri) {
                        let px = Double(x) + 0.5, py = Double(y) + 0.5
                        let outsideX = corner == .right ? px > cx : px < cx
                        let outsideY = top ? py < cy : py > cy
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
