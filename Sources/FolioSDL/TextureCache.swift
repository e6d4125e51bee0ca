import CSDL2
import FolioCore
import FolioDecoding
import FolioLibrary

/// Page and cover textures: decoded on a background thread nearest-first, uploaded on the
/// main thread a few per frame, kept in a least-recently-used store bounded in bytes. A page
/// is first decoded small (a quarter of its size each way, ahead of every page at full size
/// but the urgent ones: a small decode is cheap with shrink-on-load) and drawn scaled up
/// from that, or from the strip's thumbnail of it, until the page at its own size swaps in;
/// only a page with neither shows a placeholder (paper and its number). One that cannot be
/// decoded keeps a placeholder marked with the reason. When the page size changes, textures
/// made for the old size are drawn scaled until their redo at the new size replaces them, so
/// a resize never puts a placeholder where a page was.
final class TextureCache {
    /// Decoding on the caller's thread (deterministic recording) or in the background.
    enum Mode {
        case synchronous, background
    }

    /// Upload at most this many decoded pages per frame (a texture upload is ~1 ms).
    static let uploadsPerFrame = 1
    /// And besides, at most this many small versions (each a sixteenth of a page), so they
    /// never queue behind the pages for their turn.
    static let smallUploadsPerFrame = 8

    private let mode: Mode
    let store: TextureStore
    private var placeholders: Placeholders
    private var failures = FailureRegistry()
    private var pageSize: PageSizePolicy
    /// What decodes every page (in the app, the confined workers).
    let decoder: any PageDecoder
    /// The background decoder (nil when decoding synchronously).
    let worker: DecodeWorker?
    /// What the last `beginFrame` spent on textures.
    var lastFrame = FrameTextureWork()
    /// The textures the last `beginFrame` was asked to have: pages at their size or small
    /// (stand-ins ahead of a flip), thumbnails.
    private(set) var wantedKeys = Set<TextureStore.Key>()
    /// Gives back what evicted textures freed.
    let trimmer: HeapTrimmer
    /// A large page being made in bands, one a frame (`TextureCache+Bands.swift`).
    var banding: Banding?

    /// `thumbnails`: where covers decoded in the background are made from and kept.
    init(sdlRenderer: OpaquePointer, mode: Mode, budgetBytes: Int, decoder: any PageDecoder, typeface: Typeface? = nil,
         thumbnails: CoverThumbnails? = nil, trimmer: HeapTrimmer = HeapTrimmer()) {
        self.trimmer = trimmer
        self.decoder = decoder
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(sdlRenderer, &info)
        let side = min(info.max_texture_width, info.max_texture_height)
        pageSize = PageSizePolicy(maxTextureSide: max(1024, side == 0 ? 8192 : side))
        store = TextureStore(sdlRenderer: sdlRenderer, budget: budgetBytes)
        // As many decoding threads as the decoder has workers: a spread's two pages side by
        // side. Without a thread, decode on this one rather than show placeholders forever.
        worker = mode == .background ? DecodeWorker(decoder: decoder, thumbnails: thumbnails, threads: DecoderSandbox.maxWorkers) : nil
        self.mode = worker == nil ? .synchronous : mode
        placeholders = Placeholders(limited: self.mode == .background, typeface: typeface)
    }

    /// Stops the worker and frees every texture (before the renderer goes); `patience`:
    /// seconds at most to wait for a decode under way (nil: as long as it takes).
    func close(patience: Double? = nil) {
        worker?.stop(patience: patience)
        giveUpBanding()
        store.purge()
    }

    /// Most bytes of textures kept (besides a few spares, `TextureStore`).
    var budget: Int { store.budget }
    /// Most bytes one zoomed page may take: a sixteenth of the budget, so the spread on
    /// screen and the pages around it fit together.
    var maxPageBytes: Int { store.budget / 16 }
    /// Most bytes one page of a column may take to be made at its drawn size: a twelfth of
    /// the budget, so the pages on screen and those decoded ahead (six) take at most half.
    /// (A larger page is made as a zoomed one is: a software renderer's 1920×1080 column
    /// draws from textures a third smaller than the page, filtered, as decoding and
    /// uploading one at its size costs more than filtering.)
    var maxColumnPageBytes: Int { store.budget / 12 }
    var byteCount: Int { store.byteCount }

