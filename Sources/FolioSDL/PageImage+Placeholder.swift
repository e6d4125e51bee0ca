import CSDL2
import FolioCore
import FolioDecoding

/// Placeholder pages: drawn with a Typeface (SDL_ttf), so made on the renderer's thread, never
/// in a decoder.
extension PageImage {
    /// Paper with a large page number and an optional label ("Missing", "Unreadable"):
    /// what a page shows until, or instead of, its image. Without a typeface, plain paper.
    static func placeholder(shape: Shape, number: Int?, label: String, typeface: Typeface?) -> PagePixels? {
        guard let page = paperPage(shape) else { return nil }
        let m = margin
        _ = page.withSurface { surface in
            guard let typeface else { return }
            let ink = SDL_Color(r: PageImage.ink.r, g: PageImage.ink.g, b: PageImage.ink.b, a: 255)
            let h = Double(shape.height), w = Double(shape.width)
            if let number {
                write(String(number), into: surface, typeface: typeface, pixels: h / 5, weight: .bold, colour: ink,
                      maxWidth: w * 2 / 3, centre: (Double(m) + w / 2, Double(m) + h / 2))
            }
            if !label.isEmpty {
                let text = label.prefix(1).uppercased() + label.dropFirst()
                write(TextLayer.bounded(text), into: surface, typeface: typeface, pixels: max(h / 24, 6), weight: .regular,
                      colour: ink, maxWidth: w * 0.85, centre: (Double(m) + w / 2, Double(m) + h * 0.75))
            }
        }
        finishEdges(page, shape: shape)
        return page
    }

    /// Blends one line of text centred on `centre` (pixels of `surface`).
    package static func write(_ text: String, into surface: UnsafeMutablePointer<SDL_Surface>, typeface: Typeface, pixels: Double,
                      weight: TextLayer.Weight, colour: SDL_Color, maxWidth: Double, centre: (x: Double, y: Double)) {
        guard let line = typeface.render(text, pixels: pixels, weight: weight, maxWidth: Int(maxWidth), colour: colour) else { return }
        defer { SDL_FreeSurface(line) }
        SDL_SetSurfaceBlendMode(line, SDL_BLENDMODE_BLEND)
        var rect = SDL_Rect(x: Int32((centre.x - Double(line.pointee.w) / 2).rounded()),
                            y: Int32((centre.y - Double(line.pointee.h) / 2).rounded()), w: line.pointee.w, h: line.pointee.h)
        SDL_UpperBlit(line, nil, surface, &rect)
    }
}
