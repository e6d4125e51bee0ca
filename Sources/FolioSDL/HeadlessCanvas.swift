import CSDL2
import FolioCore
import FolioDecoding
import FolioLibrary
import FolioRecording

/// Renders frames with the offscreen video driver (OpenGL through Mesa, no display) into a
/// target texture and reads them back.
public final class HeadlessCanvas {
    private let window: OpaquePointer
    let sdlRenderer: OpaquePointer
    public let renderer: Renderer
    private var target: OpaquePointer?
    public private(set) var size: (width: Int32, height: Int32) = (0, 0)
    public let pixelScale: Double
    /// Frames keep the size they started with (a video): an app of another size is drawn
    /// scaled to fit, centred, with bars in its background colour. Otherwise the frame
    /// follows the app's size.
    public let keepsFrameSize: Bool
    /// The picture inside the bars while the app's shape differs from the frame's.
    private var letterboxed: (texture: OpaquePointer, width: Int32, height: Int32)?

    /// Decoding is synchronous by default, so every frame is complete and reproducible;
    /// `background` decodes as the live viewer does (benchmarks), covers by way of the
    /// freedesktop thumbnails in `thumbnailRoot` when given; every page by `decoder`.
    package init(library: Library, decoder: any PageDecoder, width: Int, height: Int, pixelScale: Double = 1,
                backgroundDecoding: Bool = false, cacheBytes: Int? = nil, keepsFrameSize: Bool = false,
                thumbnailRoot: String? = nil) throws {
        try SDLVideo.start(headless: true)
        // Frames are drawn into the target texture, never into the window, so the window
        // stays tiny: at 7680×4320 a full-size one would hold another frame or two.
        guard let window = SDL_CreateWindow("folio", 0, 0, 16, 16, UInt32(SDL_WINDOW_HIDDEN.rawValue)) else {
            throw FolioError.sdl("The offscreen window could not be created")
        }
        self.window = window
        let flags = UInt32(SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue)
        guard let r = SDL_CreateRenderer(window, -1, flags) ?? SDL_CreateRenderer(window, -1, 0) else {
            SDL_DestroyWindow(window)
            throw FolioError.sdl("The offscreen renderer could not be created")
        }
        sdlRenderer = r
        self.pixelScale = pixelScale
        self.keepsFrameSize = keepsFrameSize
        renderer = Renderer(sdlRenderer: r, library: library, decoding: backgroundDecoding ? .background : .synchronous, decoder: decoder,
                            cacheBytes: cacheBytes,
                            thumbnails: thumbnailRoot.map { CoverThumbnails(root: $0, writes: true, decoder: decoder) })
        try resize(width: width, height: height)
    }

    deinit {
        if let target { SDL_DestroyTexture(target) }
        if let letterboxed { SDL_DestroyTexture(letterboxed.texture) }
        renderer.close()
        SDL_DestroyRenderer(sdlRenderer)
        SDL_DestroyWindow(window)
    }

    /// The renderer's name (e.g. "opengl").
    public var rendererName: String {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(sdlRenderer, &info)
        return String(cString: info.name)
    }

    /// The render targets' pixel format: RGBA bytes, which llvmpipe renders into natively
    /// and reads back with a copy.
    static let targetFormat = SDL_PIXELFORMAT_ABGR8888.rawValue

    /// Logical size in points; the frame is `pixelScale` times larger in pixels.
    public func resize(width: Int, height: Int) throws {
        let w = Int32((Double(width) * pixelScale).rounded()), h = Int32((Double(height) * pixelScale).rounded())
        guard w != size.width || h != size.height else { return }
        if let target { SDL_DestroyTexture(target) }
        guard let t = SDL_CreateTexture(sdlRenderer, Self.targetFormat, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h) else {
            throw FolioError.sdl("A \(w)×\(h) render target could not be created")
        }
        target = t
        size = (w, h)
        SDL_SetRenderTarget(sdlRenderer, t)
    }

    /// Draws one frame of `app` into the target.
    public func draw(_ app: any DrawnApp) throws {
        if keepsFrameSize {
            try drawLetterboxed(app)
            return
        }
        let logicalW = Int((Double(size.width) / pixelScale).rounded())
        if logicalW != Int(app.size.width.rounded())
            || Int((Double(size.height) / pixelScale).rounded()) != Int(app.size.height.rounded()) {
            try resize(width: Int(app.size.width.rounded()), height: Int(app.size.height.rounded()))
        }
        renderer.configure(pixelScale: pixelScale, windowSize: app.size)
        renderer.draw(app)
    }

