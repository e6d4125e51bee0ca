import CSDL2
import FolioCore
import FolioLibrary
import Foundation

/// The bundled DejaVu Sans (Assets/Fonts, regular and bold) at any pixel size, through
/// SDL2_ttf: text measured, shortened with an ellipsis to a width, and rendered to a
/// surface. SDL2_ttf is not thread-safe: use one Typeface from one thread.
package final class Typeface {
    static let regularFile = "DejaVuSans.ttf"
    static let boldFile = "DejaVuSans-Bold.ttf"
    /// Pixel sizes are clamped to this range (a font per size is kept open).
    static let pixelSizes = 6...512
    /// Most fonts kept open at once; past it they are all closed and reopened as needed.
    static let maxOpenFonts = 24

    let directory: String
    private var fonts: [Key: OpaquePointer] = [:]

    private struct Key: Hashable {
        var pixels: Int
        var weight: TextLayer.Weight
    }

    /// Opens the fonts in `directory` (both files must exist); nil when SDL2_ttf cannot start
    /// or a file is missing.
    init?(directory: String) {
        let fm = FileManager.default
        guard fm.isReadableFile(atPath: (directory as NSString).appendingPathComponent(Typeface.regularFile)),
              fm.isReadableFile(atPath: (directory as NSString).appendingPathComponent(Typeface.boldFile)) else { return nil }
        if TTF_WasInit() == 0 {
            guard TTF_Init() == 0 else { return nil }
        }
        self.directory = directory
    }

    deinit {
        close()
    }

    /// The bundled fonts, or nil (with one warning) when they cannot be found or opened.
    package static func bundled() -> Typeface? {
        // The fonts sit in Fonts/ of the folders every bundled file is looked for in.
        for dir in AssetFolders.candidates() {
            if let typeface = Typeface(directory: (dir as NSString).appendingPathComponent("Fonts")) { return typeface }
        }
        Console.warning("the bundled font (Assets/Fonts/\(regularFile)) was not found; text is not shown. Set FOLIO_ASSETS to the folder holding Fonts/.")
        return nil
    }

    func close() {
        for font in fonts.values { TTF_CloseFont(font) }
        fonts.removeAll()
    }

    /// The font at `pixels` (the em, in pixels), opened on first use.
    func font(pixels: Double, weight: TextLayer.Weight) -> OpaquePointer? {
        let key = Key(pixels: Int(clamp(pixels.rounded(), Double(Typeface.pixelSizes.lowerBound), Double(Typeface.pixelSizes.upperBound))),
                      weight: weight)
        if let font = fonts[key] { return font }
        if fonts.count >= Typeface.maxOpenFonts { close() }
        let path = (directory as NSString).appendingPathComponent(weight == .bold ? Typeface.boldFile : Typeface.regularFile)
        guard let font = TTF_OpenFont(path, Int32(key.pixels)) else { return nil }
        TTF_SetFontHinting(font, TTF_HINTING_LIGHT)
        fonts[key] = font
        return font
    }

    /// Width of `text` in pixels (0 when it cannot be measured).
    static func width(_ text: String, font: OpaquePointer) -> Int {
        var w: Int32 = 0, h: Int32 = 0
        guard !text.isEmpty, TTF_SizeUTF8(font, text, &w, &h) == 0 else { return 0 }
        return Int(w)
    }

    /// `text` as is when it fits in `maxWidth` pixels, else its longest prefix that fits
    /// with "…" after it (just "…" when nothing does).
    static func fitted(_ text: String, font: OpaquePointer, maxWidth: Int) -> String {
        if width(text, font: font) <= maxWidth { return text }
        let characters = Array(text)
        var lo = 0, hi = characters.count
        // The longest prefix whose shortened form fits: binary search on its length.
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            let candidate = String(characters[..<mid]).trimmingCharacters(in: .whitespaces) + "…"
            if width(candidate, font: font) <= maxWidth { lo = mid } else { hi = mid - 1 }
        }
        return String(characters[..<lo]).trimmingCharacters(in: .whitespaces) + "…"
    }

    /// `text` rendered anti-aliased in `colour` on transparency, shortened to `maxWidth`
    /// pixels; nil for empty text. Glyphs the font lacks come out as its box glyph.
    func render(_ text: String, pixels: Double, weight: TextLayer.Weight, maxWidth: Int,
                colour: SDL_Color = SDL_Color(r: 255, g: 255, b: 255, a: 255)) -> UnsafeMutablePointer<SDL_Surface>? {
        guard !text.isEmpty, maxWidth > 0, let font = font(pixels: pixels, weight: weight) else { return nil }
        let line = Typeface.fitted(text, font: font, maxWidth: maxWidth)
        return TTF_RenderUTF8_Blended(font, line, colour)
    }
}
