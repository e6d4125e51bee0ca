import CPixbuf
import CSDL2
import FolioCore
import FolioLibrary
import Foundation
import Glibc

/// Turns an image into a page-shaped RGBA surface: its header read and checked first, then
/// decoded with shrink-on-load by libvips (SDL_image for BMP, TGA, QOI and PCX), fitted whole
/// onto paper of the page's shape (letterboxed, never cropped) at the pixels the page covers, outer corners cut round, with
/// a transparent margin whose colour repeats the edge (so linear filtering gives soft,
/// fringe-free edges). Decoding is safe from any thread: it touches no renderer (placeholders
/// use a Typeface, so they are made on the renderer's thread).
enum PageImage {
    /// Texels of transparent margin around the content.
    static let margin: Int32 = DecoderWire.pageMargin
    static let paper = (r: UInt8(246), g: UInt8(242), b: UInt8(232))
    static let ink = (r: UInt8(120), g: UInt8(112), b: UInt8(100))

    /// The shape every page texture of one size shares.
    struct Shape: Hashable {
        var width: Int32
        var height: Int32
        var radius: Double
        var side: PageSide
        /// The image spans the spread: it is fitted to two pages side by side and `side`'s
        /// half is kept, so the halves meet at the spine.
        var spans = false

        /// Two pages side by side, square-cornered (a spanning page is cut from it).
        var spread: Shape { Shape(width: width * 2, height: height, radius: 0, side: side) }
    }

    struct Failure: Error {
        /// Why: its name is shown on the placeholder ("unreadable", "too large", "missing").
        let cause: FolioError.Cause
        /// One sentence naming the file.
        let message: String
        /// What SDL or the size check said, for `validate`.
        var detail = ""
    }

    static func blankSurface(_ shape: Shape) -> UnsafeMutablePointer<SDL_Surface>? {
        let m = margin
        return SDL_CreateRGBSurfaceWithFormat(0, shape.width + 2 * m, shape.height + 2 * m, 32, SDL_PIXELFORMAT_RGBA32.rawValue)
    }

    /// An image to decode in this process: a file (opened here, a regular file only) or an
    /// archive entry's bytes with the name they go by.
    enum Input {
        case file(String)
        case bytes(Data, name: String)

        var name: String {
            switch self {
            case .file(let path): return path
            case .bytes(_, let name): return name
            }
        }

        /// The encoded bytes, when they were read already (nil: the file is opened where it
        /// is decoded).
        var bytes: Data? {
            if case .bytes(let data, _) = self { return data }
            return nil
        }
    }

    /// Reads and decodes `source` into a page of `shape`; every failure becomes the reason
    /// its placeholder shows and one sentence to warn with.
    static func make(_ source: ImageSource, reader: ImageReader, shape: Shape) -> Result<UnsafeMutablePointer<SDL_Surface>, Failure> {
        outcome(source.name) { try decode(source, reader: reader, shape: shape) }
    }

    /// `make` for an input decoded in this process (what a decoder worker runs).
    static func makeHere(_ input: Input, reader: ImageReader, shape: Shape, cutShort: inout Bool) -> Result<UnsafeMutablePointer<SDL_Surface>, Failure> {
        var cut = false
        defer { cutShort = cut }
        return outcome(input.name) { try decodeHere(input, reader: reader, shape: shape, cutShort: &cut) }
    }

    private static func outcome(_ name: String, _ decode: () throws -> UnsafeMutablePointer<SDL_Surface>) -> Result<UnsafeMutablePointer<SDL_Surface>, Failure> {
        do {
            return .success(try decode())
        } catch let failure as Failure {
            return .failure(failure)
        } catch let failure as ImageReader.Failure {
            return .failure(Failure(cause: failure.cause, message: failure.description, detail: failure.description))
        } catch {
            return .failure(Failure(cause: .unreadable, message: "\(name): \(error)."))
        }
    }

    /// `make` for an archive entry whose bytes were read already (`validate` reads an archive
    /// in one pass and decodes its entries on other threads).
    static func make(_ source: ImageSource, bytes: Data, reader: ImageReader, shape: Shape) -> Result<UnsafeMutablePointer<SDL_Surface>, Failure> {
        guard case .archiveEntry(let archive, _) = source else { return make(source, reader: reader, shape: shape) }
        return outcome(source.name) {
            try decodeAnywhere(.bytes(bytes, name: source.name), sandboxPath: archive, reader: reader, shape: shape)
        }
    }

