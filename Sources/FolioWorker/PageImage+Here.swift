import CVips
import FolioCore
import FolioDecoding
import FolioLibrary
import Foundation

/// A page decoded in this process: what a decoder worker runs (`DecoderProcess`), and what
/// `InProcessDecoder` runs where a test or a fuzz target says why.
extension PageImage.Input {
    /// `body` given the image as libvips reads it: a file's descriptor (a regular file
    /// only, closed after), an entry's bytes read through `reader` (bounded), or the bytes.
    package func opened<T>(by reader: ImageReader, _ body: (VipsDecoder.Input) throws -> T) throws -> T {
        switch self {
        case .file(let path):
            let fd = try reader.descriptor(forFile: path)
            defer { close(fd) }
            return try body(.descriptor(fd))
        case .entry(let archive, let entry):
            return try body(.bytes(try reader.data(for: .archiveEntry(archive: archive, entry: entry))))
        case .bytes(let data, _):
            return try body(.bytes(data))
        case .formatPage:
            // Made into a file, an entry or bytes by its format first (`PageFormat`).
            throw PageImage.unreadable(name, "its format did not read it")
        }
    }
}

extension PageImage {
    /// `make` for an input decoded in this process (what a decoder worker runs), a format's
    /// page made into its image by `formats` first.
    package static func makeHere(_ input: Input, formats: BookFormats, reader: ImageReader, shape: Shape,
                         cutShort: inout Bool) -> Result<PagePixels, Failure> {
        var cut = false
        defer { cutShort = cut }
        return outcome(input.name) { try decodeHere(try formats.resolve(input), reader: reader, shape: shape, cutShort: &cut) }
    }

    /// `input` decoded in this process: a file streamed from its descriptor, an entry read
    /// through `reader` (bounded), bytes as they are.
    static func decodeHere(_ input: Input, reader: ImageReader, shape: Shape, cutShort: inout Bool) throws -> PagePixels {
        let kind = (input.name as NSString).pathExtension.lowercased()
        return try input.opened(by: reader) { try decode($0, name: input.name, kind: kind, shape: shape, cutShort: &cutShort) }
    }

