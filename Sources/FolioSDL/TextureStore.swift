import CSDL2
import FolioCore
import FolioDecoding
import FolioLibrary

/// The page and placeholder textures on the GPU, kept within a byte budget: once over it, the
/// least recently drawn go first (never those of the frame being drawn). Textures are
/// filtered linearly, so a page drawn at a slant gets soft edges from its transparent margin
/// and one made for another page size scales smoothly.
///
/// Making a texture costs a software renderer five times what filling one does (Mesa's
/// llvmpipe clears the new memory, page by page): about 10 ms for a page at 1920×1080. So a
/// texture that goes is kept aside for a while (a few, `spareBytes` at most) and filled again
/// by the next upload of its size; once the store is full, one no longer wanted gives itself
/// to a page of its size rather than being evicted (in a column of pages every page has one
/// size); and a large page may be made in bands (`makeBand`), one a frame, so no frame makes
/// more than one band.
final class TextureStore {
    /// Rows of a page's image (its margin included) in one texture.
    struct Band {
        let texture: OpaquePointer
        let size: Size
        /// The image's row the band starts at.
        let firstRow: Int32
    }

    /// A texture's size and pixel format: what a texture filled again must share.
    struct Size: Equatable {
        var width: Int32
        var height: Int32
        var format: UInt32
        var bytes: Int { Int(width) * Int(height) * 4 }

        init(width: Int32, height: Int32, format: UInt32) {
            self.width = width
            self.height = height
            self.format = format
        }

        /// A texture's (nil if SDL does not know it, or it is not a static one).
        init?(of texture: OpaquePointer) {
            var format: UInt32 = 0, access: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard SDL_QueryTexture(texture, &format, &access, &w, &h) == 0,
                  access == Int32(SDL_TEXTUREACCESS_STATIC.rawValue) else { return nil }
            self.init(width: w, height: h, format: format)
        }
    }

    struct Entry {
        /// The image top to bottom: one band, or several for a large page.
        let bands: [Band]
        /// Content size in texels (without the margin).
        let width: Int32
        let height: Int32
        let bytes: Int
        var lastUse: Int

        /// The texture of an image made whole (the first band of one made in bands).
        var texture: OpaquePointer { bands[0].texture }
        /// The image's height in texels, its margin included.
        var rows: Int32 { bands.reduce(0) { $0 + $1.size.height } }

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

        /// The image the texture shows (nil for a placeholder).
        var source: ImageSource? {
            switch self {
            case .image(let source, _), .thumbnail(let source), .small(let source, _): return source
            case .placeholder: return nil
            }
        }
    }

    private let sdlRenderer: OpaquePointer
    /// Most bytes of textures kept (besides the spares).
    let budget: Int
    private var entries: [Key: Entry] = [:]
    private(set) var byteCount = 0
    /// Textures no longer used, newest last, to be filled again rather than made anew.
    private var spares: [Band] = []
    private(set) var spareByteCount = 0
    /// Most bytes of spares kept: an eighth of the budget (two or three pages).
    var spareBytes: Int { budget / 8 }
    /// Textures made, and textures filled again instead (tests, benchmarks).
    private(set) var madeCount = 0
    private(set) var reuseCount = 0
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
    /// `height` texels; nil if the renderer refuses it. `recyclable` names the textures no
    /// longer wanted (`makeBand`).
    @discardableResult
    func insert(_ key: Key, surface: PagePixels, width: Int32, height: Int32, recyclable: (Key) -> Bool = { _ in false },
                unfiltered: Bool = false) -> Entry? {
        guard let band = makeBand(of: surface, rows: 0..<surface.height, for: key, recyclable: recyclable, unfiltered: unfiltered)
        else { return nil }
        return insert(key, bands: [band], width: width, height: height)
    }

    /// Keeps `bands` (made by `makeBand`, top to bottom) as the texture for `key`, replacing
    /// any, its content `width` × `height` texels.
    @discardableResult
    func insert(_ key: Key, bands: [Band], width: Int32, height: Int32) -> Entry? {
        guard !bands.isEmpty else { return nil }
        if let old = entries.removeValue(forKey: key) {
            old.bands.forEach(retire)
            byteCount -= old.bytes
        }
        let entry = Entry(bands: bands, width: width, height: height, bytes: bands.reduce(0) { $0 + $1.size.bytes }, lastUse: frame)
        entries[key] = entry
        byteCount += entry.bytes
        return entry
    }