    /// A decoded page. In the app every decoder runs in a confined worker (`DecoderSandbox`):
    /// a file is opened there, an archive entry's bounded bytes are read here and sent;
    /// either way the header is read and checked before any pixel.
    static func decode(_ source: ImageSource, reader: ImageReader, shape: Shape) throws -> UnsafeMutablePointer<SDL_Surface> {
        let name = source.name
        if shape.spans {
            let spread = try decode(source, reader: reader, shape: shape.spread)
            defer { SDL_FreeSurface(spread) }
            guard let page = half(of: spread, shape: shape) else { throw unreadable(name, "out of memory") }
            return page
        }
        switch source {
        case .file(let path):
            return try decodeAnywhere(.file(path), sandboxPath: path, reader: reader, shape: shape)
        case .archiveEntry(let archive, _):
            return try decodeAnywhere(.bytes(try reader.data(for: source), name: name), sandboxPath: archive, reader: reader, shape: shape)
        case .documentPage(let path, let page):
            guard page >= 0, page < LibraryLoader.maxPages else { throw unreadable(name, "no such page") }
            return try render(path, page: page, name: name, shape: shape)
        case .unavailable:
            _ = try reader.data(for: source)  // throws its reason
            throw Failure(cause: .missing, message: "\(name): missing.")
        }
    }

    /// `input` decoded by a worker when the app has them, else here; an image that ends
    /// early is warned about once and shown as far as it goes.
    private static func decodeAnywhere(_ input: Input, sandboxPath: String, reader: ImageReader, shape: Shape) throws -> UnsafeMutablePointer<SDL_Surface> {
        var cutShort = false
        let page = try DecoderSandbox.page(path: sandboxPath, name: input.name, bytes: input.bytes, shape: shape, cutShort: &cutShort)
            ?? decodeHere(input, reader: reader, shape: shape, cutShort: &cutShort)
        if cutShort { warnCutShort(input.name) }
        return page
    }

    private static let warned = Monitor(Set<String>())

    /// Says once per image that it ends early.
    static func warnCutShort(_ name: String) {
        guard warned.withLock({ $0.insert(name).inserted }) else { return }
        Console.warning("\(name): ends early; shown as far as it goes.")
    }

    /// `input` decoded in this process: a file streamed from its descriptor, bytes as they are.
    static func decodeHere(_ input: Input, reader: ImageReader, shape: Shape, cutShort: inout Bool) throws -> UnsafeMutablePointer<SDL_Surface> {
        let kind = (input.name as NSString).pathExtension.lowercased()
        switch input {
        case .file(let path):
            let fd = try reader.descriptor(forFile: path)
            defer { close(fd) }
            return try decode(.descriptor(fd), name: path, kind: kind, shape: shape, cutShort: &cutShort)
        case .bytes(let data, let name):
            return try decode(.bytes(data), name: name, kind: kind, shape: shape, cutShort: &cutShort)
        }
    }

    static func tooLarge(_ name: String, _ refusal: String) -> Failure {
        Failure(cause: .tooLarge, message: "\(name): \(refusal); refused.", detail: refusal)
    }

    static func unreadable(_ name: String, _ why: String) -> Failure {
        Failure(cause: .unreadable, message: "\(name): cannot be decoded (\(why)).", detail: why)
    }

