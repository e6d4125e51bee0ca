import FolioCore
import FolioLibrary
import FolioThreads
import Foundation

/// Turns an image into a page's RGBA pixels (`PagePixels`): its header read and checked
/// first, then decoded with shrink-on-load by libvips (whole by Folio's own readers,
/// gdk-pixbuf or SDL_image for the formats libvips does not read), fitted whole onto paper of
/// the page's shape (letterboxed, never cropped) at the pixels the page covers, outer corners
/// cut round, with a transparent margin whose colour repeats the edge (so linear filtering
/// gives soft, fringe-free edges). Decoding is safe from any thread and knows nothing of how
/// pages are drawn (placeholders are made by the renderer, on its thread).
package enum PageImage {
    /// Texels of transparent margin around the content.
    package static let margin: Int32 = DecoderWire.pageMargin
    package static let paper = (r: UInt8(246), g: UInt8(242), b: UInt8(232))
    package static let ink = (r: UInt8(120), g: UInt8(112), b: UInt8(100))

    /// The shape every page texture of one size shares.
    package struct Shape: Hashable {
        package var width: Int32
        package var height: Int32
        package var radius: Double
        package var side: PageSide
        /// The image spans the spread: it is fitted to two pages side by side and `side`'s
        /// half is kept, so the halves meet at the spine.
        package var spans = false

        package init(width: Int32, height: Int32, radius: Double, side: PageSide, spans: Bool = false) {
            self.width = width
            self.height = height
            self.radius = radius
            self.side = side
            self.spans = spans
        }

        /// Two pages side by side, square-cornered (a spanning page is cut from it).
        var spread: Shape { Shape(width: width * 2, height: height, radius: 0, side: side) }
    }

    package struct Failure: Error {
        /// Why: its name is shown on the placeholder ("unreadable", "too large", "missing").
        package let cause: FolioError.Cause
        /// One sentence naming the file.
        package let message: String
        /// What the decoder or the size check said, for `validate`.
        package var detail = ""

        package init(cause: FolioError.Cause, message: String, detail: String = "") {
            self.cause = cause
            self.message = message
            self.detail = detail
        }
    }

    /// A page of `shape` with its margin, every pixel transparent; nil when memory is short.
    package static func blankPage(_ shape: Shape) -> PagePixels? {
        PagePixels(width: shape.width + 2 * margin, height: shape.height + 2 * margin)
    }

    /// An image to decode: a file (opened where it is decoded, a regular file only), an
    /// archive's entry (read where it is decoded), a format's own page (made into one of the
    /// others by its format where it is decoded: `PageFormat`), or bytes (a thumbnail's) with
    /// the name they go by.
    package enum Input {
        case file(String)
        case entry(archive: String, entry: String)
        case formatPage(format: String, file: String, page: String)
        case bytes(Data, name: String)

        package var name: String {
            switch self {
            case .file(let path): return path
            case .entry(let archive, let entry): return ImageSource.archiveEntry(archive: archive, entry: entry).name
            case .formatPage(let format, let file, let page): return ImageSource.formatPage(format: format, file: file, page: page).name
            case .bytes(_, let name): return name
            }
        }

        /// The format whose page the image is, by name, and its reference to the page (an
        /// archive's entry is the archive format's): what a worker is asked to decode.
        package var reference: (format: String, page: String)? {
            switch self {
            case .entry(_, let entry): return (ArchiveFormat.formatName, entry)
            case .formatPage(let format, _, let page): return (format, page)
            case .file, .bytes: return nil
            }
        }

        /// The encoded bytes, when they were read already (nil: the file is opened where it
        /// is decoded).
        package var bytes: Data? {
            if case .bytes(let data, _) = self { return data }
            return nil
        }
    }

    /// Reads and decodes `source` into a page of `shape`; every failure becomes the reason
    /// its placeholder shows and one sentence to warn with.
    package static func make(_ source: ImageSource, decoder: any PageDecoder, shape: Shape) -> Result<PagePixels, Failure> {
        outcome(source.name) { try decode(source, decoder: decoder, shape: shape) }
    }

    package static func outcome(_ name: String, _ decode: () throws -> PagePixels) -> Result<PagePixels, Failure> {
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

    /// `make` for an input of a book at `sandboxPath` (whose time its decode is charged to):
    /// a cover's thumbnail, or a cover shrunk to become one.
    static func make(_ input: Input, sandboxPath: String, decoder: any PageDecoder, shape: Shape) -> Result<PagePixels, Failure> {
        outcome(input.name) { try decodeAnywhere(input, sandboxPath: sandboxPath, decoder: decoder, shape: shape) }
    }

    /// As `make`, for a cached thumbnail: `cutShort` says it ended early (a damaged file,
    /// which is made again rather than warned about).
    static func make(thumbnail input: Input, sandboxPath: String, decoder: any PageDecoder, shape: Shape,
                     cutShort: inout Bool) -> Result<PagePixels, Failure> {
        var cut = false
        let result = outcome(input.name) { try decoder.page(input, from: sandboxPath, shape: shape, cutShort: &cut) }
        cutShort = cut
        return result
    }

    /// A decoded page, by `decoder` (in the app, a confined worker: `DecoderSandbox`): a file,
    /// or an archive and its entry, opened and read there, the header read and checked
    /// before any pixel.
    package static func decode(_ source: ImageSource, decoder: any PageDecoder, shape: Shape) throws -> PagePixels {
        let name = source.name
        if shape.spans {
            let spread = try decode(source, decoder: decoder, shape: shape.spread)
            guard let page = half(of: spread, shape: shape) else { throw unreadable(name, "out of memory") }
            return page
        }
        switch source {
        case .file(let path):
            return try decodeAnywhere(.file(path), sandboxPath: path, decoder: decoder, shape: shape)
        case .archiveEntry(let archive, let entry):
            return try decodeAnywhere(.entry(archive: archive, entry: entry), sandboxPath: archive, decoder: decoder, shape: shape)
        case .formatPage(let format, let file, let page):
            return try decodeAnywhere(.formatPage(format: format, file: file, page: page), sandboxPath: file, decoder: decoder,
                                      shape: shape)
        case .documentPage(let path, let page):
            guard page >= 0, page < LibraryLoader.maxPages else { throw unreadable(name, "no such page") }
            return try render(path, page: page, name: name, shape: shape, decoder: decoder)
        case .unavailable(let cause, _):
            let why = "\(name): \(cause.rawValue)."
            throw Failure(cause: cause, message: why, detail: why)
        }
    }

    /// `input` decoded by `decoder`; an image that ends early is warned about once and shown
    /// as far as it goes.
    private static func decodeAnywhere(_ input: Input, sandboxPath: String, decoder: any PageDecoder, shape: Shape) throws -> PagePixels {
        var cutShort = false
        let page = try decoder.page(input, from: sandboxPath, shape: shape, cutShort: &cutShort)
        if cutShort { warnCutShort(input.name) }
        return page
    }

    private static let warned = Monitor(Set<String>())
    private static let saysEndsEarly = Monitor(true)

    /// Says once per image that it ends early (unless `countEndsEarly()` made it a problem
    /// to count instead).
    package static func warnCutShort(_ name: String) {
        guard warned.withLock({ $0.insert(name).inserted }), saysEndsEarly.withLock({ $0 }) else { return }
        Console.warning("\(name): ends early; shown as far as it goes.")
    }

    /// From now on an image that ends early is not warned about: the caller (`validate`)
    /// asks `endedEarly(_:)` and counts it as a problem.
    package static func countEndsEarly() { saysEndsEarly.withLock { $0 = false } }

    /// True when the image `name` was found to end early (shown as far as it goes).
    package static func endedEarly(_ name: String) -> Bool { warned.withLock { $0.contains(name) } }

    package static func tooLarge(_ name: String, _ refusal: String) -> Failure {
        Failure(cause: .tooLarge, message: "\(name): \(refusal); refused.", detail: refusal)
    }

    package static func unreadable(_ name: String, _ why: String) -> Failure {
        Failure(cause: .unreadable, message: "\(name): cannot be decoded (\(why)).", detail: why)
    }

    /// Page `page` of a document on a page of `shape`, rendered by `decoder`.
    static func render(_ path: String, page: Int, name: String, shape: Shape, decoder: any PageDecoder) throws -> PagePixels {
        let pixels = try decoder.pixels(ofDocument: path, page: page, width: Int(shape.width), height: Int(shape.height))
        return try PageImage.page(pixels, name: name, shape: shape)
    }
}
