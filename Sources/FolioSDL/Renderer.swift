import CSDL2
import FolioCore
import FolioDecoding
import FolioLibrary

/// Draws a `DrawList` with SDL_RenderGeometry: each layer becomes a subdivided, perspective-
/// correct mesh of its page texture, shaded by per-vertex colour.
public final class Renderer {
    let sdlRenderer: OpaquePointer
    let textures: TextureCache
    /// The live viewer hands over the grown library after a drop (books are only appended,
    /// so every texture already made stays right).
    var library: Library
    var mesh = QuadMesh()
    let backCovers: BackCoverColours
    var vertices: [SDL_Vertex] = []
    private let text: TextPainter
    /// Pixels per point (2 on a HiDPI display).
    public private(set) var pixelScale = 1.0

    /// Default texture budget: 256 MB, or 128 MB when the renderer draws on the CPU (Mesa's
    /// llvmpipe), where textures live in the process's own memory.
    public static let defaultCacheBytes = 256 << 20
    public static let softwareCacheBytes = 128 << 20

    /// `cacheBytes` nil chooses the default for this renderer; `thumbnails`, where covers
    /// decoded in the background come from and are kept.
    init(sdlRenderer: OpaquePointer, library: Library, decoding: TextureCache.Mode, decoder: any PageDecoder,
         cacheBytes: Int? = nil, thumbnails: CoverThumbnails? = nil) {
        self.sdlRenderer = sdlRenderer
        self.library = library
        let budget = cacheBytes ?? (Renderer.drawsOnTheCPU(sdlRenderer) ? Renderer.softwareCacheBytes : Renderer.defaultCacheBytes)
        let typeface = Typeface.bundled()
        text = TextPainter(sdlRenderer: sdlRenderer, typeface: typeface)
        textures = TextureCache(sdlRenderer: sdlRenderer, mode: decoding, budgetBytes: budget, decoder: decoder, typeface: typeface,
                                thumbnails: thumbnails)
        // Decoding in the background, a back cover's colour is found off this thread too.
        backCovers = BackCoverColours(decoder: decoder, offWindow: textures.worker != nil)
        SDL_SetRenderDrawBlendMode(sdlRenderer, SDL_BLENDMODE_BLEND)
    }

    /// Adopts the output's pixel density and, from the window's logical size, the page size
    /// textures are made for.
    public func configure(pixelScale: Double, windowSize: Size) {
        self.pixelScale = pixelScale
        let layout = BookLayout(size: windowSize, pageCount: 2)
        page = (layout.pageSize.width * pixelScale, layout.pageSize.height * pixelScale, layout.cornerRadius * pixelScale)
        textures.setPageSize(width: page.width, height: page.height, cornerRadius: page.radius, zoom: magnification, exact: pagesStandAlone)
    }

    /// Where the last frame's layers were (a view that moved makes its pages a band a frame).
    private var lastPlaces: [[Double]] = []
    /// The first frame of a column drew what makes Mesa compile the unfiltered page's
    /// shaders (before its pages, drawn unfiltered, scroll).
    var warmedUp = false
    /// One white texel: a fill is drawn from it, modulated by the fill's colour, so it takes
    /// the pages' shader (untextured geometry has a shader of its own, which Mesa compiled in
    /// the middle of the library grid's first frame: 50–70 ms).
    private var whiteTexel: OpaquePointer?

    /// The window's page in pixels, unzoomed, and the zoom the last draw list asked for.
    private var page = (width: 0.0, height: 0.0, radius: 0.0)
    private var magnification = 1.0
    /// How many decoder workers the view keeps as it moves and rests.
    private var workers = WorkerRest()
    /// Seconds a view stays still before the decoder keeps fewer workers (`WorkerRest`).
    static var stillBeforeRest: Double { WorkerRest.stillBefore }
    /// What the pointer showed in the last frame drawn from an app (a hand over a link).
    private(set) var pointer = DrawList.PointerShape.arrow
    /// The frame being drawn is a column of pages, each alone (`DrawList.pagesStandAlone`).
    private(set) var pagesStandAlone = false