    /// True when no decode is queued, running or waiting for its upload and no placeholder
    /// is still due: the frame on screen is the last one these textures will change.
    var isSettled: Bool { !placeholders.madeAny && (worker?.isSettled ?? true) }
    var count: Int { store.count }

    /// Sleeps until a decoded page can be uploaded or none is on its way, or `timeout`
    /// seconds pass; false if the timeout came first.
    @discardableResult
    func waitForDecode(timeout: Double) -> Bool {
        worker?.waitForResult(timeout: timeout) ?? true
    }

    /// Adopts the page size in pixels (capped by the renderer's largest texture), made
    /// larger for a zoomed book (up to 4×, each page within a sixteenth of the budget);
    /// textures made for a very different size are redone, and drawn scaled until then.
    /// `exact`: pages standing alone in a column, made at the size they are drawn.
    func setPageSize(width: Double, height: Double, cornerRadius: Double, zoom: Double = 1, exact: Bool = false) {
        let m = PageSizePolicy.magnification(zoom: zoom, width: width, height: height, maxPageBytes: maxPageBytes,
                                             exactBytes: exact ? maxColumnPageBytes : nil)
        guard pageSize.adopt(width: width * m, height: height * m, cornerRadius: cornerRadius * m, exact: exact && m == zoom) else {
            return
        }
        // Decodes for the old size are of no use any more; the store keeps its textures.
        worker?.clear()
        giveUpBanding()
    }

    /// Call once per frame before drawing: uploads finished decodes and asks the worker for
    /// `wanted` (nearest first; the first `urgent` at their size before any stand-in; the
    /// first `shown` are on screen), dropping requests no longer wanted. `still`: the view
    /// did not move since the last frame (a page on screen is then made whole at once, not a
    /// band a frame).
    func beginFrame(wanted: [Wanted], urgent: Int = 0, shown: Int? = nil, still: Bool = true) {
        let begin = SDL_GetPerformanceCounter()
        lastFrame = FrameTextureWork()
        lastFrame.evictions = store.beginFrame()
        if lastFrame.evictions > 0 { trimmer.freed() }
        placeholders.beginFrame()
        wantedKeys = Set(wanted.map {
            $0.thumbnail ? .thumbnail($0.source) : $0.smallOnly ? .small($0.source, $0.side) : .image($0.source, $0.side)
        })
        defer { lastFrame.seconds = Self.seconds(since: begin) }
        guard let worker else { return }
        lastFrame.decoding = worker.isBusy
        // While the view moves every frame must be quick: pages on screen (drawn from a
        // stand-in meanwhile) are made a band a frame too, but for the urgent ones (the pages
        // a book opened from the command line lies open at, which the reader waits for).
        let keys = wanted.map { TextureStore.Key.image($0.source, $0.side) }
        let onScreen = Set(keys.prefix(still ? shown ?? wanted.count : urgent))
        var pages = continueBanding(onScreen: onScreen) ? 1 : 0, smalls = 0
        while pages < Self.uploadsPerFrame && smalls < Self.smallUploadsPerFrame, let result = worker.takeFinished(limit: 1).first {
            let job = result.job
            if job.small { smalls += 1 } else { pages += 1 }
            switch result.outcome {
            case .success(let surface):
                // A page decoded for an older page size is dropped with its surface.
                if job.thumbnail {
                    if job.shape == thumbnailShape { upload(surface, as: .thumbnail(job.source), shape: job.shape) }
                } else if job.small {
                    // A small version stands in for a page only while there is none.
                    if store.entry(.image(job.source, job.side)) == nil {
                        upload(surface, as: .small(job.source, job.side), shape: job.shape)
                    }
                } else if job.shape == pageSize.shape(for: job.side, aspect: job.aspect, spans: job.shape.spans) {
                    let key = TextureStore.Key.image(job.source, job.side)
                    // Asked for again while it was being made in bands: it is held already.
                    if store.entry(key)?.fits(job.shape) == true || banding?.key == key { continue }
                    // A large page not on screen yet is made a band a frame.
                    if onScreen.contains(key) || !startBanding(surface, as: key, shape: job.shape) {
                        upload(surface, as: key, shape: job.shape)
                    }
                }
            case .failure(let failure):
                failures.record(job.source, failure)
            }
        }
        worker.setWanted(jobs(for: wanted, urgent: urgent))
    }

