import CPixbuf
import CVips
import CSDLImage
import FolioCore
import FolioDecoding
import Foundation

/// The formats decoded whole (no shrink-on-load): Folio's BMP and PCX readers, gdk-pixbuf and
/// SDL_image, their pixels fitted onto the page by a box filter, then bilinearly.
extension PageImage {
    /// BMP, TGA, QOI, PCX, ICO/CUR, XPM and XBM: no shrink-on-load exists for them, so their
    /// limit is lower (`ImageHeader.maxFallbackPixels`), checked from the header before
    /// anything decodes. BMPs and PCXs are read by Folio's own readers; gdk-pixbuf reads the
    /// formats it knows (TGA with any origin, grey with alpha, icons, XBM), as the GNOME image
    /// viewer shows them; SDL_image reads QOI, and is tried second where gdk-pixbuf gave up on
    /// a TGA.
    static func decodeWhole(_ data: Data, format: ImageHeader.Format, name: String, shape: Shape,
                            cutShort: inout Bool) throws -> PagePixels {
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
        guard format.decodedBySDLImage else { throw unreadable(name, reason ?? "damaged \(format.rawValue.uppercased()) data") }
        return try decodeWithSDLImage(data, format: format, name: name, shape: shape, reason: reason)
    }

    /// A BMP or PCX read by Folio's own reader (`BMPReader`, `PCXReader`); a JPEG or PNG
    /// inside a BMP is decoded as itself.
    private static func decodeOwn(_ data: Data, format: ImageHeader.Format, name: String, shape: Shape,
                                  cutShort: inout Bool) throws -> PagePixels {
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
        // Fitted straight from the picture's pixels: no second copy.
        return try picture.pixels.withUnsafeBytes { pixels in
            guard let base = pixels.baseAddress?.assumingMemoryBound(to: UInt8.self) else { throw unreadable(name, "no pixels") }
            return try fit(Loaded(base: base, width: picture.width, height: picture.height, stride: picture.width * picture.channels,
                                  channels: picture.channels), name: name, shape: shape)
        }
    }

    /// SDL_image's decode of `data` (through `folio_sdl_image_decode`, which gives plain RGBA),
    /// checked against the lower limit and fitted onto the page; `reason`, gdk-pixbuf's
    /// reason for giving up first, is named if SDL_image gives none.
    private static func decodeWithSDLImage(_ data: Data, format: ImageHeader.Format, name: String, shape: Shape,
                                           reason: String?) throws -> PagePixels {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes in
            folio_sdl_image_decode(bytes.baseAddress, bytes.count, format.rawValue.uppercased(), ImageHeader.maxFallbackPixels,
                                   &pixels, &width, &height, &error, error.count)
        }
        if status == 2, let refusal = ImageHeader.refusal(width: Int(width), height: Int(height), limit: ImageHeader.maxFallbackPixels) {
            throw tooLarge(name, refusal)
        }
        guard status == 0, let pixels else {
            let why = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            throw unreadable(name, reason ?? (why.isEmpty ? "damaged \(format.rawValue.uppercased()) data" : why))
        }
        defer { folio_sdl_image_free(pixels) }
        return try fit(Loaded(base: pixels, width: Int(width), height: Int(height), stride: Int(width) * 4, channels: 4),
                       name: name, shape: shape)
    }

    /// A TIFF libvips refused (tiles of separate planes, old-style JPEG) read by gdk-pixbuf,
    /// whole, within the lower limit; libvips' reason stands when gdk-pixbuf fails too.
    static func secondOpinion(_ data: Data, format: ImageHeader.Format, name: String, shape: Shape,
                                      failure: VipsDecoder.Failure) throws -> PagePixels {
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
    static func decodeWithLibTIFF(_ data: Data, name: String, shape: Shape) throws -> PagePixels {
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
        return try fit(Loaded(base: pixels, width: Int(width), height: Int(height), stride: Int(width) * 4, channels: 4),
                       name: name, shape: shape)
    }

    /// gdk-pixbuf's decode of `data`, fitted onto the page straight from its pixels.
    static func decodeWithPixbuf(_ data: Data, format: ImageHeader.Format, name: String, shape: Shape) throws -> PagePixels {
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
        guard image.channels == 3 || image.channels == 4 else { throw unreadable(name, "\(image.channels) channels") }
        return try fit(Loaded(base: pixels, width: Int(image.width), height: Int(image.height), stride: Int(image.stride),
                              channels: Int(image.channels)), name: name, shape: shape)
    }

    /// Decoded pixels, not owned: 8-bit RGB (3 channels) or RGBA (4), rows `stride` bytes apart.
    struct Loaded {
        let base: UnsafePointer<UInt8>
        let width: Int
        let height: Int
        let stride: Int
        let channels: Int
    }

    /// Decoded pixels scaled to fit the page whole, centred on paper (letterboxed).
    static func fit(_ loaded: Loaded, name: String, shape: Shape) throws -> PagePixels {
        guard let page = paperPage(shape) else { throw Failure(cause: .unreadable, message: "\(name): out of memory.") }
        let target = fitted(width: loaded.width, height: loaded.height, in: shape)
        // Box-filter big reductions first (straight from the decoded pixels, without a
        // full-size copy), so scans neither alias nor double their memory; then scale
        // bilinearly.
        let factor = max(1, min(loaded.width / max(Int(target.w), 1), loaded.height / max(Int(target.h), 1)) / 2)
        var source = loaded
        var shrunk: PagePixels?
        if factor >= 2 {
            guard let small = boxShrink(loaded, factor: factor) else {
                throw Failure(cause: .unreadable, message: "\(name): out of memory.")
            }
            shrunk = small
            source = Loaded(base: small.bytes, width: Int(small.width), height: Int(small.height), stride: small.pitch, channels: 4)
        }
        // Laid over the paper (an image's transparent parts show paper, not holes).
        guard let scaled = PagePixels(width: target.w, height: target.h) else {
            throw Failure(cause: .unreadable, message: "\(name): out of memory.")
        }
        // Both kept to the end: their pixels are read through raw pointers.
        withExtendedLifetime((shrunk, scaled)) {
            folio_linear_stretch(source.base, Int32(source.width), Int32(source.height), Int32(source.stride), Int32(source.channels),
                                 scaled.bytes, target.w, target.h)
            page.layOver(scaled.bytes, width: Int(target.w), height: Int(target.h), at: Int(target.x), Int(target.y))
        }
        finishEdges(page, shape: shape)
        return page
    }

    /// Averages `factor`×`factor` blocks of `input` into new RGBA pixels (the last part
    /// blocks of a row or column left out).
    static func boxShrink(_ input: Loaded, factor k: Int) -> PagePixels? {
        let bpp = input.channels, hasAlpha = bpp == 4
        let w = input.width / k, h = input.height / k
        guard w > 0, h > 0, let out = PagePixels(width: Int32(w), height: Int32(h)) else { return nil }
        let dp = out.pitch
        let area = k * k
        var sums = [Int](repeating: 0, count: w * 4)
        for y in 0..<h {
            for i in sums.indices { sums[i] = 0 }
            for dy in 0..<k {
                let row = input.base + (y * k + dy) * input.stride
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
            let row = out.bytes + y * dp
            for i in 0..<(w * 4) { row[i] = UInt8(sums[i] / area) }
        }
        return out
    }
}