    /// Draws `app`'s frame (its draw list, else `list`) with its library as it is now (a
    /// dropped book, a pairing shifted) and what it wants decoded next.
    public func draw(_ app: any DrawnApp, list: DrawList? = nil) {
        // Still, the view holds what it shows and wants: back on the shelf a closed book's
        // pages go, in a book the pages a riffle passed.
        defer { if app.isAtRest { textures.releaseUnwanted() } }
        let list = list ?? app.drawList()
        pointer = list.pointer
        library = app.library
        // A book opening or moving finds both decoder workers ready; a still view keeps fewer.
        if workers.note(still: app.isAtRest, bookOpen: app.book != nil, at: app.time) { textures.decoder.prestart() }
        restWorkersIfStill(at: app.time)
        draw(list, prefetch: app.prefetchContents(), standIns: app.standInContents())
    }

    /// Seconds from `time` (the app's) until the decoder is due to keep fewer workers (nil:
    /// not due); the viewer asleep at rest wakes for it and calls `restWorkersIfStill`.
    public func secondsUntilWorkersRest(at time: Double) -> Double? {
        workers.secondsUntilDue(at: time, settled: textures.isSettled)
    }

    /// Keeps fewer decoder workers (`PageDecoder.rest`) once the view has been still long
    /// enough and nothing is being decoded.
    public func restWorkersIfStill(at time: Double) {
        if let keeping = workers.due(at: time, settled: textures.isSettled) { textures.decoder.rest(keeping: keeping) }
    }

    /// Draws `list` into the current target (not presented). `prefetch` lists what to decode
    /// next, most wanted first (what is on screen, then the pages around the reader);
    /// `standIns` the pages whose small versions alone are wanted (ahead of a flip).
    public func draw(_ list: DrawList, prefetch: [LayerContent] = [], standIns: [LayerContent] = []) {
        let sizeChanged = list.magnification != magnification || list.pagesStandAlone != pagesStandAlone
        magnification = list.magnification
        pagesStandAlone = list.pagesStandAlone
        if sizeChanged, page.width > 0 {
            // A zoomed book: its pages are made larger, sharp at the size they are seen; a
            // column's at the size they are drawn.
            textures.setPageSize(width: page.width, height: page.height, cornerRadius: page.radius, zoom: magnification,
                                 exact: pagesStandAlone)
        }
        if let thumb = list.overlays.first {
            textures.setThumbnailSize(width: thumb.size.width * pixelScale, height: thumb.size.height * pixelScale,
                                      cornerRadius: thumb.cornerRadius * pixelScale)
        }
        // The urgent ones first; `urgent` counts those of them that have an image.
        let contents = list.urgent + list.layers.map(\.content) + list.overlays.map(\.content) + prefetch + standIns
        let standingIn = contents.count - standIns.count
        var wanted: [TextureCache.Wanted] = [], urgent = 0, shown = 0
        for (index, content) in contents.enumerated() {
            if index == list.urgent.count { urgent = wanted.count }
            if index == list.urgent.count + list.layers.count { shown = wanted.count }
            // A back cover is drawn in a colour, not from its image.
            if case .backCover = content { continue }
            guard let source = library.image(for: content) else { continue }
            var want = TextureCache.Wanted(source: source, side: side(of: content), aspect: aspect(of: content),
                                           spans: library.spansSpread(content))
            want.smallOnly = index >= standingIn
            switch content {
            case .thumbnail: want.thumbnail = true
            case .cover: want.cover = true
            default: break
            }
            wanted.append(want)
        }
        let onScreen = list.urgent.count + list.layers.count
        let places = list.layers.map { [$0.position.x, $0.position.y, $0.size.width, $0.size.height] }
        defer { lastPlaces = places }
        textures.beginFrame(wanted: wanted, urgent: list.urgent.count == contents.count ? wanted.count : urgent,
                            shown: onScreen == contents.count ? wanted.count : shown, still: places == lastPlaces)
        let bg = list.background
        SDL_SetRenderDrawColor(sdlRenderer, UInt8(bg.r * 255), UInt8(bg.g * 255), UInt8(bg.b * 255), UInt8(bg.a * 255))
        SDL_RenderClear(sdlRenderer)
        if !warmedUp && pagesStandAlone { warmUp(background: bg) }
        // A flat colour has no texture, and hides nothing under it.
        let entries = list.layers.map { $0.content.isFill ? nil : texture(for: $0) }
        let bleeds = list.layers.indices.map { i in entries[i].map { bleed(of: list.layers[i], texture: $0) } ?? 0 }
        // What the pages over a page hide of it is not drawn: each pixel is filled about once.
        let hidden = strategy.hiddenParts == .ignored
            ? []
            : Occlusion.hidden(in: list.layers, inset: { entries[$0] == nil ? nil : Renderer.opaqueInset(bleed: bleeds[$0]) })
        for (i, layer) in list.layers.enumerated() {
            if case .fill(let colour) = layer.content { drawFill(layer, colour: colour) }
            guard let entry = entries[i] else { continue }
            draw(layer, texture: entry, bleed: bleeds[i], hidden: hidden.isEmpty ? nil : hidden[i])
        }
        drawBands(list)
        drawTexts(list)
    }