    /// libvips for every format it reads (shrink-on-load, straight to the page's pixels);
    /// Folio's own readers, gdk-pixbuf and SDL_image for the few it does not (BMP, TGA, QOI, PCX
    /// and the rest), after Folio's own header check.
    static func decode(_ input: VipsDecoder.Input, name: String, kind: String, shape: Shape, cutShort: inout Bool) throws -> PagePixels {
        // A DIB is a BMP without its file header: given one, it is read as a BMP.
        if kind == "dib" {
            guard let file = IconReader.bmp(ofDIB: try bytes(of: input, name: name)) else {
                throw unreadable(name, "it does not begin with a bitmap header")
            }
            return try decode(.bytes(file), name: name, kind: "bmp", shape: shape, cutShort: &cutShort)
        }
        // Folio's own reading of the sizes it can find at fixed offsets comes first, so a
        // header that libvips would reject as damaged is still refused for its size.
        let head = prefix(of: input, count: 32)
        if let format = ImageHeader.sniff(head, fileExtension: kind), let size = ImageHeader.size(of: head, format: format) {
            // An empty GIF screen has made decoders allocate for the frame instead (found by
            // fuzzing): refused before any decoder sees it.
            guard size.width > 0, size.height > 0 else {
                throw unreadable(name, "its header gives an empty \(Sentence.grouped(size.width))×\(Sentence.grouped(size.height)) image")
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
            if format.decodedWhole { return try decodeWhole(data, format: format, name: name, shape: shape, cutShort: &cutShort) }
            return try secondOpinion(data, format: format, name: name, shape: shape, failure: failure)
        }
        if let refusal = ImageHeader.refusal(width: header.width, height: header.height) { throw tooLarge(name, refusal) }
        if let least = ImageHeader.plainNetpbmMinimumBytes(head, width: header.width, height: header.height) {
            let size: Int
            switch input {
            case .bytes(let data): size = data.count
            case .descriptor(let fd): size = SafeFile.size(fd)
            }
            if size < least {
                throw unreadable(name,
                    "its header gives \(header.width)×\(header.height) pixels, which take at least \(least) bytes; the file holds \(size)")
            }
        }
        let pixels: VipsDecoder.Pixels
        do {
            let fills = fillsBox(width: header.width, height: header.height, box: (Int(shape.width), Int(shape.height)))
            pixels = try VipsDecoder.thumbnail(input, slot: slot, width: Int(shape.width), height: Int(shape.height), crop: fills)
        } catch let failure as VipsDecoder.Failure {
            guard let format = ImageHeader.sniff(head, fileExtension: kind) else { throw unreadable(name, failure.reason) }
            return try secondOpinion(try bytes(of: input, name: name), format: format, name: name, shape: shape, failure: failure)
        }
        cutShort = pixels.cutShort
        return try PageImage.page(pixels, name: name, shape: shape)
    }

    /// Page `page` of the document behind `fd` (of `format`) as pixels: its size in points read and checked,
    /// then drawn once at the scale `width`×`height` needs, never at full resolution first,
    /// from the document kept open since the last page when it is the same file
    /// (`PDFPages`). What the document worker runs.
    static func documentPixels(_ fd: Int32, format: any DocumentPages, page: Int, name: String, width: Int, height: Int,
                               bySplash: Bool = false) throws -> VipsDecoder.Pixels {
        func failure(_ reason: String) -> Failure {
            guard VipsDecoder.isPasswordFailure(reason) else { return unreadable(name, reason) }
            let why = "the document is password-protected"
            return Failure(cause: .encrypted, message: "\(name): \(why); Folio opens no encrypted PDFs.", detail: why)
        }
        let header: VipsDecoder.Header
        do { header = try format.size(fd, page: page) } catch let error as VipsDecoder.Failure { throw failure(error.reason) }
        guard header.width > 0, header.height > 0 else {
            throw unreadable(name, "its page has no area: \(header.width)×\(header.height) points, cut to a box outside its paper")
        }
        if let refusal = ImageHeader.refusal(width: header.width, height: header.height) {
            throw tooLarge(name, refusal.replacingOccurrences(of: " px", with: " points"))
        }
        let fills = fillsBox(width: header.width, height: header.height, box: (width, height))
        do {
            return try format.draw(fd, page: page, width: width, height: height, crop: fills, bySplash: bySplash)
        } catch let error as VipsDecoder.Failure {
            throw failure(error.reason)
        }
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

    /// The whole encoded image, for the formats decoded whole (bounded like any read). A file
    /// is mapped read-only rather than copied: a read-only map is not in the worker's capped
    /// heap, which then holds the decoded pixels alone (a 60 MB BMP and its 60 MB of pixels
    /// did not fit together). A file cut short while mapped ends the worker, which is
    /// replaced, and the page is named as failed.
    static func bytes(of input: VipsDecoder.Input, name: String) throws -> Data {
        switch input {
        case .bytes(let data): return data
        case .descriptor(let fd):
            let size = SafeFile.size(fd)
            guard size <= ImageReader.maxFileSize else {
                throw tooLarge(name, "is \(size >> 20) MB, larger than the \(ImageReader.maxFileSize >> 20) MB allowed for this format")
            }
            guard size > 0, let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else {
                return SafeFile.readAll(fd, size: size)
            }
            return Data(bytesNoCopy: map, count: size, deallocator: .custom { pointer, count in munmap(pointer, count) })
        }
    }
}

extension BookShapes {
    /// `input`'s size read in this process (what a decoder worker runs).
    package static func sizeHere(of input: PageImage.Input, reader: ImageReader) -> Size? {
        let kind = (input.name as NSString).pathExtension.lowercased()
        func measure(_ input: VipsDecoder.Input) -> Size? {
            if let header = try? VipsDecoder.header(input, slot: .forImage(kind: kind)), header.width > 0, header.height > 0 {
                return Size(width: Double(header.width), height: Double(header.height))
            }
            // An XPM's size may come a few lines down, an XBM's after its name: as much is
            // read as `ImageHeader` looks through.
            var head = PageImage.prefix(of: input, count: 4096)
            // A DIB is measured as the BMP it would be with a file header.
            if kind == "dib" { head = IconReader.bmp(ofDIB: head) ?? Data() }
            guard let format = ImageHeader.sniff(head, fileExtension: kind) else { return nil }
            if let size = ImageHeader.size(of: head, format: format), size.width > 0, size.height > 0 {
                return Size(width: Double(size.width), height: Double(size.height))
            }
            // A TIFF whose directory lies past the head (libvips refused its samples): libtiff
            // reads the directory where it is.
            guard format == .tiff, let data = try? PageImage.bytes(of: input, name: kind) else { return nil }
            var w: Int32 = 0, h: Int32 = 0
            guard data.withUnsafeBytes({ folio_tiff_size($0.baseAddress, $0.count, &w, &h) }) == 1 else { return nil }
            return Size(width: Double(w), height: Double(h))
        }
        return (try? input.opened(by: reader, measure)) ?? nil
    }
}
