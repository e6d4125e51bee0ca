import CPixbuf
import CVips
import CSDL2
import FolioCore
import FolioDecoding
import Foundation

/// The formats decoded whole (no shrink-on-load): Folio's BMP and PCX readers, gdk-pixbuf and
/// SDL_image, their pixels fitted onto the page by a box filter.
extension PageImage {
    /// BMP, TGA, QOI, PCX, ICO/CUR, XPM and XBM: no shrink-on-load exists for them, so their
    /// limit is lower (`ImageHeader.maxFallbackPixels`), checked from the header before
    /// anything decodes. BMPs and PCXs are read by Folio's own readers; gdk-pixbuf reads the
    /// formats it knows (TGA with any origin, grey with alpha, icons, XBM), as the GNOME image
    /// viewer shows them; SDL_image reads QOI, and is tried second where gdk-pixbuf gave up on
    /// a TGA.
    static func decodeWhole(_ data: Data, format: ImageHeader.Format, name: String, shape: Shape, cutShort: inout Bool) throws -> UnsafeMutablePointer<SDL_Surface> {
        guard let size = ImageHeader.size(of: data, format: format) else {
            throw unreadable(name, "its \(format.rawValue.uppercased()) header is damaged")
        }
        if let refusal = ImageHeader.refusal(width: size.width, height: size.height, limit: ImageHeader.maxFallbackPixels) {
            throw tooLarge(name, refusal)
        }
        if [.bmp, .pcx, .ras].contains(format) { return try decodeOwn(data, format: format, name: name, shape: shape, cutShort: &cutShort) }
        // An icon's largest picture: a PNG inside is decoded as itself (gdk-pixbuf calls it
        // compressed and gives up), a DIB by gdk-pixbuf and else by Folio's BMP reader.
        let icon = format == .ico ? IconReader.best(ofICO: data) : nil
        if case .png(let range) = icon {
            let held = data.subdata(in: data.startIndex + range.lowerBound..<data.startIndex + range.upperBound)
            guard ImageHeader.sniff(held, fileExtension: "png") == .png else { throw unreadable(name, "the PNG it holds is not one") }
            return try decode(.bytes(held), name: name, kind: "png", shape: shape, cutShort: &cutShort)
        }
        // A TGA says how many pixels it holds (a run-length encoded one, packet by packet): one
        // that stops before them holds none (the decoders would show a white or black page and
        // say nothing); one that stops part-way is shown as far as it goes, and said so.
        if format == .tga, let pixels = ImageHeader.tgaPixels(data), pixels.covered < pixels.total {
            guard pixels.covered > 0 else {
                throw unreadable(name, "its header gives \(size.width)×\(size.height) pixels, but the file ends before them")
            }
            cutShort = true
        }
        // An ICNS's largest PNG or JPEG 2000 icon is decoded as itself (gdk-pixbuf reads no
        // JPEG 2000); one of Apple's own kind, by gdk-pixbuf.
        if format == .icns, let (range, kind) = IconReader.largestICNSPicture(data) {
            let held = data.subdata(in: data.startIndex + range.lowerBound..<data.startIndex + range.upperBound)
            if let drawn = try? decode(.bytes(held), name: name, kind: kind, shape: shape, cutShort: &cutShort) { return drawn }
        }
        var reason: String?
        if format.decodedByPixbuf {
            do {
                return try decodeWithPixbuf(data, format: format, name: name, shape: shape)
            } catch let failure as Failure where failure.cause == .unreadable {
                reason = failure.detail
            }
        }
        // An icon whose directory and picture disagree on its size (gdk-pixbuf refuses it)
        // is drawn from the picture, as its header gives it; one too large is named so.
        if case .bmp(let file) = icon {
            do { return try decodeOwn(file, format: .bmp, name: name, shape: shape, cutShort: &cutShort) } catch let failure as Failure
                where failure.cause == .tooLarge { throw failure } catch {}
        }
        guard format.decodedBySDLImage, let loaded = loadWithSDLImage(data, format: format) else {
            let error = String(cString: SDL_GetError()).trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            throw unreadable(name, reason ?? (error.isEmpty ? "damaged \(format.rawValue.uppercased()) data" : error))
        }
        return try fitWhole(loaded, name: name, shape: shape)
    }

