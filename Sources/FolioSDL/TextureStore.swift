import CSDL2
import FolioCore
import FolioDecoding
import FolioLibrary

/// The page and placeholder textures on the GPU, kept within a byte budget: once over it, the
/// least recently drawn go first (never those of the frame being drawn). Textures are
/// filtered linearly, so a page drawn at a slant gets soft edges from its transparent margin
/// and one made for another page size scales smoothly.
final class TextureStore {
    struct Entry {
        let texture: OpaquePointer
        /// Content size in texels (without the margin).
        let width: Int32
        let height: Int32
        let bytes: Int
        var lastUse: Int

        /// True when the texture was made for `shape`'s size; otherwise it is drawn scaled
        /// until it is redone.
        func fits(_ shape: PageImage.Shape) -> Bool { width == shape.width && height == shape.height }
    }

    enum Key: Hashable {
        case image(ImageSource, PageSide)
        /// An image at the thumbnail strip's size.
        case thumbnail(ImageSource)
        /// A page's small version (`TextureCache.smallShape`): drawn scaled up while the
        /// page at its own size is on its way.
        case small(ImageSource, PageSide)
        /// Paper with a page number and a label; `number` nil for a blank page; `aspect` the
        /// page's aspect ratio in thousandths (books of other shapes have their own).
        case placeholder(number: Int?, label: String, side: PageSide, aspect: Int)
    }

    private let sdlRenderer: OpaquePointer
    /// Most bytes of textures kept.
    let budget: Int
    private var entries: [Key: Entry] = [:]
    private(set) var byteCount = 0
    /// The frame being drawn, counted by `beginFrame`.
    private var frame = 0

    init(sdlRenderer: OpaquePointer, budget: Int) {
        self.sdlRenderer = sdlRenderer
        self.budget = budget
    }

    var count: Int { entries.count }

    /// Evicts down to the budget what earlier frames drew, then starts a new frame; returns
    /// how many textures went.
    @discardableResult
    func beginFrame() -> Int {
        defer { frame += 1 }
        return evict()
    }

    /// The entry for `key`, without marking it as drawn.
    func entry(_ key: Key) -> Entry? { entries[key] }

    /// The entry for `key`, marked as drawn this frame.
    func use(_ key: Key) -> Entry? {
        guard var entry = entries[key] else { return nil }
        entry.lastUse = frame
        entries[key] = entry
        return entry
    }

    /// Uploads `surface` as the texture for `key` (replacing any), its content `width` ×
    /// `height` texels; nil if the renderer refuses it.
    @discardableResult
    func insert(_ key: Key, surface: OwnedSurface, width: Int32, height: Int32) -> Entry? {
        guard let texture = SDL_CreateTextureFromSurface(sdlRenderer, surface.pointer) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        // Whatever SDL's scale-quality hint says: nearest sampling would cut slanted edges
        // into steps.
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        if let old = entries[key] {
            SDL_DestroyTexture(old.texture)
            byteCount -= old.bytes
        }
        let size = Int(surface.pointer.pointee.w) * Int(surface.pointer.pointee.h) * 4
        let entry = Entry(texture: texture, width: width, height: height, bytes: size, lastUse: frame)
        entries[key] = entry
        byteCount += size
        return entry
    }

    /// Destroys every texture (before the renderer goes).
    func purge() {
        for entry in entries.values { SDL_DestroyTexture(entry.texture) }
        entries.removeAll()
        byteCount = 0
    }

    /// Destroys the textures whose keys `drop` picks (told whether each was drawn this
    /// frame); returns how many went.
    @discardableResult
    func remove(where drop: (_ key: Key, _ drawnNow: Bool) -> Bool) -> Int {
        let going = entries.filter { drop($0.key, $0.value.lastUse == frame) }
        for (key, entry) in going {
            SDL_DestroyTexture(entry.texture)
            entries[key] = nil
            byteCount -= entry.bytes
        }
        return going.count
    }

    private func evict() -> Int {
        guard byteCount > budget else { return 0 }
        let order = entries.filter { $0.value.lastUse < frame }.sorted { $0.value.lastUse < $1.value.lastUse }
        var evicted = 0
        for (key, entry) in order {
            guard byteCount > budget else { break }
            SDL_DestroyTexture(entry.texture)
            entries[key] = nil
            byteCount -= entry.bytes
            evicted += 1
        }
        return evicted
    }
}