    /// libvips for every format it reads (shrink-on-load, straight to the page's pixels);
    /// SDL_image for the few it does not (BMP, TGA, QOI, PCX), after Folio's own header check.
    static func decode(_ input: VipsDecoder.Input, name: String, kind: String, shape: Shape, cutShort: inout Bool) throws -> UnsafeMutablePointer<SDL_Surface> {
        // Folio's own reading of the sizes it can find at fixed offsets comes first, so a
        // header that libvips would reject as damaged is still refused for its size.
        let head = prefix(of: input, count: 32)
        if let format = ImageHeader.sniff(head, fileExtension: kind), let size = ImageHeader.size(of: head, format: format) {
            // An empty GIF screen has made decoders allocate for the frame instead (found by
            // fuzzing): refused before any decoder sees it.
            guard size.width > 0, size.height > 0 else {
                throw unreadable(name, "its header gives an empty \(size.width)×\(size.height) image")
            }
            let limit = format.decodedWhole ? ImageHeader.maxFallbackPixels : ImageHeader.maxPixels
            if let refusal = ImageHeader.refusal(width: size.width, height: size.height, limit: limit) {
                throw tooLarge(name, refusal)
            }
        }
        let slot = VipsDecoder.Slot.forImage(kind: kind)
        let header: VipsDecoder.Header
        do {
            header = try VipsDecoder.header(input, slot: slot)
        } catch let failure as VipsDecoder.Failure {
            let data = try bytes(of: input, name: name)
            guard let format = ImageHeader.sniff(data, fileExtension: kind) else { throw unreadable(name, failure.reason) }
            if format.decodedWhole { return try decodeWhole(data, format: format, name: name, shape: shape) }
            return try secondOpinion(data, format: format, name: name, shape: shape, failure: failure)
        }
        if let refusal = ImageHeader.refusal(width: header.width, height: header.height) { throw tooLarge(name, refusal) }
        let pixels: VipsDecoder.Pixels
        do {
            let fills = fillsBox(width: header.width, height: header.height, box: (Int(shape.width), Int(shape.height)))
            pixels = try VipsDecoder.thumbnail(input, slot: slot, width: Int(shape.width), height: Int(shape.height), crop: fills)
        } catch let failure as VipsDecoder.Failure {
            guard let format = ImageHeader.sniff(head, fileExtension: kind) else { throw unreadable(name, failure.reason) }
            return try secondOpinion(try bytes(of: input, name: name), format: format, name: name, shape: shape, failure: failure)
        }
        cutShort = pixels.cutShort
        return try surface(pixels, name: name, shape: shape)
    }

    /// Page `page` of a document on a page of `shape`: rendered in the document worker (see
    /// `DecoderSandbox`) when the app has one, else here.
    static func render(_ path: String, page: Int, name: String, shape: Shape) throws -> UnsafeMutablePointer<SDL_Surface> {
        let pixels = try DecoderSandbox.pixels(path, page: page, width: Int(shape.width), height: Int(shape.height))
        return try surface(pixels, name: name, shape: shape)
    }

    /// Page `page` of a document as pixels: its header (size in points) read and checked,
    /// then drawn once at the scale `width`×`height` needs (pdfload's scale, chosen by the
    /// thumbnail), never at full resolution first. What the document worker runs.
    static func documentPixels(_ input: VipsDecoder.Input, page: Int, name: String, width: Int, height: Int) throws -> VipsDecoder.Pixels {
        func failure(_ reason: String) -> Failure {
            guard VipsDecoder.isPasswordFailure(reason) else { return unreadable(name, reason) }
            let why = "the document is password-protected"
            return Failure(cause: .encrypted, message: "\(name): \(why); Folio opens no encrypted PDFs.", detail: why)
        }
        let header: VipsDecoder.Header
        do { header = try VipsDecoder.header(input, page: page) } catch let error as VipsDecoder.Failure { throw failure(error.reason) }
        guard header.width > 0, header.height > 0 else {
            throw unreadable(name, "its page is \(header.width)×\(header.height) points")
        }
        if let refusal = ImageHeader.refusal(width: header.width, height: header.height) {
            throw tooLarge(name, refusal.replacingOccurrences(of: " px", with: " points"))
        }
        let fills = fillsBox(width: header.width, height: header.height, box: (width, height))
        do {
            return try VipsDecoder.thumbnail(input, page: page, width: width, height: height, crop: fills)
        } catch let error as VipsDecoder.Failure {
            throw failure(error.reason)
        }
    }