    /// The decodes `wanted` still needs, most wanted first: the first `urgent` pages at their
    /// size, then the small versions of pages with nothing to draw meanwhile (cheap, so
    /// every page about to show has one soon), then the pages and thumbnails themselves (not
    /// those wanted small only).
    func jobs(for wanted: [Wanted], urgent: Int = 0) -> [DecodeWorker.Job] {
        var first: [DecodeWorker.Job] = [], smalls: [DecodeWorker.Job] = [], jobs: [DecodeWorker.Job] = []
        var seen = Set<TextureStore.Key>()
        for (index, want) in wanted.enumerated() where failures.cause(for: want.source) == nil {
            if want.thumbnail {
                guard seen.insert(.thumbnail(want.source)).inserted,
                      store.entry(.thumbnail(want.source))?.fits(thumbnailShape) != true else { continue }
                jobs.append(DecodeWorker.Job(source: want.source, side: .right, shape: thumbnailShape, aspect: want.aspect,
                                             thumbnail: true))
                continue
            }
            let key = TextureStore.Key.image(want.source, want.side)
            let shape = pageSize.shape(for: want.side, aspect: want.aspect, spans: want.spans)
            // A page being made in bands is decoded already.
            guard seen.insert(key).inserted, store.entry(key)?.fits(shape) != true, banding?.key != key else { continue }
            if store.entry(key) == nil && standIn(for: want.source, side: want.side, spans: want.spans, use: false) == nil {
                smalls.append(smallJob(want))
            }
            guard !want.smallOnly else { continue }
            let job = DecodeWorker.Job(source: want.source, side: want.side, shape: shape, aspect: want.aspect, cover: want.cover)
            if index < urgent { first.append(job) } else { jobs.append(job) }
        }
        return first + smalls + jobs
    }

    /// The decode of `want`'s small version at the current page size.
    func smallJob(_ want: Wanted) -> DecodeWorker.Job {
        let shape = Self.smallShape(of: pageSize.shape(for: want.side, aspect: want.aspect, spans: want.spans))
        return DecodeWorker.Job(source: want.source, side: want.side, shape: shape, aspect: want.aspect, cover: want.cover, small: true)
    }

    /// A page's small version: a quarter of its size each way (a sixteenth of its bytes),
    /// corners and side alike, so drawn scaled up it covers the page exactly.
    static func smallShape(of shape: PageImage.Shape) -> PageImage.Shape {
        var small = shape
        small.width = max(8, Int32((Double(shape.width) / 4).rounded()))
        small.height = max(8, Int32((Double(shape.height) / 4).rounded()))
        small.radius = shape.radius / 4
        return small
    }

    /// What stands in for a page not decoded at its size yet: its small version, else the
    /// strip's thumbnail of it (not for half of a spanning image: the thumbnail shows it
    /// whole); `use` marks it as drawn this frame. A page standing alone (the column) takes
    /// the book's textures of it meanwhile, whose outer corners alone are round: as the book
    /// lies flat into the column no page shows blank.
    private func standIn(for source: ImageSource, side: PageSide, spans: Bool, use: Bool = true) -> TextureStore.Entry? {
        var keys: [TextureStore.Key] = spans ? [.small(source, side)] : [.small(source, side), .thumbnail(source)]
        if side == .alone {
            keys = [.image(source, .left), .image(source, .right)] + keys + [.small(source, .left), .small(source, .right)]
        }
        for key in keys {
            if let entry = use ? store.use(key) : store.entry(key) { return entry }
        }
        return nil
    }

