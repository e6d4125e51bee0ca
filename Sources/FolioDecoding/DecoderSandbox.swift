import CWorker
import FolioCore
import FolioLibrary
import FolioThreads
import Foundation
import Glibc

/// Where every file of a user's is decoded: libvips (with poppler, librsvg, libtiff and the
/// rest) and SDL_image are large parsers of hostile files, and a damaged PDF has been seen to
/// make poppler allocate without end (Fuzz/findings). So the app decodes in worker processes
/// (`folio --decoder-worker`, see `DecoderProcess`), each with its heap capped and each
/// answer due within its timeout (20 s); a worker that dies, overruns or answers out of
/// protocol is killed, the file is named as unreadable, and the next request starts a fresh
/// worker. At most `maxWorkers` run, kept between requests. Pixels come back through a
/// shared memory file each worker is given (`SharedPixels`), not through the pipe.
///
/// A document that overran once, or spent `documentBudget` seconds on slow requests, fails
/// its remaining requests at once, and so does a book of images (an archive, a folder) whose
/// slow pages passed the budget, so no file holds a worker or a command for long.
///
/// The product's one `PageDecoder`: each command makes one and hands it down; there is no
/// other way for a file to reach a decoder in the viewer's process.
package final class DecoderSandbox: PageDecoder {
    /// Seconds a worker has to answer one request, unless the sandbox is made with another.
    package static let defaultTimeout = 20.0
    package static let maxWorkers = 2
    /// The workers' priority: that of `DecodeWorker`'s thread.
    static let workerNice: Int32 = 10
    /// Seconds of slow requests (each over `slowRequest`) one document or book may spend in all.
    package static let documentBudget = 30.0
    static let slowRequest = 2.0
    /// Seconds of slow requests a command that must end (`validate`, `record`) gives a whole
    /// library: with two workers, it ends within about this many seconds of slow decoding.
    package static let libraryBudget = 24.0
    /// Seconds a page has once the library's budget is spent (enough for a fresh worker).
    static let spentLibraryRequest = 5.0
    /// Seconds cairo has to draw a page (at most the timeout): a page it cannot draw in
    /// them is drawn again by poppler's Splash, as pdftoppm draws it, which has the whole
    /// timeout, and so is the rest of that document (cairo can spend minutes on a shading
    /// Splash draws in a fraction of a second).
    static let cairoSeconds = 5.0

    /// How long a request that reads what a library is made of (a listing, a header: what a
    /// sound file answers at once, `DecoderWire.Operation.readsHeaders`) waits for its
    /// answer: `first` seconds, then the worker is replaced (a stopped worker, a hung mount)
    /// and the request made once more, given `retry` seconds, before the file is named
    /// unreadable. So a launch whose workers stall shows its window and reads on, each book
    /// costing at most the two bounds, not the timeout twice.
    package struct AnswerBounds: Sendable {
        package var first: Double
        package var retry: Double

        package init(first: Double, retry: Double) {
            self.first = first
            self.retry = retry
        }

        package static let standard = AnswerBounds(first: 2, retry: 10)
    }

    private let pool: Pool

    /// The worker program of the `folio` at `executable`: that very program (its real path),
    /// which serves as a worker when started with `DecoderProcess.flag`. One binary is
    /// installed, not two.
    package static func worker(of executable: String) -> String {
        URL(fileURLWithPath: executable).resolvingSymlinksInPath().path
    }

    /// The program that serves as the decoder worker: `folio` itself.
    package static let workerName = "folio"

    /// Decodes in `executable --decoder-worker` processes, each request due within
    /// `timeout` seconds; a `FolioError` when `executable` is not a program that can run.
    /// `libraryBudget` bounds the slow seconds of all files together (see `TimeBudget`).
    /// `bounds`: how long a listing or a header is waited for before the worker is replaced.
    package init(executable: String, timeout: Double = defaultTimeout, libraryBudget: Double? = nil,
                 bounds: AnswerBounds = .standard) throws {
        guard !executable.isEmpty, FileManager.default.isExecutableFile(atPath: executable) else {
            throw FolioError.badInput("\(executable): the decoder worker is not a program that can run; Folio decodes nothing without it.")
        }
        pool = Pool(executable: executable, timeout: timeout, libraryBudget: libraryBudget, bounds: bounds)
    }

    /// Starts one more worker than the first request will, off the caller's thread, so the
    /// viewer's first pages find two ready (a worker takes about 0.15 s to start) while the
    /// first one reads the book.
    package func prestart() {
        let pool = self.pool
        startDetachedThread(named: "folio-prestart") { pool.prestart() }
    }

    /// Keeps `keeping` workers at most, fresh ones: a worker is 25–45 MB that a still view
    /// does not use while nothing is decoded (a still book keeps one for its next turn, the
    /// shelf none), and a fresh worker holds less than one that has decoded (`Pool.renew`).
    /// `prestart` starts the second again when a book opens or starts to move; a decode starts
    /// one when none runs. Workers are ended, reaped and started off the caller's thread (the
    /// renderer's), as `prestart` starts one.
    package func rest(keeping: Int) {
        let pool = self.pool
        startDetachedThread(named: "folio-rest") { pool.renew(keeping: keeping) }
    }

    /// Workers started and not stopped (tests).
    package var runningWorkers: Int { pool.running }

    /// Who reads the document at `path`, and what it is called, in a sentence about a
    /// failure before the worker said what the file is ("the DjVu reader", "DjVu").
    static func documentReader(_ path: String) -> (reader: String, label: String) {
        let label = DocumentKind.named(forPath: path).label
        return ("the \(label) reader", label)
    }

    /// The document's header; a `FolioError` naming `path` on any failure.
    package func inspect(_ path: String) throws -> DocumentInfo {
        let request = DecoderWire.Request(operation: .inspect, path: path)
        let (reader, label) = Self.documentReader(path)
        do {
            switch try pool.run(request, pixels: nil, who: reader) {
            case .document(let pageCount, let width, let height, let title, let author):
                let size = width > 0 && height > 0 ? Size(width: Double(width), height: Double(height)) : nil
                return DocumentInfo(pageCount: Int(pageCount), title: title, firstPageSize: size,
                                    author: author.isEmpty ? nil : author)
            case .failure(let cause, let message, _):
                throw FolioError.badInput(message, cause: cause)
            case .pixels, .size, .head, .listing, .book, .library, .links, .hits:
                throw FolioError.badInput("\(path): is not a readable \(label) (\(reader) answered out of turn).", cause: .unreadable)
            }
        } catch let stopped as Stopped {
            throw FolioError.badInput("\(path): is not a readable \(label) (\(stopped.why)).", cause: .unreadable)
        }
    }

    /// The page's links, read by a worker; none on any failure (a book reads on without them).
    package func links(_ path: String, page: Int) -> [PageLink] {
        guard let page32 = Int32(exactly: page), page32 >= 0 else { return [] }
        let request = DecoderWire.Request(operation: .links, path: path, page: page32)
        guard case .links(let links)? = try? pool.run(request, pixels: nil, who: Self.documentReader(path).reader) else {
            return []
        }
        return links
    }

    /// A stretch of a search, run by a worker; nil on any failure.
    package func find(_ text: String, in path: String, first: Int, count: Int) -> TextSearchStretch? {
        guard !text.isEmpty, let first32 = Int32(exactly: first), first32 >= 0,
              let count32 = Int32(exactly: count), count32 >= 1 else { return nil }
        let request = DecoderWire.Request(operation: .find, path: path, page: first32, width: count32, name: text)
        guard case .hits(let stretch)? = try? pool.run(request, pixels: nil, who: Self.documentReader(path).reader) else { return nil }
        return stretch
    }

    /// Page `page` rendered into `width`×`height` pixels; a `PageImage.Failure` on any failure.
    package func pixels(ofDocument path: String, page: Int, width: Int, height: Int) throws -> DecodedPixels {
        let name = ImageSource.documentPage(document: path, page: page).name
        guard let page32 = Int32(exactly: page), let w = Int32(exactly: width), let h = Int32(exactly: height),
              (1...DecoderWire.maxSide).contains(w), (1...DecoderWire.maxSide).contains(h) else {
            throw PageImage.unreadable(name, "a \(width)×\(height) page cannot be drawn")
        }
        let request = DecoderWire.Request(operation: .render, path: path, page: page32, width: w, height: h)
        do {
            return try pixels(request)
        } catch let stopped as Stopped {
            throw PageImage.unreadable(name, stopped.why)
        }
    }

    /// A `render` request's pixels; `Stopped` when the worker did not answer.
    private func pixels(_ request: DecoderWire.Request) throws -> DecodedPixels {
        var received: DecodedPixels?
        do {
            let reader = Self.documentReader(request.path).reader
            let reply = try pool.run(request, pixels: { width, height, shared in
                let count = DecoderWire.Request.pixelBytes(width: width, height: height)
                guard let base = folio_pixels_alloc(count) else { throw Stopped(why: "out of memory for the page") }
                do { try shared.read(into: UnsafeMutableRawBufferPointer(start: base, count: count)) } catch {
                    folio_pixels_free(base)
                    throw error
                }
                received = DecodedPixels(base: base, width: Int(width), height: Int(height))
            }, who: reader)
            switch reply {
            case .pixels:
                guard let received else { throw Stopped(why: "\(reader) sent no pixels") }
                return received
            case .failure(let cause, let message, let detail):
                throw PageImage.Failure(cause: cause, message: message, detail: detail)
            case .document, .size, .head, .listing, .book, .library, .links, .hits:
                throw Stopped(why: "\(reader) answered out of turn")
            }
        } catch {
            if let received { received.free() }
            throw error
        }
    }

    /// An image made into a page of `shape` by a worker: the file at `path`, opened
    /// there, or an archive entry's bytes; a `PageImage.Failure` naming the image on any failure.
    package func page(_ image: PageImage.Input, from path: String, shape: PageImage.Shape,
                      cutShort: inout Bool) throws -> PagePixels {
        let request = DecoderWire.Request(operation: .page, path: path, width: shape.width, height: shape.height, name: image.name,
                                          format: image.reference?.format ?? "", reference: image.reference?.page ?? "",
                                          radius: shape.radius, side: shape.side, bytes: image.bytes ?? Data())
        var received: PagePixels?
        do {
            let reply = try pool.run(request) { _, _, shared in
                guard let page = PageImage.blankPage(shape) else { throw Stopped(why: "out of memory for the page") }
                received = page
                try shared.read(into: UnsafeMutableRawBufferPointer(start: page.bytes, count: Int(page.height) * page.pitch))
            }
            switch reply {
            case .pixels(_, _, let cut):
                guard let received else { throw Stopped(why: "the image decoder sent no pixels") }
                cutShort = cut
                return received
            case .failure(let cause, let message, let detail):
                throw PageImage.Failure(cause: cause, message: message, detail: detail)
            case .document, .size, .head, .listing, .book, .library, .links, .hits:
                throw Stopped(why: "the image decoder answered out of turn")
            }
        } catch let stopped as Stopped {
            throw PageImage.unreadable(image.name, stopped.why)
        }
    }

    /// An image's size from its header, read by a worker (`page`'s inputs); nil when it
    /// cannot be read.
    package func size(of image: PageImage.Input, from path: String) -> Size? {
        let request = DecoderWire.Request(operation: .measure, path: path, name: image.name, format: image.reference?.format ?? "",
                                          reference: image.reference?.page ?? "", bytes: image.bytes ?? Data())
        guard case .size(let width, let height) = try? pool.run(request, pixels: nil) else { return nil }
        return Size(width: Double(width), height: Double(height))
    }

    /// The first `count` bytes of the file at `path`, read by a worker; a `FolioError` naming
    /// `path` when it is not a regular file, cannot be read, or the worker failed.
    package func head(of path: String, count: Int) throws -> Data {
        guard let count32 = Int32(exactly: count), (0...DecoderWire.maxHead).contains(count32) else {
            throw FolioError.badInput("\(path): \(count) bytes of its head cannot be asked for.")
        }
        switch try answer(DecoderWire.Request(operation: .head, path: path, width: count32), naming: path) {
        case .head(let bytes): return bytes
        default: throw FolioError.badInput("\(path): cannot be read (the file reader answered out of turn).", cause: .unreadable)
        }
    }

    /// The archive's entries and ComicInfo.xml, listed by a worker; a `FolioError` naming
    /// `path` on any failure.
    package func listing(ofArchive path: String) throws -> ArchiveListing {
        switch try answer(DecoderWire.Request(operation: .list, path: path), naming: path) {
        case .listing(let listing): return listing
        default: throw FolioError.badInput("\(path): cannot be read (the archive reader answered out of turn).", cause: .unreadable)
        }
    }

    /// The book `format` lists from the file at `path`, listed by a worker (which knows the
    /// format by its name); a worker that stops on it is the format's problem with the file
    /// (thrown when the file is opened alone, `strict`).
    package func book(_ format: any BookFormat, at path: String, strict: Bool) throws -> ListedBook {
        let request = DecoderWire.Request(operation: .book, path: path, page: strict ? 1 : 0, format: format.name)
        let why: String
        do {
            switch try pool.run(request, pixels: nil, who: format.reader) {
            case .book(let listed):
                guard let stray = Self.strayPage(of: listed.book, at: path) else { return listed }
                why = "\(format.reader) named \(stray), which is not in the book"
            case .failure(let cause, let message, _):
                throw FolioError.badInput(message, cause: cause)
            default:
                why = "\(format.reader) answered out of turn"
            }
        } catch let stopped as Stopped {
            why = stopped.why
        }
        let sentence = format.unreadable(because: why)
        if strict { throw FolioError.badInput("\(path): \(sentence).", cause: .unreadable) }
        return ListedBook(book: nil, problems: [LibraryProblem(file: path, message: "\(sentence); skipped.")])
    }

    /// The books the Books.plist at `path` lists, parsed by a worker; a `FolioError` naming
    /// `path` on any failure, or when a page it names is outside the plist's folder.
    package func library(plist path: String) throws -> LoadedLibrary {
        switch try answer(DecoderWire.Request(operation: .library, path: path), naming: path) {
        case .library(let books, let problems):
            // The plist's pages are inside its folder, links resolved.
            let folder = SafeFile.realPath(SafeFile.folder(of: path)) ?? SafeFile.folder(of: path)
            let inside = folder + "/plist"
            if let stray = books.lazy.compactMap({ Self.strayPage(of: $0, at: inside) }).first {
                throw FolioError.badInput("\(path): cannot be read (the library reader named \(stray), which is not in the library).",
                                          cause: .unreadable)
            }
            return LoadedLibrary(library: Library(books: books), problems: problems)
        default: throw FolioError.badInput("\(path): cannot be read (the library reader answered out of turn).", cause: .unreadable)
        }
    }

    /// A page of `book` that a worker listing the file (or folder) at `path` may not name: a
    /// page of another file than `path`, or an image file outside its folder (or inside it).
    static func strayPage(of book: Book?, at path: String) -> String? {
        guard let book else { return nil }
        let folder = SafeFile.folder(of: path)
        for source in [book.cover] + book.pages {
            switch source {
            case .file(let image)?:
                let inside = SafeFile.isInside(image, folder: path) || SafeFile.isInside(image, folder: folder)
                if !inside || image.split(separator: "/").contains("..") { return image }
            case .archiveEntry(let file, _)?, .documentPage(let file, _)?, .formatPage(_, let file, _)?:
                if file != path { return file }
            case .unavailable?, nil:
                continue
            }
        }
        return nil
    }

    /// A worker's reply to `request`, whose failures become a `FolioError` naming `path`.
    private func answer(_ request: DecoderWire.Request, naming path: String) throws -> DecoderWire.Reply {
        let reply: DecoderWire.Reply
        do { reply = try pool.run(request, pixels: nil) } catch let stopped as Stopped {
            throw FolioError.badInput("\(path): cannot be read (\(stopped.why)).", cause: .unreadable)
        }
        if case .failure(let cause, let message, _) = reply { throw FolioError.badInput(message, cause: cause) }
        return reply
    }

    /// The book an image request belongs to, whose time it is charged to: the archive its
    /// entry or bytes came from, or the folder of the file.
    static func bookOfImage(_ request: DecoderWire.Request) -> String {
        request.bytes.isEmpty && request.format.isEmpty ? SafeFile.folder(of: request.path) : request.path
    }

    /// Why a worker gave no usable answer, mid-sentence.
    struct Stopped: Error {
        let why: String
        /// Cairo ran out of its time on a page: the pool makes the request again, and it goes
        /// to Splash.
        var handedToSplash = false
        /// A listing or a header was not answered within the first bound: the pool makes the
        /// request again of a fresh worker (`AnswerBounds`).
        var askAgain = false
        /// The worker had no room for a page (its heap holds the documents it keeps): it is
        /// stopped, and the pool makes the request once more of another.
        var outOfRoom = false
    }
}
