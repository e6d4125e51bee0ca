import CSDL2
import FolioCore
import FolioLibrary

/// Draws text layers as textures at the output's pixel size. Each distinct line (words,
/// pixel size, weight, width) is rendered once, in white, and kept while it is drawn;
/// colour and opacity are applied as it is copied, so a fade never renders it again.
final class TextPainter {
    private let sdlRenderer: OpaquePointer
    let typeface: Typeface?

    private struct Key: Hashable {
        var text: String
        var pixels: Int
        var weight: TextLayer.Weight
        var maxWidth: Int
    }

    private struct Entry {
        /// nil when the line renders to nothing (empty, or SDL2_ttf refused it).
        var texture: OpaquePointer?
        var width: Int32
        var height: Int32
        var lastUsed: Int
    }

    private var entries: [Key: Entry] = [:]
    private var frame = 0
    /// Lines kept; past it, those not drawn in the last frame go.
    static let maxEntries = 128
    /// Lines rendered since the painter was made (tests: unchanged text is not redone).
    private(set) var renderCount = 0
    /// Lines that may wait (`TextLayer.canWait`: the grid's titles) made in one frame at
    /// most: each is a new texture, a few milliseconds on a software renderer, and a row of
    /// covers brings six at once.
    static let waitingBudget = 2
    private var madeWaiting = 0
    /// Lines that waited for a later frame in the last one drawn (the loop draws again).
    private(set) var owed = 0

    init(sdlRenderer: OpaquePointer, typeface: Typeface?) {
        self.sdlRenderer = sdlRenderer
        self.typeface = typeface
    }

    var count: Int { entries.count }

    func beginFrame() {
        frame += 1
        madeWaiting = 0
        owed = 0
        guard entries.count > TextPainter.maxEntries else { return }
        for (key, entry) in entries where entry.lastUsed < frame - 1 {
            if let texture = entry.texture { SDL_DestroyTexture(texture) }
            entries[key] = nil
        }
    }

    /// Draws `text` with `pixelScale` pixels per point into the current target.
    func draw(_ text: TextLayer, pixelScale: Double) {
        guard let typeface, text.opacity > 0, text.colour.a > 0 else { return }
        let key = Key(text: text.text, pixels: Int((text.size * pixelScale).rounded()), weight: text.weight,
                      maxWidth: Int((text.maxWidth * pixelScale).rounded(.down)))
        var entry: Entry
        if let held = entries[key] {
            entry = held
        } else {
            if text.canWait {
                guard madeWaiting < TextPainter.waitingBudget else {
                    owed += 1
                    return
                }
                madeWaiting += 1
            }
            entry = Entry(texture: nil, width: 0, height: 0, lastUsed: frame)
            renderCount += 1
            if let surface = typeface.render(key.text, pixels: Double(key.pixels), weight: key.weight, maxWidth: key.maxWidth) {
                entry.texture = SDL_CreateTextureFromSurface(sdlRenderer, surface)
                entry.width = surface.pointee.w
                entry.height = surface.pointee.h
                SDL_FreeSurface(surface)
                if let texture = entry.texture { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND) }
            }
        }
        entry.lastUsed = frame
        entries[key] = entry
        guard let texture = entry.texture else { return }
        let c = text.colour
        SDL_SetTextureColorMod(texture, UInt8(clamp(c.r, 0, 1) * 255), UInt8(clamp(c.g, 0, 1) * 255), UInt8(clamp(c.b, 0, 1) * 255))
        SDL_SetTextureAlphaMod(texture, UInt8(clamp(c.a * text.opacity, 0, 1) * 255))
        let x = text.position.x * pixelScale, w = Double(entry.width)
        let left: Double
        switch text.alignment {
        case .leading: left = x
        case .center: left = x - w / 2
        case .trailing: left = x - w
        }
        if let band = text.backing {
            let pad = text.size * pixelScale * 0.5
            var back = SDL_FRect(x: Float(left - pad), y: Float(text.position.y * pixelScale - Double(entry.height) / 2 - pad / 2),
                                 w: Float(w + 2 * pad), h: Float(Double(entry.height) + pad))
            SDL_SetRenderDrawBlendMode(sdlRenderer, SDL_BLENDMODE_BLEND)
            SDL_SetRenderDrawColor(sdlRenderer, UInt8(clamp(band.r, 0, 1) * 255), UInt8(clamp(band.g, 0, 1) * 255),
                                   UInt8(clamp(band.b, 0, 1) * 255), UInt8(clamp(band.a * text.opacity, 0, 1) * 255))
            SDL_RenderFillRectF(sdlRenderer, &back)
        }
        // Whole pixels: the glyphs were rendered for this grid, so they stay crisp.
        var rect = SDL_Rect(x: Int32(left.rounded()), y: Int32((text.position.y * pixelScale - Double(entry.height) / 2).rounded()),
                            w: entry.width, h: entry.height)
        SDL_RenderCopy(sdlRenderer, texture, nil, &rect)
    }

    func close() {
        for entry in entries.values {
            if let texture = entry.texture { SDL_DestroyTexture(texture) }
        }
        entries.removeAll()
        typeface?.close()
    }
}
