import FolioCore
import FolioLibrary
import FolioThreads
import Foundation
import Glibc

/// Gives each book of images the page shape of its content and finds its spreads: the
/// headers (never the pixels) of its pages are read; `PageGeometry.aspect(ofPageSizes:)`
/// picks the most common shape among the cover and first pages, and a page about twice as
/// wide as that shape spans a spread (`PageGeometry.spansSpread`). A PDF's shape comes with
/// its header (`DocumentInfo`); a book whose pages cannot be read keeps the tutorial's page.
public enum BookShapes {
    /// The cover and this many pages after it give the shape.
    public static let sampledPages = 7
    /// Most page headers read for spreads as a library loads, all books together; a book
    /// past them is shaped from its first pages and shows no spreads (until it is opened:
    /// `shaped(_:)`).
    public static let spreadScanPages = 2_000
    /// Most headers read in all as a library loads (about 120 µs each through a decoder
    /// worker): the books past them keep no shape until they are opened, so a folder of ten
    /// thousand archives reaches the screen in about half a second.
    public static let loadHeaders = 1_000

    /// `library` with `pageAspect` set and the spreads found added to `spreads`, on the books
    /// that have no shape yet, in order, while `headers` last (unlimited: every book).
    /// With `spreads` false, only the cover and first pages are read (each book's shape; no
    /// spreads found: the viewer scans for them once it shows, `shaped(_:)`).
    /// With `seconds`, books are measured while they last (the launch's: a stalled worker
    /// does not hold the shelf up; the books left are measured as they open).
    package static func measured(_ library: Library, decoder: any PageDecoder, headers: Int = loadHeaders, spreads: Bool = true,
                                 seconds: Double? = nil) -> Library {
        var library = library
        var budget = spreadScanPages, left = headers
        let deadline = seconds.map { FileDescriptorIO.now() + $0 }
        for i in library.books.indices where library.books[i].pageAspect == nil {
            guard left > 0, deadline.map({ FileDescriptorIO.now() < $0 }) ?? true else { break }
            let book = library.books[i]
            let scanned = spreads && book.pages.count <= budget
            if scanned { budget -= book.pages.count }
            library.books[i] = shaped(book, scanning: scanned, decoder: decoder)
            left -= 1 + (scanned ? book.pages.count : min(book.pages.count, sampledPages))
        }
        return library
    }

    /// `measured(_:)` run on a thread of its own, so the window opens while a decoder worker
    /// starts and reads the headers; `wait()` returns the measured library.
    public final class Measuring {
        private let result: ThreadResult<Library>

        /// Seconds the launch measures books for, at most (`measured(seconds:)`).
        public static let launchSeconds = 1.5

        package init(_ library: Library, decoder: any PageDecoder, spreads: Bool = true, seconds: Double? = nil) {
            result = ThreadResult(named: "folio-shapes") {
                BookShapes.measured(library, decoder: decoder, spreads: spreads, seconds: seconds)
            }
        }

        /// The measured library.
        public func wait() -> Library { result.wait() }
    }

    /// `book` with its page shape and, unless it has more pages than `spreadScanPages`, its
    /// spreads (a book opened that the load left unshaped).
    package static func shaped(_ book: Book, decoder: any PageDecoder) -> Book {
        shaped(book, scanning: book.pages.count <= spreadScanPages, decoder: decoder)
    }

    static func shaped(_ book: Book, scanning: Bool, decoder: any PageDecoder) -> Book {
        var book = book
        let pages = scanning ? book.pages[...] : book.pages.prefix(sampledPages)
        let sizes = pages.map { $0.flatMap { size(of: $0, decoder: decoder) } }
        let cover = book.cover.flatMap { size(of: $0, decoder: decoder) }
        // A shape measured before (a PDF's, from its header) stays when these headers give none.
        let aspect = PageGeometry.aspect(ofPageSizes: ([cover] + sizes.prefix(sampledPages)).compactMap { $0 }) ?? book.pageAspect
        book.pageAspect = aspect
        guard scanning else { return book }
        // Added to the spreads the book's metadata named (a ComicInfo.xml's DoublePage
        // pages), never in place of them.
        book.spreads.formUnion(sizes.indices.filter { index in
            sizes[index].map { PageGeometry.spansSpread($0, pageAspect: aspect ?? PageGeometry.aspect) } ?? false
        })
        return book
    }

    /// An image's size from its header, or nil when it cannot be read (documents are
    /// measured by their inspector, not here), read by `decoder` (in the app a decoder
    /// worker, `DecoderSandbox`, as every other part of a user's file is).
    static func size(of source: ImageSource, decoder: any PageDecoder) -> Size? {
        guard let (input, sandboxPath) = input(of: source) else { return nil }
        return decoder.size(of: input, from: sandboxPath)
    }

    /// What a decoder is given for an image `source`: the file, or the archive and its
    /// entry, and the book its time is charged to; nil for a document's page.
    static func input(of source: ImageSource) -> (input: PageImage.Input, sandboxPath: String)? {
        switch source {
        case .file(let path):
            return (.file(path), path)
        case .archiveEntry(let archive, let entry):
            return (.entry(archive: archive, entry: entry), archive)
        case .formatPage(let format, let file, let page):
            return (.formatPage(format: format, file: file, page: page), file)
        case .documentPage, .unavailable:
            return nil
        }
    }
}