    /// What becomes of the parts of pages that pages over them hide.
    public enum HiddenParts: Sendable {
        /// Left out (the renderer's way).
        case cut
        /// Drawn, on the same mesh that leaves them out (tests compare the two).
        case drawn
        /// Not looked for: every layer drawn whole on its plain mesh (the benchmark's before).
        case ignored
    }

    /// How pages are drawn (the viewer's way unless a benchmark or test hands in another).
    public var strategy = DrawingStrategy()
    /// Told of every triangle drawn, when set (a benchmark's overdraw).
    public var probe: (any RenderProbe)?

    /// The margin in points: texels scaled back by the layer's own texel density.
    func bleed(of layer: Layer, texture: TextureStore.Entry) -> Double {
        Double(PageImage.margin) * layer.size.width / Double(texture.width)
    }

    /// How far inside its bounds a page is surely opaque, points: past the margin and the
    /// texel that filtering blends with it, plus half a point for the affine mesh's error.
    public static func opaqueInset(bleed: Double) -> Double {
        bleed * 1.5 + 0.5
    }

    /// The flat rectangles over the layers (the thumbnail strip's band and marks), then the
    /// layers over them (its thumbnails).
    private func drawBands(_ list: DrawList) {
        Renderer.fill(list.bands, with: sdlRenderer, pixelScale: pixelScale)
        for layer in list.overlays {
            guard let entry = texture(for: layer) else { continue }
            draw(layer, texture: entry, bleed: bleed(of: layer, texture: entry), hidden: nil)
        }
    }

    /// Flat rectangles of colour (points), blended over what is drawn.
    static func fill(_ bands: [(rect: Rect, colour: RGBA)], with sdlRenderer: OpaquePointer, pixelScale: Double) {
        SDL_SetRenderDrawBlendMode(sdlRenderer, SDL_BLENDMODE_BLEND)
        for band in bands {
            let c = band.colour, r = band.rect
            SDL_SetRenderDrawColor(sdlRenderer, UInt8(clamp(c.r, 0, 1) * 255), UInt8(clamp(c.g, 0, 1) * 255),
                                   UInt8(clamp(c.b, 0, 1) * 255), UInt8(clamp(c.a, 0, 1) * 255))
            var rect = SDL_FRect(x: Float(r.minX * pixelScale), y: Float(r.minY * pixelScale),
                                 w: Float(r.size.width * pixelScale), h: Float(r.size.height * pixelScale))
            SDL_RenderFillRectF(sdlRenderer, &rect)
        }
    }

    /// Text over the layers, then the help overlay: its scrim and its text.
    private func drawTexts(_ list: DrawList) {
        text.beginFrame()
        for line in list.texts { text.draw(line, pixelScale: pixelScale) }
        guard let help = list.help else { return }
        let c = help.scrim
        SDL_SetRenderDrawColor(sdlRenderer, UInt8(c.r * 255), UInt8(c.g * 255), UInt8(c.b * 255), UInt8(clamp(c.a, 0, 1) * 255))
        SDL_RenderFillRect(sdlRenderer, nil)
        for line in help.texts { text.draw(line, pixelScale: pixelScale) }
    }

    /// Lines of text rendered so far (tests: unchanged text is not rendered again).
    var textRenderCount: Int { text.renderCount }

    /// True for SDL's software renderer and for OpenGL implemented on the CPU.
    static func drawsOnTheCPU(_ sdlRenderer: OpaquePointer) -> Bool {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(sdlRenderer, &info)
        if info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0 { return true }
        guard String(cString: info.name).hasPrefix("opengl"), let address = SDL_GL_GetProcAddress("glGetString") else { return false }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let getString = unsafeBitCast(address, to: GetString.self)
        guard let name = getString(0x1F01) else { return false }  // GL_RENDERER
        let driver = String(cString: name).lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software"].contains { driver.contains($0) }
    }