    /// `shape.side`'s half of a page made at `shape.spread`: the left half keeps the spread's
    /// left margin, the right half its right one; the edge at the spine is finished as any
    /// page's edge is.
    static func half(of spread: UnsafeMutablePointer<SDL_Surface>, shape: Shape) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let page = blankSurface(shape) else { return nil }
        var from = SDL_Rect(x: shape.side == .left ? 0 : margin + shape.width, y: 0, w: shape.width + margin, h: shape.height + 2 * margin)
        var to = SDL_Rect(x: shape.side == .left ? 0 : margin, y: 0, w: from.w, h: from.h)
        SDL_SetSurfaceBlendMode(spread, SDL_BLENDMODE_NONE)
        guard SDL_UpperBlit(spread, &from, page, &to) == 0 else {
            SDL_FreeSurface(page)
            return nil
        }
        finishEdges(page, shape: shape)
        return page
    }

    /// A page-shaped surface: paper inside, the transparent margin around it.
    static func paperSurface(_ shape: Shape) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let page = blankSurface(shape) else { return nil }
        var inside = SDL_Rect(x: margin, y: margin, w: shape.width, h: shape.height)
        SDL_FillRect(page, &inside, SDL_MapRGBA(page.pointee.format, paper.r, paper.g, paper.b, 255))
        return page
    }

    /// Where an image of `width`×`height` sits on a page of `shape`: scaled to fit whole,
    /// centred, the rest paper (letterboxed, never cropped).
    static func fitted(width: Int, height: Int, in shape: Shape) -> SDL_Rect {
        if fillsBox(width: width, height: height, box: (Int(shape.width), Int(shape.height))) {
            return SDL_Rect(x: margin, y: margin, w: shape.width, h: shape.height)
        }
        let scale = min(Double(shape.width) / Double(max(width, 1)), Double(shape.height) / Double(max(height, 1)))
        let w = min(shape.width, max(1, Int32((Double(width) * scale).rounded())))
        let h = min(shape.height, max(1, Int32((Double(height) * scale).rounded())))
        return SDL_Rect(x: margin + (shape.width - w) / 2, y: margin + (shape.height - h) / 2, w: w, h: h)
    }

    /// True when an image of `width`×`height` fitted into `box` falls short of it by at most
    /// a pixel a side: then it fills the box (cropping or stretching under a pixel), instead
    /// of leaving a hairline of paper.
    static func fillsBox(width: Int, height: Int, box: (width: Int, height: Int)) -> Bool {
        let scale = min(Double(box.width) / Double(max(width, 1)), Double(box.height) / Double(max(height, 1)))
        return Double(box.width) - Double(width) * scale <= 1 && Double(box.height) - Double(height) * scale <= 1
    }

    /// libvips' pixels (fitted inside the page) centred on paper with its edges finished;
    /// pixels that are not opaque are laid over the paper. Frees them.
    static func surface(_ pixels: VipsDecoder.Pixels, name: String, shape: Shape) throws -> UnsafeMutablePointer<SDL_Surface> {
        defer { pixels.free() }
        guard let page = paperSurface(shape) else { throw unreadable(name, "out of memory") }
        let width = min(pixels.width, Int(shape.width)), height = min(pixels.height, Int(shape.height))
        let x0 = Int(margin) + (Int(shape.width) - width) / 2
        let y0 = Int(margin) + (Int(shape.height) - height) / 2
        let pitch = Int(page.pointee.pitch)
        let dst = page.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let paperBytes = [paper.r, paper.g, paper.b]
        for y in 0..<height {
            let to = dst + (y0 + y) * pitch + x0 * 4, from = pixels.base + y * pixels.width * 4
            to.update(from: from, count: width * 4)
            for x in 0..<width where to[x * 4 + 3] != 255 {
                let alpha = Int(to[x * 4 + 3])
                for c in 0..<3 {
                    to[x * 4 + c] = UInt8((Int(to[x * 4 + c]) * alpha + Int(paperBytes[c]) * (255 - alpha) + 127) / 255)
                }
                to[x * 4 + 3] = 255
            }
        }
        finishEdges(page, shape: shape)
        return page
    }

    /// The first `count` bytes (fewer when the image is shorter).
    static func prefix(of input: VipsDecoder.Input, count: Int) -> Data {
        switch input {
        case .bytes(let data): return data.prefix(count)
        case .descriptor(let fd):
            var data = Data(count: count)
            let n = data.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, 0) }
            return data.prefix(max(0, n))
        }
    }

    /// The whole encoded image, for the formats SDL_image decodes (bounded like any read).
    static func bytes(of input: VipsDecoder.Input, name: String) throws -> Data {
        switch input {
        case .bytes(let data): return data
        case .descriptor(let fd):
            let size = SafeFile.size(fd)
            guard size <= ImageReader.maxFileSize else {
                throw tooLarge(name, "is \(size >> 20) MB, larger than the \(ImageReader.maxFileSize >> 20) MB allowed for this format")
            }
            return SafeFile.readAll(fd, size: size)
        }
    }

    /// BMP, TGA, QOI, PCX, ICO/CUR, XPM and XBM: no shrink-on-load exists for them, so their
    /// limit is lower (`ImageHeader.maxFallbackPixels`), checked from the header before
    /// anything decodes. gdk-pixbuf reads the formats it knows (every BMP variant, TGA with
    /// any origin, grey with alpha, icons, XBM), as the GNOME image viewer shows them;
    /// SDL_image reads QOI and PCX, and is tried second where gdk-pixbuf gave up on a BMP or
    /// TGA.
    static func decodeWhole(_ data: Data, format: ImageHeader.Format, name: String, shape: Shape) throws -> UnsafeMutablePointer<SDL_Surface> {
        guard let size = ImageHeader.size(of: data, format: format) else {
            throw unreadable(name, "its \(format.rawValue.uppercased()) header is damaged")
        }
        if let refusal = ImageHeader.refusal(width: size.width, height: size.height, limit: ImageHeader.maxFallbackPixels) {
            throw tooLarge(name, refusal)
        }
        var reason: String?
        if format.decodedByPixbuf {
            do {
                return try decodeWithPixbuf(data, format: format, name: name, shape: shape)
            } catch let failure as Failure where failure.cause == .unreadable {
                reason = failure.detail
            }
        }
        guard format.decodedBySDLImage else { throw unreadable(name, reason ?? "damaged \(format.rawValue.uppercased()) data") }
        let loaded: UnsafeMutablePointer<SDL_Surface>? = data.withUnsafeBytes { bytes in
            guard let rw = SDL_RWFromConstMem(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            return IMG_LoadTyped_RW(rw, 1, format.rawValue.uppercased())
        }
        guard let loaded else {
            let error = String(cString: SDL_GetError()).trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            throw unreadable(name, reason ?? (error.isEmpty ? "damaged \(format.rawValue.uppercased()) data" : error))
        }
        defer { SDL_FreeSurface(loaded) }
        if let refusal = ImageHeader.refusal(width: Int(loaded.pointee.w), height: Int(loaded.pointee.h), limit: ImageHeader.maxFallbackPixels) {
            throw tooLarge(name, refusal)
        }
        return try fit(loaded, name: name, shape: shape)
    }

    /// A TIFF libvips refused (tiles of separate planes, old-style JPEG) read by gdk-pixbuf,
    /// whole, within the lower limit; libvips' reason stands when gdk-pixbuf fails too.
    private static func secondOpinion(_ data: Data, format: ImageHeader.Format, name: String, shape: Shape,
                                      failure: VipsDecoder.Failure) throws -> UnsafeMutablePointer<SDL_Surface> {
        guard format == .tiff else { throw unreadable(name, failure.reason) }
        do {
            return try decodeWithPixbuf(data, format: format, name: name, shape: shape)
        } catch let second as Failure where second.cause == .unreadable {
            throw unreadable(name, failure.reason)
        }
    }

    /// gdk-pixbuf's decode of `data`, fitted onto the page straight from its pixels.
    private static func decodeWithPixbuf(_ data: Data, format: ImageHeader.Format, name: String, shape: Shape) throws -> UnsafeMutablePointer<SDL_Surface> {
        var image = folio_pixbuf()
        var error = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes in
            folio_pixbuf_decode(bytes.baseAddress, bytes.count, format.rawValue, ImageHeader.maxFallbackPixels, &image, &error, error.count)
        }
        guard status == 0, let pixels = image.pixels else {
            let why = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .trimmingCharacters(in: CharacterSet(charactersIn: ". \n"))
            if why.hasPrefix("is "), why.contains("megapixels") { throw tooLarge(name, why) }
            throw unreadable(name, why.isEmpty ? "damaged \(format.rawValue.uppercased()) data" : why)
        }
        defer { folio_pixbuf_free(&image) }
        let layout = image.channels == 4 ? SDL_PIXELFORMAT_RGBA32 : SDL_PIXELFORMAT_RGB24
        guard let loaded = SDL_CreateRGBSurfaceWithFormatFrom(UnsafeMutableRawPointer(mutating: pixels), image.width, image.height,
                                                              image.channels * 8, image.stride, layout.rawValue) else {
            throw unreadable(name, "out of memory")
        }
        defer { SDL_FreeSurface(loaded) }
        return try fit(loaded, name: name, shape: shape)
    }

    /// A decoded surface scaled to fit the page whole, centred on paper (letterboxed).
    static func fit(_ loaded: UnsafeMutablePointer<SDL_Surface>, name: String, shape: Shape) throws -> UnsafeMutablePointer<SDL_Surface> {
        let w = Int(loaded.pointee.w), h = Int(loaded.pointee.h)
        guard let page = paperSurface(shape) else { throw Failure(cause: .unreadable, message: "\(name): out of memory.") }
        var crop = SDL_Rect(x: 0, y: 0, w: Int32(w), h: Int32(h))
        var target = fitted(width: w, height: h, in: shape)
        // Box-filter big reductions first (straight from the decoded pixels, without a
        // full-size copy), so scans neither alias nor double their memory; then scale
        // bilinearly.
        let factor = max(1, min(Int(crop.w / max(target.w, 1)), Int(crop.h / max(target.h, 1))) / 2)
        var source: UnsafeMutablePointer<SDL_Surface>
        if factor >= 2, let small = boxShrink(loaded, crop: crop, factor: factor) {
            source = small
            crop = SDL_Rect(x: 0, y: 0, w: small.pointee.w, h: small.pointee.h)
        } else if let rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) {
            source = rgba
        } else {
            SDL_FreeSurface(page)
            throw Failure(cause: .unreadable, message: "\(name): cannot be converted.")
        }
        defer { SDL_FreeSurface(source) }
        // Laid over the paper (an image's transparent parts show paper, not holes).
        guard let scaled = SDL_CreateRGBSurfaceWithFormat(0, target.w, target.h, 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            SDL_FreeSurface(page)
            throw Failure(cause: .unreadable, message: "\(name): out of memory.")
        }
        defer { SDL_FreeSurface(scaled) }
        var whole = SDL_Rect(x: 0, y: 0, w: target.w, h: target.h)
        guard SDL_SoftStretchLinear(source, &crop, scaled, &whole) == 0,
              SDL_SetSurfaceBlendMode(scaled, SDL_BLENDMODE_BLEND) == 0,
              SDL_UpperBlit(scaled, nil, page, &target) == 0 else {
            SDL_FreeSurface(page)
            throw Failure(cause: .unreadable, message: "\(name): cannot be scaled (\(String(cString: SDL_GetError()))).")
        }
        finishEdges(page, shape: shape)
        return page
    }

    /// Averages `factor`×`factor` blocks of the cropped region into a new RGBA32 surface.
    /// Reads RGB24 and RGBA32 directly; other formats are converted first.
    static func boxShrink(_ input: UnsafeMutablePointer<SDL_Surface>, crop: SDL_Rect, factor k: Int) -> UnsafeMutablePointer<SDL_Surface>? {
        var s = input
        var converted: UnsafeMutablePointer<SDL_Surface>?
        let format = input.pointee.format.pointee.format
        if format != SDL_PIXELFORMAT_RGB24.rawValue && format != SDL_PIXELFORMAT_RGBA32.rawValue {
            guard let c = SDL_ConvertSurfaceFormat(input, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else { return nil }
            converted = c
            s = c
        }
        defer { if let converted { SDL_FreeSurface(converted) } }
        let bpp = Int(s.pointee.format.pointee.BytesPerPixel)
        let hasAlpha = bpp == 4
        let w = Int(crop.w) / k, h = Int(crop.h) / k
        guard w > 0, h > 0, let out = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else { return nil }
        let mustLock = s.pointee.flags & 0x2 != 0  // SDL_MUSTLOCK: RLE-accelerated surfaces
        if mustLock { SDL_LockSurface(s) }
        defer { if mustLock { SDL_UnlockSurface(s) } }
        let src = s.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let dst = out.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let sp = Int(s.pointee.pitch), dp = Int(out.pointee.pitch)
        let area = k * k
        var sums = [Int](repeating: 0, count: w * 4)
        for y in 0..<h {
            for i in sums.indices { sums[i] = 0 }
            for dy in 0..<k {
                let row = src + (Int(crop.y) + y * k + dy) * sp + Int(crop.x) * bpp
                var i = 0
                for x in 0..<w {
                    let base = row + x * k * bpp
                    for dx in 0..<k {
                        let p = base + dx * bpp
                        sums[i] += Int(p[0]); sums[i + 1] += Int(p[1]); sums[i + 2] += Int(p[2])
                        sums[i + 3] += hasAlpha ? Int(p[3]) : 255
                    }
                    i += 4
                }
            }
            let row = dst + y * dp
            for i in 0..<(w * 4) { row[i] = UInt8(sums[i] / area) }
        }
        return out
    }

    /// Paper with a large page number and an optional label ("Missing", "Unreadable"):
    /// what a page shows until, or instead of, its image. Without a typeface, plain paper.
    static func placeholder(shape: Shape, number: Int?, label: String, typeface: Typeface?) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let surface = blankSurface(shape) else { return nil }
        let m = margin
        var inner = SDL_Rect(x: m, y: m, w: shape.width, h: shape.height)
        let format = surface.pointee.format
        SDL_FillRect(surface, &inner, SDL_MapRGBA(format, paper.r, paper.g, paper.b, 255))
        if let typeface {
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
        finishEdges(surface, shape: shape)
        return surface
    }

    /// Blends one line of text centred on `centre` (pixels of `surface`).
    static func write(_ text: String, into surface: UnsafeMutablePointer<SDL_Surface>, typeface: Typeface, pixels: Double,
                      weight: TextLayer.Weight, colour: SDL_Color, maxWidth: Double, centre: (x: Double, y: Double)) {
        guard let line = typeface.render(text, pixels: pixels, weight: weight, maxWidth: Int(maxWidth), colour: colour) else { return }
        defer { SDL_FreeSurface(line) }
        SDL_SetSurfaceBlendMode(line, SDL_BLENDMODE_BLEND)
        var rect = SDL_Rect(x: Int32((centre.x - Double(line.pointee.w) / 2).rounded()),
                            y: Int32((centre.y - Double(line.pointee.h) / 2).rounded()), w: line.pointee.w, h: line.pointee.h)
        SDL_UpperBlit(line, nil, surface, &rect)
    }

    /// Copies the content's edge colours into the margin with zero alpha, then cuts the
    /// outer corners round with anti-aliased coverage.
    static func finishEdges(_ surface: UnsafeMutablePointer<SDL_Surface>, shape: Shape) {
        let w = shape.width, h = shape.height, radius = shape.radius, side = shape.side
        let m = Int(margin), W = Int(w) + 2 * m, H = Int(h) + 2 * m
        let pitch = Int(surface.pointee.pitch) / 4
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let alphaMask = UInt32(surface.pointee.format.pointee.Amask)
        for y in 0..<H {
            let sy = min(max(y, m), m + Int(h) - 1)
            for x in 0..<W {
                let sx = min(max(x, m), m + Int(w) - 1)
                if sx != x || sy != y {
                    pixels[y * pitch + x] = pixels[sy * pitch + sx] & ~alphaMask
                }
            }
        }
        guard radius > 0 else { return }
        let r = radius
        let ri = Int(r.rounded(.up))
        let shift = UInt32(surface.pointee.format.pointee.Ashift)
        let (x0, cx) = side == .right ? (m + Int(w) - ri, Double(m) + Double(w) - r) : (m, Double(m) + r)
        for (y0, cy, top) in [(m, Double(m) + r, true), (m + Int(h) - ri, Double(m) + Double(h) - r, false)] {
            for y in y0..<(y0 + ri) {
                for x in x0..<(x0 + ri) {
                    let px = Double(x) + 0.5, py = Double(y) + 0.5
                    let outsideX = side == .right ? px > cx : px < cx
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
