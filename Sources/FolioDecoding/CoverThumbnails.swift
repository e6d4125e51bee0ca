import CPNG
import CWorker
import FolioCore
import FolioLibrary
import FolioThreads
import Foundation

/// Cover thumbnails kept as the freedesktop Thumbnail Managing Standard says, in
/// `$XDG_CACHE_HOME/thumbnails` (`~/.cache/thumbnails`): the same files file managers make
/// and read. A thumbnail is a PNG named by the MD5 of its original's file URI, in a folder
/// per size (normal 128, large 256, x-large 512, xx-large 1024 pixels), carrying the URI and
/// the original's modification time, which must both match for it to be used.
///
/// A shelf cover is made from the smallest thumbnail at least as large as the cover's
/// texture: read here, its text checked (`PNGText`), decoded by the confined decoder like any
/// image. Without one, the cover is decoded from its book as any page is, and its thumbnail
/// made later, when the decoder has nothing else to do (`makeOne`): the cover's image shrunk
/// to fit by the decoder, written only when `writes`. Used on the decode thread only.
public final class CoverThumbnails: Sendable {
    enum Flavour: Int, CaseIterable, Sendable {
        case normal = 128, large = 256, xLarge = 512, xxLarge = 1024

        var folder: String {
            switch self {
            case .normal: return "normal"
            case .large: return "large"
            case .xLarge: return "x-large"
            case .xxLarge: return "xx-large"
            }
        }
    }

    /// The largest thumbnail file read (an xx-large PNG of a noisy scan is about 3 MB).
    static let maxBytes = 8 << 20

    /// The thumbnails folder (holding normal/, large/, ...).
    let root: String
    /// Thumbnails are written as well as read (off when remembering is off).
    let writes: Bool
    /// What decodes thumbnails and the covers they are made from.
    let decoder: any PageDecoder

    /// Covers decoded from their books whose thumbnails are still to make, latest last.
    private let owed = Monitor([(source: ImageSource, original: Original, flavour: Flavour)]())
    /// At most this many are owed; older ones are forgotten (made when next seen).
    static let maxOwed = 64
    /// A folder on the way was refused (a link): said once, and nothing more is written.
    private let refused = Monitor(false)
    /// Thumbnails whose pixels would not decode (damaged on disk): not used again, and made
    /// anew over them.
    private let damaged = Monitor(Set<String>())

    package init(root: String, writes: Bool, decoder: any PageDecoder) {
        self.root = root
        self.writes = writes
        self.decoder = decoder
    }