    /// The texture budget in use, bytes.
    public var cacheBudget: Int { textures.budget }

    /// Frees every texture and stops decoding; call before the SDL renderer is destroyed.
    /// `patience`: seconds at most to wait for a decode under way (nil: as long as it takes).
    func close(patience: Double? = nil) {
        if let whiteTexel { SDL_DestroyTexture(whiteTexel) }
        whiteTexel = nil
        text.close()
        textures.close(patience: patience)
    }

    /// True when no page texture or back cover's colour is on its way (the live loop may
    /// sleep).
    public var texturesSettled: Bool { textures.isSettled && backCovers.isSettled }

    /// Lines of text left for a later frame in the last one (`TextLayer.canWait`): the loop
    /// draws again rather than rest.
    public var textOwed: Bool { text.owed > 0 }

    func texture(for layer: Layer) -> TextureStore.Entry? {
        // A back cover is blank paper tinted to the cover's colour in `draw`.
        let source = layer.content.isBackCover ? nil : library.image(for: layer.content)
        if case .thumbnail(_, let number) = layer.content { return textures.thumbnail(for: source, number: number) }
        return textures.texture(for: source, side: side(of: layer.content), number: number(of: layer.content),
                                aspect: aspect(of: layer.content), spans: library.spansSpread(layer.content))
    }

    /// Per-channel factors that turn paper into `layer`'s colour: 1 for every page but a
    /// back cover.
    private func tint(of layer: Layer) -> (r: Float, g: Float, b: Float) {
        guard case .backCover(let book) = layer.content else { return (1, 1, 1) }
        let cover = library.books.indices.contains(book) ? library.books[book].cover : nil
        let c = backCovers.colour(of: book, cover: cover)
        let paper = PageImage.paper
        return (min(Float(c.r) / Float(paper.r), 1), min(Float(c.g) / Float(paper.g), 1), min(Float(c.b) / Float(paper.b), 1))
    }

    private func draw(_ layer: Layer, texture page: TextureStore.Entry, bleed: Double, hidden: ConvexPolygon?) {
        let tint = tint(of: layer)
        mesh.removeAll()
        // Inside its soft edge an opaque page needs no blending, which a software rasteriser
        // does for each pixel (and Mesa's llvmpipe then drops whatever an opaque tile hides).
        let solid = strategy.blendsOnlyEdges && layer.opacity >= 1
            ? Occlusion.opaqueInterior(of: layer, inset: Renderer.opaqueInset(bleed: bleed)) : nil
        guard mesh.append(layer, pixelScale: pixelScale, bleed: bleed, hidden: hidden, cutsHidden: strategy.hiddenParts == .cut,
                          solid: solid),
              !(mesh.indices.isEmpty && mesh.opaqueIndices.isEmpty) else { return }
        // A page lying square at its texture's size is drawn texel for pixel, unfiltered:
        // as sharp as filtered, and a software renderer fills it in two thirds of the time.
        let origin = layer.shading?.isVisible == true ? nil : pixelOrigin(of: layer, texture: page, bleed: bleed)
        if page.bands.count > 1 { return drawBands(of: layer, texture: page, bleed: bleed, origin: origin) }
        if let origin { mesh.place(at: origin, size: (Float(page.width + 2 * PageImage.margin), Float(page.rows))) }
        setScaleMode(sampling(from: origin), of: page.texture)

        // One pass: the page texture modulated per vertex. The factor is chosen so that paper
        // comes out exactly as SPEC's dark-grey overlay would make it (paper·(1 − a) + grey·a);
        // darker ink is darkened by the same factor instead of being lifted towards grey.
        let opacity = Float(clamp(layer.opacity, 0, 1))
        let alpha = UInt8(opacity * 255)
        if let shading = layer.shading, shading.isVisible {
            let grey = Float(Shading.grey)
            let paper = PageImage.paper
            let k = (r: 1 - grey * 255 / Float(paper.r), g: 1 - grey * 255 / Float(paper.g), b: 1 - grey * 255 / Float(paper.b))
            submit(page.texture, color: { v in
                let a = min(max(v.shade, 0), 1)
                return SDL_Color(r: UInt8((1 - a * k.r) * tint.r * 255), g: UInt8((1 - a * k.g) * tint.g * 255),
                                 b: UInt8((1 - a * k.b) * tint.b * 255), a: alpha)
            })
        } else {
            let colour = SDL_Color(r: UInt8(tint.r * 255), g: UInt8(tint.g * 255), b: UInt8(tint.b * 255), a: alpha)
            submit(page.texture, color: { _ in colour })
        }
    }