    /// A BMP or PCX read by Folio's own reader (`BMPReader`, `PCXReader`); a JPEG or PNG
    /// inside a BMP is decoded as itself.
    private static func decodeOwn(_ data: Data, format: ImageHeader.Format, name: String, shape: Shape,
                                  cutShort: inout Bool) throws -> UnsafeMutablePointer<SDL_Surface> {
        let picture: DecodedPicture
        do {
            switch format {
            case .pcx: picture = try PCXReader.read(data)
            case .ras: picture = try SunRasterReader.read(data)
            default: picture = try BMPReader.read(data)
            }
        } catch PictureProblem.holds(let format, let range) {
            // Only what begins as the format it claims is decoded, so a BMP cannot hold a BMP
            // (a hostile chain of them would recurse until the stack ran out).
            let held = data.subdata(in: range), kind = format == .jpeg ? "jpg" : "png"
            guard ImageHeader.sniff(held, fileExtension: kind) == format else {
                throw unreadable(name, "the \(format.rawValue.uppercased()) it holds is not one")
            }
            return try decode(.bytes(held), name: name, kind: kind, shape: shape, cutShort: &cutShort)
        } catch PictureProblem.tooLarge(let refusal) {
            throw tooLarge(name, refusal)
        } catch PictureProblem.damaged(let why) {
            throw unreadable(name, why)
        }
        cutShort = cutShort || picture.endsEarly
        // The surface borrows the picture's pixels (SDL only reads them): no second copy.
        let layout = picture.channels == 4 ? SDL_PIXELFORMAT_RGBA32 : SDL_PIXELFORMAT_RGB24
        return try picture.pixels.withUnsafeBytes { pixels in
            guard let loaded = SDL_CreateRGBSurfaceWithFormatFrom(UnsafeMutableRawPointer(mutating: pixels.baseAddress), Int32(picture.width),
                                                                  Int32(picture.height), Int32(picture.channels * 8),
                                                                  Int32(picture.width * picture.channels), layout.rawValue) else {
                throw unreadable(name, "out of memory")
            }
            defer { SDL_FreeSurface(loaded) }
            return try fit(loaded, name: name, shape: shape)
        }
    }

    /// SDL_image's decode of `data`, or nil (SDL_GetError says why).
    private static func loadWithSDLImage(_ data: Data, format: ImageHeader.Format) -> UnsafeMutablePointer<SDL_Surface>? {
        data.withUnsafeBytes { bytes in
            guard let rw = SDL_RWFromConstMem(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            return IMG_LoadTyped_RW(rw, 1, format.rawValue.uppercased())
        }
    }

    /// A picture SDL_image decoded whole, checked against the lower limit and fitted onto
    /// the page; `loaded` is freed.
    private static func fitWhole(_ loaded: UnsafeMutablePointer<SDL_Surface>, name: String, shape: Shape) throws -> UnsafeMutablePointer<SDL_Surface> {
        defer { SDL_FreeSurface(loaded) }
        if let refusal = ImageHeader.refusal(width: Int(loaded.pointee.w), height: Int(loaded.pointee.h), limit: ImageHeader.maxFallbackPixels) {
            throw tooLarge(name, refusal)
        }
        return try fit(loaded, name: name, shape: shape)
    }

    /// A TIFF libvips refused (tiles of separate planes, old-style JPEG) read by gdk-pixbuf,
    /// whole, within the lower limit; libvips' reason stands when gdk-pixbuf fails too.
    static func secondOpinion(_ data: Data, format: ImageHeader.Format, name: String, shape: Shape,
                                      failure: VipsDecoder.Failure) throws -> UnsafeMutablePointer<SDL_Surface> {
        guard format == .tiff else { throw unreadable(name, failure.reason) }
        do {
            return try decodeWithPixbuf(data, format: format, name: name, shape: shape)
        } catch let second as Failure where second.cause == .unreadable {
            // Samples neither reads (12 bits, 32-bit floats, a missing photometric tag): read
            // with libtiff as Pillow reads them, else named in libvips' words.
            guard let drawn = try? decodeWithLibTIFF(data, name: name, shape: shape) else { throw unreadable(name, failure.reason) }
            return drawn
        }
    }

    /// libtiff's reading of a TIFF of samples libvips and gdk-pixbuf refuse (`folio_tiff_read`),
    /// fitted onto the page.
    static func decodeWithLibTIFF(_ data: Data, name: String, shape: Shape) throws -> UnsafeMutablePointer<SDL_Surface> {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes in
            folio_tiff_read(bytes.baseAddress, bytes.count, ImageHeader.maxFallbackPixels, &pixels, &width, &height, &error, error.count)
        }
        guard status == 0, let pixels else {
            throw unreadable(name, String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { folio_tiff_free(pixels) }
        guard let loaded = SDL_CreateRGBSurfaceWithFormatFrom(pixels, width, height, 32, width * 4, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            throw unreadable(name, "out of memory")
        }
        defer { SDL_FreeSurface(loaded) }
        return try fit(loaded, name: name, shape: shape)
    }

    /// gdk-pixbuf's decode of `data`, fitted onto the page straight from its pixels.
    static func decodeWithPixbuf(_ data: Data, format: ImageHeader.Format, name: String, shape: Shape) throws -> UnsafeMutablePointer<SDL_Surface> {
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
}
