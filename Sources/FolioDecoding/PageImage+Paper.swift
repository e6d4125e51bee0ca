import FolioCore

/// Pages: paper, decoded pixels laid on it, a spanning page's half, placeholders, and
/// the finished edges every page gets.
extension PageImage {
    /// `shape.side`'s half of a page made at `shape.spread`: the left half keeps the spread's
    /// left margin, the right half its right one; the edge at the spine is finished as any
    /// page's edge is.
    package static func half(of spread: PagePixels, shape: Shape) -> PagePixels? {
        guard let page = blankPage(shape) else { return nil }
        let w = Int(shape.width + margin), h = Int(shape.height + 2 * margin)
        let left = shape.side == .left
        page.copy(w, h, of: spread, at: left ? 0 : Int(margin + shape.width), 0, to: left ? 0 : Int(margin), 0)
        finishEdges(page, shape: shape)
        return page
    }

    /// A page's pixels: paper inside, the transparent margin around it.
    package static func paperPage(_ shape: Shape) -> PagePixels? {
        guard let page = blankPage(shape) else { return nil }
        page.fill(x: Int(margin), y: Int(margin), w: Int(shape.width), h: Int(shape.height), r: paper.r, g: paper.g, b: paper.b, a: 255)
        return page
    }

    /// Where an image of `width`×`height` sits on a page of `shape`: scaled to fit whole,
    /// centred, the rest paper (letterboxed, never cropped).
    package static func fitted(width: Int, height: Int, in shape: Shape) -> (x: Int32, y: Int32, w: Int32, h: Int32) {
        if fillsBox(width: width, height: height, box: (Int(shape.width), Int(shape.height))) {
            return (margin, margin, shape.width, shape.height)
        }
        let scale = min(Double(shape.width) / Double(max(width, 1)), Double(shape.height) / Double(max(height, 1)))
        let w = min(shape.width, max(1, Int32((Double(width) * scale).rounded())))
        let h = min(shape.height, max(1, Int32((Double(height) * scale).rounded())))
        return (margin + (shape.width - w) / 2, margin + (shape.height - h) / 2, w, h)
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
    package static func page(_ pixels: DecodedPixels, name: String, shape: Shape) throws -> PagePixels {
        defer { pixels.free() }
        guard let page = paperPage(shape) else { throw unreadable(name, "out of memory") }
        let width = min(pixels.width, Int(shape.width)), height = min(pixels.height, Int(shape.height))
        let x0 = Int(margin) + (Int(shape.width) - width) / 2
        let y0 = Int(margin) + (Int(shape.height) - height) / 2
        if width == pixels.width {
            page.layOver(pixels.base, width: width, height: height, at: x0, y0)
        } else {
            for y in 0..<height {
                page.layOver(pixels.base + y * pixels.width * 4, width: width, height: 1, at: x0, y0 + y)
            }
        }
        finishEdges(page, shape: shape)
        return page
    }

    /// Copies the content's edge colours into the margin with zero alpha, then cuts the
    /// outer corners round with anti-aliased coverage.
    package static func finishEdges(_ page: PagePixels, shape: Shape) {
        let w = shape.width, h = shape.height, radius = shape.radius, side = shape.side
        let m = Int(margin), W = Int(w) + 2 * m, H = Int(h) + 2 * m
        let pitch = page.pitch / 4
        let pixels = UnsafeMutableRawPointer(page.bytes).assumingMemoryBound(to: UInt32.self)
        let alphaMask = PagePixels.alphaMask
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
        let shift = PagePixels.alphaShift
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