    /// A flat-coloured layer (the shelf's progress bars): its projected quad, two untextured
    /// triangles, blended.
    private func drawFill(_ layer: Layer, colour c: RGBA) {
        let corners = [(0.0, 0.0), (layer.size.width, 0.0), (layer.size.width, layer.size.height), (0.0, layer.size.height)]
        let points = corners.compactMap { layer.project(x: $0.0, y: $0.1) }
        guard points.count == 4 else { return }
        let colour = SDL_Color(r: UInt8(clamp(c.r, 0, 1) * 255), g: UInt8(clamp(c.g, 0, 1) * 255), b: UInt8(clamp(c.b, 0, 1) * 255),
                               a: UInt8(clamp(c.a * layer.opacity, 0, 1) * 255))
        let quad = points.map { SDL_Vertex(position: SDL_FPoint(x: Float($0.x * pixelScale), y: Float($0.y * pixelScale)), color: colour,
                                           tex_coord: SDL_FPoint(x: 0.5, y: 0.5)) }
        let indices: [Int32] = [0, 1, 2, 0, 2, 3]
        _ = SDL_RenderGeometry(sdlRenderer, fillTexture(), quad, 4, indices, 6)
    }

    /// The white texel fills are drawn from (nil if it could not be made: untextured then).
    private func fillTexture() -> OpaquePointer? {
        if let whiteTexel { return whiteTexel }
        // Three texels a side, not a power of two, as no page is (Mesa makes other shaders for those).
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, 3, 3, 32, SDL_PIXELFORMAT_RGBA32.rawValue) else { return nil }
        defer { SDL_FreeSurface(surface) }
        SDL_FillRect(surface, nil, SDL_MapRGBA(surface.pointee.format, 255, 255, 255, 255))
        whiteTexel = SDL_CreateTextureFromSurface(sdlRenderer, surface)
        if let whiteTexel { SDL_SetTextureBlendMode(whiteTexel, SDL_BLENDMODE_BLEND) }
        return whiteTexel
    }

    private func submit(_ texture: OpaquePointer, color: (MeshVertex) -> SDL_Color) {
        vertices.removeAll(keepingCapacity: true)
        for v in mesh.vertices {
            vertices.append(SDL_Vertex(position: SDL_FPoint(x: v.x, y: v.y), color: color(v),
                                       tex_coord: SDL_FPoint(x: v.u, y: v.v)))
        }
        if !mesh.opaqueIndices.isEmpty {
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
            submit(texture, mesh.opaqueIndices)
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        }
        submit(texture, mesh.indices)
    }

    /// Draws the triangles `indices` of `vertices` (and tells the probe of each).
    func submit(_ texture: OpaquePointer, _ indices: [Int32]) {
        guard !indices.isEmpty else { return }
        if let probe {
            for t in stride(from: 0, to: indices.count - 2, by: 3) {
                let a = vertices[Int(indices[t])].position, b = vertices[Int(indices[t + 1])].position,
                    c = vertices[Int(indices[t + 2])].position
                probe.filled(Point(x: Double(a.x), y: Double(a.y)), Point(x: Double(b.x), y: Double(b.y)),
                             Point(x: Double(c.x), y: Double(c.y)))
            }
        }
        _ = SDL_RenderGeometry(sdlRenderer, texture, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }

    /// Draws the same page textures as `list` flat, without geometry (the benchmark's
    /// baseline for what drawing the pages must cost at least).
    public func drawFlat(_ list: DrawList) {
        let bg = list.background
        SDL_SetRenderDrawColor(sdlRenderer, UInt8(bg.r * 255), UInt8(bg.g * 255), UInt8(bg.b * 255), UInt8(bg.a * 255))
        SDL_RenderClear(sdlRenderer)
        for layer in list.layers where !layer.content.isFill {
            guard let page = texture(for: layer) else { continue }
            var rect = SDL_FRect(x: Float((layer.position.x - layer.size.width / 2) * pixelScale),
                                 y: Float((layer.position.y - layer.size.height / 2) * pixelScale),
                                 w: Float(layer.size.width * pixelScale), h: Float(layer.size.height * pixelScale))
            SDL_RenderCopyF(sdlRenderer, page.texture, nil, &rect)
        }
    }
}