    /// An image to have ready: its source, the side it shows on, its book's page aspect and
    /// whether it spans the spread (the side's half is shown).
    struct Wanted {
        var source: ImageSource
        var side: PageSide
        var aspect = PageGeometry.aspect
        var spans = false
        /// Wanted at the thumbnail strip's size, not a page's.
        var thumbnail = false
        /// Only its small version is wanted (a page ahead of a flip: `Prefetch.standIns`).
        var smallOnly = false
        /// A book's cover (made from its freedesktop thumbnail when one serves).
        var cover = false
    }

    /// The thumbnail strip's thumbnails, in pixels (the renderer sets it from the strip).
    private(set) var thumbnailShape = PageImage.Shape(width: 0, height: 0, radius: 0, side: .right)

    func setThumbnailSize(width: Double, height: Double, cornerRadius: Double) {
        let w = Int32(max(width.rounded(), 1)), h = Int32(max(height.rounded(), 1))
        guard w != thumbnailShape.width || h != thumbnailShape.height else { return }
        thumbnailShape = PageImage.Shape(width: w, height: h, radius: cornerRadius, side: .right)
    }

    /// The thumbnail of `source` (page `number`), decoded at the thumbnail's size, never a
    /// page's; paper with the number until it arrives.
    func thumbnail(for source: ImageSource?, number: Int) -> TextureStore.Entry? {
        let shape = thumbnailShape
        guard let source, failures.cause(for: source) == nil else {
            return placeholders.texture(number: number, label: "", shape: shape, in: store)
        }
        let key = TextureStore.Key.thumbnail(source)
        let held = store.use(key)
        if let held, held.fits(shape) { return held }
        if mode == .synchronous, case .success(let surface) = PageImage.make(source, decoder: decoder, shape: shape) {
            return upload(surface, as: key, shape: shape)
        }
        return held ?? placeholders.texture(number: number, label: "", shape: shape, in: store)
    }

    /// The texture to draw for `source` (nil: a blank page) as page `number` of a book whose
    /// pages have aspect ratio `aspect`; `spans`: the image spans the spread and `side`'s
    /// half of it is drawn.
    func texture(for source: ImageSource?, side: PageSide, number: Int?,
                 aspect: Double = PageGeometry.aspect, spans: Bool = false) -> TextureStore.Entry? {
        let shape = pageSize.shape(for: side, aspect: aspect, spans: spans)
        guard let source else { return placeholders.texture(number: nil, label: "", shape: shape, in: store) }
        let key = TextureStore.Key.image(source, side)
        let held = store.use(key)
        if let held, held.fits(shape) { return held }
        if let cause = failures.cause(for: source) {
            return placeholders.texture(number: number, label: cause.rawValue, shape: shape, in: store)
        }
        if case .unavailable(let cause, _) = source {
            // Already reported when the library loaded.
            failures.recordUnavailable(source, cause: cause)
            return placeholders.texture(number: number, label: cause.rawValue, shape: shape, in: store)
        }
        if mode == .synchronous {
            // At the current size straight away (replacing any older one): every recorded
            // frame is the same, and none shows a texture drawn scaled.
            switch PageImage.make(source, decoder: decoder, shape: shape) {
            case .success(let surface):
                return upload(surface, as: key, shape: shape)
            case .failure(let failure):
                failures.record(source, failure)
                return placeholders.texture(number: number, label: failure.cause.rawValue, shape: shape, in: store)
            }
        }
        // Made for an older page size, or small: drawn scaled until the page at its size
        // arrives.
        if let standIn = held ?? standIn(for: source, side: side, spans: spans) {
            lastFrame.lowres += 1
            return standIn
        }
        lastFrame.waiting += 1
        return placeholders.texture(number: number, label: "", shape: shape, in: store)
    }

