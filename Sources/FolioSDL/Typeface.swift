import CFontFallback
import CSDL2
import FolioCore
import FolioLibrary
import Foundation

/// The bundled DejaVu Sans (Assets/Fonts, regular and bold) at any pixel size, through
/// SDL2_ttf: text measured, shortened with an ellipsis to a width, and rendered to a
/// surface. A character DejaVu lacks (Japanese, Chinese, Korean, Thai…) is drawn in the
/// font fontconfig picks for it, as the desktop's own text does (`folio_font_for`): the
/// line is cut into runs of one font each, drawn side by side on one baseline. Hebrew and
/// Arabic read from the right, shaped by HarfBuzz (`BidiRuns` sets out the runs). SDL2_ttf is
/// not thread-safe: use one Typeface from one thread.
package final class Typeface {
    static let regularFile = "DejaVuSans.ttf"
    static let boldFile = "DejaVuSans-Bold.ttf"
    /// Pixel sizes are clamped to this range (a font per size is kept open).
    static let pixelSizes = 6...512
    /// Most fonts kept open at once; past it they are all closed and reopened as needed.
    static let maxOpenFonts = 24

    let directory: String
    private var fonts: [Key: OpaquePointer] = [:]
    /// Fallback fonts open, by file and pixel size; and the file for each character asked
    /// (nil: no font has it), at most `maxRemembered` characters.
    private var fallbacks: [String: OpaquePointer] = [:]
    private var fileFor: [UInt32: String?] = [:]
    static let maxRemembered = 4096

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
        for font in fallbacks.values { TTF_CloseFont(font) }
        fallbacks.removeAll()
    }

    /// A font for `scalar` at the size and weight of `primary`: `primary` when it has the
    /// character (or when none has it: its box then), else the font fontconfig picks; a
    /// character shown as an emoji by default, the colour emoji font when there is one.
    private func font(for scalar: Unicode.Scalar, primary: OpaquePointer, pixels: Int, weight: TextLayer.Weight) -> OpaquePointer {
        let code = scalar.value
        let emoji = scalar.properties.isEmojiPresentation
        if (TTF_GlyphIsProvided32(primary, code) != 0 && !emoji) || code < 0x20 { return primary }
        let file: String?
        if let known = fileFor[code] {
            file = known
        } else {
            var path = [CChar](repeating: 0, count: 4096)
            file = folio_font_for(code, weight == .bold ? 1 : 0, emoji ? 1 : 0, &path, path.count) == 1
                ? String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
            if fileFor.count >= Self.maxRemembered { fileFor.removeAll() }
            fileFor[code] = file
        }
        guard let file else { return primary }
        let key = "\(pixels) \(file)"
        if let open = fallbacks[key] { return open }
        // Never closed here: a line's runs hold the fonts they were given (`render` lets
        // fallbacks go before it starts, once there are too many).
        guard let opened = TTF_OpenFont(file, Int32(pixels)) else { return primary }
        TTF_SetFontHinting(opened, TTF_HINTING_LIGHT)
        fallbacks[key] = opened
        return opened
    }

    /// A piece of a line drawn at once: its font, its text, and how it is shaped.
    struct Piece {
        var font: OpaquePointer
        var text: String
        var rightToLeft = false
        var script: String?
        /// What its pixels are scaled by to sit on the line: below 1 for a font of fixed
        /// bitmaps (colour emoji come at 109 pixels whatever size is asked).
        var scale = 1.0
    }

    /// What a run in `font`, opened at `pixels`, is scaled by: a font far taller than asked
    /// for has only bitmaps of its own size (Noto Color Emoji's), drawn at the line's height.
    static func scale(of font: OpaquePointer, pixels: Int) -> Double {
        let height = Int(TTF_FontHeight(font))
        return height > 2 * pixels ? Double(pixels) * 1.15 / Double(height) : 1
    }

    /// `text` cut into pieces in the order they are seen, each of one font and one direction
    /// (`BidiRuns`); nil when `primary` draws it all left to right.
    private func runs(_ text: String, primary: OpaquePointer, pixels: Int, weight: TextLayer.Weight) -> [Piece]? {
        let missing = text.unicodeScalars.contains {
            ($0.properties.isEmojiPresentation || TTF_GlyphIsProvided32(primary, $0.value) == 0) && $0.value >= 0x20
        }
        guard missing || BidiRuns.hasRightToLeft(text) else { return nil }
        var out: [Piece] = []
        for run in BidiRuns.visual(text) {
            var pieces: [Piece] = []
            // By grapheme: a character and its combining marks stay in one font.
            for character in run.text {
                let chosen = font(for: character.unicodeScalars.first!, primary: primary, pixels: pixels, weight: weight)
                if let last = pieces.last, last.font == chosen {
                    pieces[pieces.count - 1].text.append(character)
                } else {
                    pieces.append(Piece(font: chosen, text: String(character), rightToLeft: run.rightToLeft, script: run.script,
                                        scale: chosen == primary ? 1 : Typeface.scale(of: chosen, pixels: pixels)))
                }
            }
            // A right-to-left run's pieces are seen last first.
            out += run.rightToLeft ? pieces.reversed() : pieces
        }
        return out
    }

    /// Sets `piece`'s direction and script on its font for `body`, and puts them back after.
    private static func shaping<T>(_ piece: Piece, _ body: () -> T) -> T {
        guard piece.rightToLeft else { return body() }
        TTF_SetFontDirection(piece.font, TTF_DIRECTION_RTL)
        if let script = piece.script { TTF_SetFontScriptName(piece.font, script) }
        defer {
            TTF_SetFontDirection(piece.font, TTF_DIRECTION_LTR)
            TTF_SetFontScriptName(piece.font, "Zzzz")
        }
        return body()
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

    /// Width of `text` in pixels in one font (0 when it cannot be measured).
    static func width(_ text: String, font: OpaquePointer) -> Int {
        var w: Int32 = 0, h: Int32 = 0
        guard !text.isEmpty, TTF_SizeUTF8(font, text, &w, &h) == 0 else { return 0 }
        return Int(w)
    }

    /// Width of `text` in pixels as `render` draws it: each run in its own font.
    private func width(_ text: String, primary: OpaquePointer, pixels: Int, weight: TextLayer.Weight) -> Int {
        guard let runs = runs(text, primary: primary, pixels: pixels, weight: weight) else { return Typeface.width(text, font: primary) }
        return runs.reduce(0) { total, piece in
            total + Int((Double(Typeface.shaping(piece) { Typeface.width(piece.text, font: piece.font) }) * piece.scale).rounded())
        }
    }

    /// `text` as is when it fits in `maxWidth` pixels (`width` measures), else its longest
    /// prefix that fits with "…" after it (just "…" when nothing does).
    static func fitted(_ text: String, maxWidth: Int, width: (String) -> Int) -> String {
        if width(text) <= maxWidth { return text }
        let characters = Array(text)
        var lo = 0, hi = characters.count
        // The longest prefix whose shortened form fits: binary search on its length.
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            let candidate = String(characters[..<mid]).trimmingCharacters(in: .whitespaces) + "…"
            if width(candidate) <= maxWidth { lo = mid } else { hi = mid - 1 }
        }
        return String(characters[..<lo]).trimmingCharacters(in: .whitespaces) + "…"
    }

    static func fitted(_ text: String, font: OpaquePointer, maxWidth: Int) -> String {
        fitted(text, maxWidth: maxWidth) { width($0, font: font) }
    }

    /// `text` rendered anti-aliased in `colour` on transparency, shortened to `maxWidth`
    /// pixels; nil for empty text. A character no font on the system has comes out as
    /// DejaVu's box.
    func render(_ text: String, pixels: Double, weight: TextLayer.Weight, maxWidth: Int,
                colour: SDL_Color = SDL_Color(r: 255, g: 255, b: 255, a: 255)) -> UnsafeMutablePointer<SDL_Surface>? {
        if fallbacks.count >= Typeface.maxOpenFonts {
            for font in fallbacks.values { TTF_CloseFont(font) }
            fallbacks.removeAll()
        }
        guard !text.isEmpty, maxWidth > 0, let font = font(pixels: pixels, weight: weight) else { return nil }
        let size = Int(clamp(pixels.rounded(), Double(Typeface.pixelSizes.lowerBound), Double(Typeface.pixelSizes.upperBound)))
        let line = Typeface.fitted(text, maxWidth: maxWidth) { self.width($0, primary: font, pixels: size, weight: weight) }
        guard let runs = runs(line, primary: font, pixels: size, weight: weight) else {
            return TTF_RenderUTF8_Blended(font, line, colour)
        }
        return Typeface.compose(runs, colour: colour)
    }

    /// The runs drawn side by side on one baseline (the tallest ascent's), on transparency.
    private static func compose(_ runs: [Piece], colour: SDL_Color) -> UnsafeMutablePointer<SDL_Surface>? {
        let drawn = runs.compactMap { run -> (UnsafeMutablePointer<SDL_Surface>, Int)? in
            guard let surface = shaping(run, { TTF_RenderUTF8_Blended(run.font, run.text, colour) }) else { return nil }
            let ascent = Int(TTF_FontAscent(run.font))
            guard run.scale < 1 else { return (surface, ascent) }
            // A bitmap font's run, scaled to the line (smoothly: a colour emoji's picture).
            let w = max(1, Int32((Double(surface.pointee.w) * run.scale).rounded())),
                h = max(1, Int32((Double(surface.pointee.h) * run.scale).rounded()))
            defer { SDL_FreeSurface(surface) }
            guard let scaled = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, surface.pointee.format.pointee.format) else { return nil }
            guard SDL_SoftStretchLinear(surface, nil, scaled, nil) == 0 else {
                SDL_FreeSurface(scaled)
                return nil
            }
            return (scaled, Int((Double(ascent) * run.scale).rounded()))
        }
        defer { drawn.forEach { SDL_FreeSurface($0.0) } }
        guard !drawn.isEmpty else { return nil }
        let ascent = drawn.map(\.1).max()!
        let width = drawn.reduce(0) { $0 + Int($1.0.pointee.w) }
        let height = drawn.map { ascent - $0.1 + Int($0.0.pointee.h) }.max()!
        guard width > 0, height > 0,
              let out = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32,
                                                       SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        SDL_FillRect(out, nil, 0)
        var x = 0
        for (surface, runAscent) in drawn {
            SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE)
            var place = SDL_Rect(x: Int32(x), y: Int32(ascent - runAscent), w: surface.pointee.w, h: surface.pointee.h)
            SDL_UpperBlit(surface, nil, out, &place)
            x += Int(surface.pointee.w)
        }
        SDL_SetSurfaceBlendMode(out, SDL_BLENDMODE_BLEND)
        return out
    }
}