    /// Draws `app` at its own size, scaled (in pixels per point, so nothing is resampled)
    /// to fit the frame, and centres it between bars of the background colour.
    private func drawLetterboxed(_ app: any DrawnApp) throws {
        let scale = min(Double(size.width) / max(app.size.width, 1), Double(size.height) / max(app.size.height, 1))
        let w = min(size.width, max(1, Int32((app.size.width * scale).rounded())))
        let h = min(size.height, max(1, Int32((app.size.height * scale).rounded())))
        let list = app.drawList()
        renderer.configure(pixelScale: scale, windowSize: app.size)
        guard w != size.width || h != size.height else {
            renderer.draw(app, list: list)
            return
        }
        if letterboxed?.width != w || letterboxed?.height != h {
            if let letterboxed { SDL_DestroyTexture(letterboxed.texture) }
            letterboxed = nil
            guard let t = SDL_CreateTexture(sdlRenderer, Self.targetFormat, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w, h) else {
                throw FolioError.sdl("A \(w)×\(h) render target could not be created")
            }
            SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
            letterboxed = (t, w, h)
        }
        guard let content = letterboxed?.texture else { return }
        SDL_SetRenderTarget(sdlRenderer, content)
        renderer.draw(app, list: list)
        SDL_SetRenderTarget(sdlRenderer, target)
        let bg = list.background
        SDL_SetRenderDrawColor(sdlRenderer, UInt8(bg.r * 255), UInt8(bg.g * 255), UInt8(bg.b * 255), 255)
        SDL_RenderClear(sdlRenderer)
        var place = SDL_Rect(x: (size.width - w) / 2, y: (size.height - h) / 2, w: w, h: h)
        SDL_RenderCopy(sdlRenderer, content, nil, &place)
    }

    /// Reads the frame into `frame` (resized to the frame's size): red, green, blue and a
    /// fourth byte (alpha) a pixel, rows top to bottom. That is the render target's own
    /// layout, so SDL copies bytes and converts none.
    public func readPixels(into frame: FrameBuffer) {
        frame.reshape(width: Int(size.width), height: Int(size.height))
        guard let base = frame.pixels.baseAddress else { return }
        read(format: Self.targetFormat, bytesPerPixel: 4, into: base)
    }

    /// Reads the frame back as tightly packed RGB, 3 bytes a pixel, rows top to bottom (SDL
    /// converting each pixel).
    public func readRGB(into buffer: inout [UInt8]) {
        let count = Int(size.width) * 3 * Int(size.height)
        if buffer.count != count { buffer = [UInt8](repeating: 0, count: count) }
        buffer.withUnsafeMutableBytes { read(format: SDL_PIXELFORMAT_RGB24.rawValue, bytesPerPixel: 3, into: $0.baseAddress!) }
    }

    /// Reads the whole frame in `format`, rows tightly packed, into `base`. SDL reads through
    /// a temporary copy of what it is asked for, so the frame is read in bands of rows: the
    /// copy stays small even at 7680×4320.
    func read(format: UInt32, bytesPerPixel: Int, into base: UnsafeMutableRawPointer) {
        let pitch = Int(size.width) * bytesPerPixel
        let band: Int32 = 256
        var y: Int32 = 0
        while y < size.height {
            var rect = SDL_Rect(x: 0, y: y, w: size.width, h: min(band, size.height - y))
            _ = SDL_RenderReadPixels(sdlRenderer, &rect, format, base + Int(y) * pitch, Int32(pitch))
            y += band
        }
    }

    /// The colour of one pixel of the frame (for tests).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: 1, h: 1)
        var bytes: [UInt8] = [0, 0, 0]
        bytes.withUnsafeMutableBytes { b in
            _ = SDL_RenderReadPixels(sdlRenderer, &rect, SDL_PIXELFORMAT_RGB24.rawValue, b.baseAddress, 3)
        }
        return (bytes[0], bytes[1], bytes[2])
    }

    /// Waits until the GPU (here Mesa on the CPU) has finished the frame.
    public func finish() {
        var rect = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
        var bytes: [UInt8] = [0, 0, 0, 0]
        bytes.withUnsafeMutableBytes { b in
            _ = SDL_RenderReadPixels(sdlRenderer, &rect, SDL_PIXELFORMAT_RGBA32.rawValue, b.baseAddress, 4)
        }
    }

    /// Writes tightly packed RGB pixels as a PNG.
    public static func writePNG(_ rgb: [UInt8], width: Int32, height: Int32, to path: String) throws {
        try writePNG(rgb, width: width, height: height, format: SDL_PIXELFORMAT_RGB24.rawValue, bytesPerPixel: 3, to: path)
    }

    /// Writes tightly packed pixels in `format` as a PNG (SDL_image's writer).
    static func writePNG(_ pixels: [UInt8], width: Int32, height: Int32, format: UInt32, bytesPerPixel: Int32, to path: String) throws {
        // SDL only reads these pixels: borrowing them avoids copying a whole frame.
        try pixels.withUnsafeBytes { bytes in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(UnsafeMutableRawPointer(mutating: bytes.baseAddress), width, height,
                                                                   bytesPerPixel * 8, width * bytesPerPixel, format) else {
                throw FolioError.sdl("A frame surface could not be made")
            }
            defer { SDL_FreeSurface(surface) }
            guard IMG_SavePNG(surface, path) == 0 else { throw FolioError.sdl("\(path) could not be written", .outputFailed) }
        }
    }

    /// Reads a PNG written by `writePNG` back as RGB pixels (snapshot tests); nil when it
    /// cannot be read.
    public static func readPNG(_ path: String) -> (rgb: [UInt8], width: Int, height: Int)? {
        guard let loaded = IMG_Load(path) else { return nil }
        defer { SDL_FreeSurface(loaded) }
        guard let rgb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGB24.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(rgb) }
        let w = Int(rgb.pointee.w), h = Int(rgb.pointee.h), pitch = Int(rgb.pointee.pitch)
        let bytes = rgb.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var out = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<(w * 3) { out[y * w * 3 + x] = bytes[y * pitch + x] }
        }
        return (out, w, h)
    }
}