    /// Lets go of what this frame neither drew nor wants (once the view is still): the pages
    /// a riffle or a jump passed, their small versions and numbered placeholders (a riffle
    /// leaves dozens, each a page's size), a small version whose page has come, thumbnails of
    /// a strip no longer shown. A still view holds what it shows and the pages around it, as
    /// a reader that keeps a few pages does. Returns how many went.
    @discardableResult
    func releaseUnwanted() -> Int {
        let wanted = wantedKeys
        let released = store.remove { key, drawnNow in
            switch key {
            case .image, .thumbnail: return !drawnNow && !wanted.contains(key)
            case .small(let source, let side):
                // Wanted while its page is (a stand-in ahead of a flip is wanted small).
                return !drawnNow
                    && (store.entry(.image(source, side)) != nil || !wanted.contains(key) && !wanted.contains(.image(source, side)))
            case .placeholder: return !drawnNow
            }
        }
        if released > 0 { trimmer.freed() }
        return released
    }

    /// True when `source` has something better than a numbered placeholder to draw: its
    /// image at any size, its small version or thumbnail, or the mark of why it has none.
    func canShow(_ source: ImageSource, side: PageSide, spans: Bool) -> Bool {
        if case .unavailable = source { return true }
        return store.entry(.image(source, side)) != nil || standIn(for: source, side: side, spans: spans, use: false) != nil
            || failures.cause(for: source) != nil
    }

    /// True when `source` is decoded and uploaded at the current page size (tests,
    /// benchmarks).
    func isReady(_ source: ImageSource, side: PageSide, aspect: Double = PageGeometry.aspect, spans: Bool = false) -> Bool {
        store.entry(.image(source, side))?.fits(pageSize.shape(for: side, aspect: aspect, spans: spans)) ?? false
    }

    @discardableResult
    private func upload(_ surface: PagePixels, as key: TextureStore.Key, shape: PageImage.Shape) -> TextureStore.Entry? {
        lastFrame.uploads += 1
        lastFrame.uploadBytes += Int(surface.height) * surface.pitch
        return store.insert(key, surface: surface, width: shape.width, height: shape.height, recyclable: recyclable,
                            unfiltered: drawnTexelForPixel(key))
    }

    /// A column's page made at the size it is drawn: `Renderer` draws it unfiltered.
    func drawnTexelForPixel(_ key: TextureStore.Key) -> Bool {
        guard pageSize.isExact, case .image(_, .alone) = key else { return false }
        return true
    }

    /// A texture no longer wanted in any form (a page scrolled past in a column): it may be
    /// given to another of its size.
    var recyclable: (TextureStore.Key) -> Bool {
        let wanted = Set(wantedKeys.compactMap(\.source))
        return { $0.source.map { !wanted.contains($0) } ?? false }
    }

    private static func seconds(since start: UInt64) -> Double {
        Double(SDL_GetPerformanceCounter() - start) / Double(SDL_GetPerformanceFrequency())
    }
}

/// What one frame spent on page textures before drawing (the benchmark's breakdown):
/// evicting, uploading what the decoder finished, queueing what to decode next; and the
/// pages it then drew before they were decoded.
public struct FrameTextureWork: Sendable {
    /// Decoded pages uploaded, and their pixels in bytes.
    public var uploads = 0
    public var uploadBytes = 0
    /// Textures destroyed to stay within the budget.
    public var evictions = 0
    /// Pages drawn as a placeholder because their decode had not arrived (by the end of the
    /// frame's drawing).
    public var waiting = 0
    /// Pages drawn scaled from a smaller texture (their small version, the strip's thumbnail
    /// or one made for an older page size) because their decode at the drawn size had not
    /// arrived.
    public var lowres = 0
    /// Wall time of all of it, seconds.
    public var seconds = 0.0
    /// A page was being decoded on the worker's thread as the frame began.
    public var decoding = false
}