    /// `$XDG_CACHE_HOME/thumbnails`, else `~/.cache/thumbnails`; nil without a home.
    public static func standardRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        UserFolders.base("XDG_CACHE_HOME", fallback: ".cache", environment: environment).map {
            ($0 as NSString).appendingPathComponent("thumbnails")
        }
    }

    /// The file whose thumbnail a cover is: its archive, its PDF (the first page only), or
    /// its image file.
    static func file(of cover: ImageSource) -> String? {
        switch cover {
        case .file(let path): return path
        case .archiveEntry(let archive, _): return archive
        case .documentPage(let document, let page): return page == 0 ? document : nil
        case .formatPage, .unavailable: return nil
        }
    }

    /// A thumbnail's original: its path, URI, the URI's MD5, modification time and size.
    struct Original: Equatable {
        let path: String
        let uri: String
        let md5: String
        let mtime: Int
        let size: Int

        init?(_ path: String) {
            var info = stat()
            guard path.hasPrefix("/"), FileName.withCString(path, { stat($0, &info) }) == 0,
                  info.st_mode & S_IFMT == S_IFREG else { return nil }
            var uri = [CChar](repeating: 0, count: 3 * DecoderWire.maxPath + 16), md5 = [CChar](repeating: 0, count: 40)
            guard FileName.withCString(path, { folio_thumbnail_name($0, &uri, uri.count, &md5, md5.count) }) == 0 else { return nil }
            self.path = path
            self.uri = String(decoding: uri.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            self.md5 = String(decoding: md5.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            mtime = Int(info.st_mtim.tv_sec)
            size = Int(info.st_size)
        }
    }

    /// The sizes that serve a texture of `shape`, smallest first (none past 1024 pixels).
    static func flavours(for shape: PageImage.Shape) -> [Flavour] {
        let needed = Int(max(shape.width, shape.height))
        return Flavour.allCases.filter { $0.rawValue >= needed }
    }

    func path(of original: Original, _ flavour: Flavour) -> String {
        "\(root)/\(flavour.folder)/\(original.md5).png"
    }

    /// The bytes and path of the smallest valid thumbnail among `flavours`: a regular file
    /// within `maxBytes` whose text names `original`'s URI and modification time.
    func cached(_ original: Original, among flavours: [Flavour]) -> (path: String, data: Data)? {
        let damaged = damaged.withLock { $0 }
        for flavour in flavours {
            let path = path(of: original, flavour)
            guard !damaged.contains(path), let data = try? SafeFile.readKept(path, limit: Self.maxBytes, kind: "a thumbnail"),
                  let text = PNGText.fields(data),
                  text["Thumb::URI"] == original.uri, text["Thumb::MTime"].flatMap({ Int($0) }) == original.mtime else { continue }
            return (path, data)
        }
        return nil
    }

    /// A page of `shape` for the cover `source`, by way of its thumbnail; nil when no
    /// thumbnail serves (the cover is then decoded as any page is, and its failure reported
    /// that way).
    func page(_ source: ImageSource, shape: PageImage.Shape) -> Result<PagePixels, PageImage.Failure>? {
        guard !shape.spans, let file = Self.file(of: source), let original = Original(file) else { return nil }
        let flavours = Self.flavours(for: shape)
        guard let smallest = flavours.first else { return nil }
        guard let thumbnail = cached(original, among: flavours) else {
            owe(source, original, smallest)
            return nil
        }
        var cutShort = false
        let page = PageImage.make(thumbnail: .bytes(thumbnail.data, name: thumbnail.path), sandboxPath: file, decoder: decoder,
                                  shape: shape, cutShort: &cutShort)
        // A thumbnail whose pixels end early (a file cut or overwritten: it decodes as far as
        // it goes) is as damaged as one that does not decode.
        if case .success = page, cutShort {
            damaged.withLock { _ = $0.insert(thumbnail.path) }
            owe(source, original, smallest)
            return nil
        }
        guard case .success = page else {
            // Its text was sound, its pixels not: passed over from now on and made again.
            damaged.withLock { _ = $0.insert(thumbnail.path) }
            owe(source, original, smallest)
            return nil
        }
        return page
    }

    /// Notes that `source`'s thumbnail is to be made (when thumbnails are written).
    private func owe(_ source: ImageSource, _ original: Original, _ flavour: Flavour) {
        guard writes else { return }
        owed.withLock { owed in
            guard !owed.contains(where: { $0.original == original }) else { return }
            owed.append((source, original, flavour))
            if owed.count > Self.maxOwed { owed.removeFirst() }
        }
    }

    /// Makes the thumbnail of the cover seen last of those owed; false when none is owed.
    /// A cover that cannot be made into one is passed over (its book reports it when read).
    func makeOne() -> Bool {
        guard let next = owed.withLock({ $0.popLast() }) else { return false }
        // Made meanwhile (by this run or another program) at this size or larger.
        let larger = Flavour.allCases.filter { $0.rawValue >= next.flavour.rawValue }
        if cached(next.original, among: larger) == nil {
            try? make(next.source, original: next.original, flavour: next.flavour)
        }
        // File managers read the large (256) size: it is made too, once, beside a bigger one.
        if next.flavour.rawValue > Flavour.large.rawValue, cached(next.original, among: [.large]) == nil {
            try? make(next.source, original: next.original, flavour: .large)
        }
        return true
    }

    /// Makes `cover`'s thumbnail at the large (256) size unless a sound one is there at that
    /// size or larger (a benchmark warms its cache so).
    package func warm(_ cover: ImageSource) throws {
        guard let file = Self.file(of: cover), let original = Original(file) else { return }
        let sizes = Flavour.allCases.filter { $0.rawValue >= Flavour.large.rawValue }
        if cached(original, among: sizes) == nil { try make(cover, original: original, flavour: .large) }
    }

    /// Shrinks the cover to fit `flavour` (never enlarged) in the confined decoder and
    /// writes it as `original`'s thumbnail.
    func make(_ source: ImageSource, original: Original, flavour: Flavour) throws {
        try Self.render(source, box: flavour.rawValue, decoder: decoder) { pixels, width, height, pitch in
            try store(pixels, width: width, height: height, pitch: pitch, of: original, as: flavour)
        }
    }

    /// The cover `source` shrunk to fit `box` pixels a side (never enlarged), decoded in the
    /// confined `decoder`, handed to `body` as RGBA rows (pixels, width, height, pitch).
    package static func render(_ source: ImageSource, box: Int, decoder: any PageDecoder,
                               _ body: (UnsafeRawPointer, Int, Int, Int) throws -> Void) throws {
        if case .documentPage(let document, let page) = source {
            let pixels = try decoder.pixels(ofDocument: document, page: page, width: box, height: box)
            defer { pixels.free() }
            try body(pixels.base, pixels.width, pixels.height, pixels.width * 4)
            return
        }
        guard let (input, sandboxPath) = BookShapes.input(of: source),
              let size = decoder.size(of: input, from: sandboxPath),
              size.width >= 1, size.height >= 1 else { throw PageImage.unreadable(source.name, "no size") }
        let scale = min(1, Double(box) / max(size.width, size.height))
        let shape = PageImage.Shape(width: Int32(max(1, (size.width * scale).rounded())),
                                    height: Int32(max(1, (size.height * scale).rounded())),
                                    radius: 0, side: .right)
        let page = try PageImage.make(input, sandboxPath: sandboxPath, decoder: decoder, shape: shape).get()
        // The page's margin is left out: the thumbnail is the image alone.
        let m = Int(PageImage.margin)
        try withExtendedLifetime(page) {
            try body(UnsafeRawPointer(page.bytes + m * page.pitch + m * 4), Int(shape.width), Int(shape.height), page.pitch)
        }
    }

    /// Writes the cover `source` as a PNG at `path`, at most `box` pixels a side: what
    /// `folio thumbnail` makes for a file manager: an output as every other (`OutputFile`),
    /// new or empty (as a caller may make it first) unless `overwrite`, never through a link. On any failure nothing is left there.
    package static func write(_ source: ImageSource, box: Int, decoder: any PageDecoder, to path: String, overwrite: Bool = false) throws {
        try OutputFile.checkFile(path, streams: false, overwrite: overwrite)
        try render(source, box: box, decoder: decoder) { pixels, width, height, pitch in
            let fd = try OutputFile.open(path, streams: false, overwrite: overwrite)
            var reason = [CChar](repeating: 0, count: 256)
            let status = folio_png_write_text_fd(fd, pixels, Int32(width), Int32(height), pitch, 0, nil, nil, 0, &reason, reason.count)
            let closed = close(fd)
            guard status == 0, closed == 0 else {
                unlink(path)
                let why = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                throw FolioError.outputFailed("\(path): the thumbnail could not be written (\(why.isEmpty ? "closing it failed" : why))")
            }
        }
    }

    /// Writes RGBA pixels as `original`'s thumbnail: a private file (0600, folders 0700)
    /// written beside its place under a temporary name and renamed into it, as the standard
    /// asks, so a reader never sees half a thumbnail. The thumbnails folder and the size's
    /// folder are opened below the cache folder as real folders (`WriteFolder`), the file
    /// made and renamed inside the size's folder: a link on the way is refused, said once,
    /// and no thumbnail is written there this run.
    func store(_ pixels: UnsafeRawPointer, width: Int, height: Int, pitch: Int, of original: Original, as flavour: Flavour) throws {
        guard !refused.withLock({ $0 }) else { throw PageImage.unreadable(path(of: original, flavour), "not written") }
        let folder: WriteFolder
        do {
            folder = try WriteFolder.open([(root as NSString).lastPathComponent, flavour.folder], below: SafeFile.folder(of: root))
        } catch let error as FolioError {
            let first = refused.withLock { refused in
                defer { refused = true }
                return !refused
            }
            if first {
                let sentence = error.message.hasSuffix(".") ? String(error.message.dropLast()) : error.message
                Console.warning("\(sentence); Folio writes no thumbnails there this run.")
            }
            throw error
        }
        let name = "\(original.md5).png"
        let text = [("Thumb::URI", original.uri), ("Thumb::MTime", String(original.mtime)),
                    ("Thumb::Size", String(original.size)), ("Software", "Folio")]
        try folder.replace(name, temporary: ".folio-\(getpid())-\(name)", sync: false) { fd in
            var reason = [CChar](repeating: 0, count: 256)
            let status = withCStrings(text.map(\.0)) { keys in
                withCStrings(text.map(\.1)) { values in
                    folio_png_write_text_fd(fd, pixels, Int32(width), Int32(height), pitch, 0, keys, values, Int32(text.count),
                                            &reason, reason.count)
                }
            }
            return status == 0 ? nil : String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        // Made anew: a damaged one it replaced is used again.
        damaged.withLock { _ = $0.remove(path(of: original, flavour)) }
    }

    private func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) })
    }
}