    /// A texture holding `rows` of `surface`'s image, for `key`: a spare of its size filled
    /// again; else, when the store is full (it would have to evict to take the texture), the
    /// texture of an entry `recyclable` names (no longer wanted, not drawn this frame, the
    /// least recently drawn) that has a band of its size; else a new one. Nil if the renderer
    /// refuses it. `unfiltered`: the texture is to be drawn texel for pixel (`prepared`).
    func makeBand(of surface: PagePixels, rows: Range<Int32>, for key: Key, recyclable: (Key) -> Bool = { _ in false },
                  unfiltered: Bool = false) -> Band? {
        guard rows.lowerBound >= 0, rows.upperBound <= surface.height, !rows.isEmpty else { return nil }
        let size = Size(width: surface.width, height: Int32(rows.count), format: PagePixels.sdlFormat)
        let pixels = surface.bytes + Int(rows.lowerBound) * surface.pitch, pitch = Int32(surface.pitch)
        if !spares.contains(where: { $0.size == size }), byteCount + size.bytes > budget, let (old, entry) = entries
            .filter({ $0.key != key && $0.value.lastUse < frame && $0.value.bands.contains { $0.size == size } && recyclable($0.key) })
            .min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[old] = nil
            byteCount -= entry.bytes
            // Its band of this size is filled below (whatever the spares may hold), the
            // others kept as spares.
            var bands = entry.bands
            let taken = bands.remove(at: bands.firstIndex { $0.size == size } ?? 0)
            bands.forEach(retire)
            spares.append(taken)
            spareByteCount += taken.size.bytes
        }
        if let index = spares.lastIndex(where: { $0.size == size }) {
            let spare = spares.remove(at: index)
            spareByteCount -= spare.size.bytes
            if SDL_UpdateTexture(spare.texture, nil, pixels, pitch) == 0 {
                reuseCount += 1
                return Band(texture: prepared(spare.texture, unfiltered: unfiltered), size: size, firstRow: rows.lowerBound)
            }
            SDL_DestroyTexture(spare.texture)
        }
        guard let texture = SDL_CreateTexture(sdlRenderer, size.format, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              size.width, size.height) else { return nil }
        guard SDL_UpdateTexture(texture, nil, pixels, pitch) == 0 else {
            SDL_DestroyTexture(texture)
            return nil
        }
        madeCount += 1
        return Band(texture: prepared(texture, unfiltered: unfiltered), size: size, firstRow: rows.lowerBound)
    }

    /// `texture` set as every page texture is drawn: blended (a page's edges and corners are
    /// soft), filtered linearly whatever SDL's scale-quality hint says (nearest sampling
    /// would cut slanted edges into steps), its colour unchanged. `unfiltered`: sampled
    /// nearest, as `Renderer` draws a page texel for pixel (set now: changing a texture's
    /// sampling as it is drawn makes SDL draw what it has queued first).
    private func prepared(_ texture: OpaquePointer, unfiltered: Bool) -> OpaquePointer {
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, unfiltered ? SDL_ScaleModeNearest : SDL_ScaleModeLinear)
        SDL_SetTextureColorMod(texture, 255, 255, 255)
        SDL_SetTextureAlphaMod(texture, 255)
        return texture
    }

    /// Destroys a band made but never kept (an upload in bands given up).
    func discard(_ band: Band) { retire(band) }

    /// Destroys every texture (before the renderer goes).
    func purge() {
        for entry in entries.values { entry.bands.forEach { SDL_DestroyTexture($0.texture) } }
        entries.removeAll()
        byteCount = 0
        dropSpares(keeping: 0)
    }

    /// Keeps `band`'s texture, no longer used, as a spare (the oldest spares go past
    /// `spareBytes`).
    private func retire(_ band: Band) {
        guard band.size.bytes <= spareBytes else {
            SDL_DestroyTexture(band.texture)
            return
        }
        spares.append(band)
        spareByteCount += band.size.bytes
        dropSpares(keeping: spareBytes)
    }

    /// Destroys the oldest spares until they hold at most `bytes`.
    private func dropSpares(keeping bytes: Int) {
        while spareByteCount > bytes, !spares.isEmpty {
            let spare = spares.removeFirst()
            SDL_DestroyTexture(spare.texture)
            spareByteCount -= spare.size.bytes
        }
    }

    /// Destroys the textures whose keys `drop` picks (told whether each was drawn this
    /// frame); returns how many went.
    @discardableResult
    func remove(where drop: (_ key: Key, _ drawnNow: Bool) -> Bool) -> Int {
        let going = entries.filter { drop($0.key, $0.value.lastUse == frame) }
        for (key, entry) in going {
            entry.bands.forEach(retire)
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
            entry.bands.forEach(retire)
            entries[key] = nil
            byteCount -= entry.bytes
            evicted += 1
        }
        return evicted
    }
}
