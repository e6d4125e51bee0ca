import CVips
import CWorker
import FolioCore
import FolioDecoding
import FolioLibrary
import Foundation
import Glibc
import Glibc

/// The child side of `DecoderSandbox`: `folio --decoder-worker` reads requests on
/// stdin and answers on stdout (see `DecoderWire`), one at a time, until stdin closes, leaving
/// pixels in the shared memory file it finds at descriptor 3. It is the only process that lets a
/// decoder at a user's file, and it runs confined: its heap capped at `memoryLimit` (a
/// decoder then fails its allocation and the worker ends), killed with its parent. Nothing
/// it says is trusted by the parent.
public enum DecoderProcess {
    /// The first argument that makes `folio` a worker.
    public static let flag = DecoderWire.workerFlag
    /// The worker's data segment (heap and anonymous maps). The largest page asked for is a
    /// zoomed one of a sixteenth of the texture budget (16 MB), which poppler draws in about
    /// 60 MB; the largest image decoded whole (`ImageHeader.maxFallbackPixels`, 100 MB of
    /// pixels) is shrunk from gdk-pixbuf's own buffer. With two workers and the viewer, a
    /// hostile file cannot take the process tree far past 500 MB, or 900 MB for a PDF that
    /// claims 100,000 pages (`pageTreeBytes` each, on both workers).
    public static let memoryLimit = 160 << 20
    /// What each page of an open PDF adds to `memoryLimit`, up to `Library.maxPages`: poppler
    /// holds the page tree it parsed up to the page asked for, about 1.6 KB a page
    /// (`folio_pdf_set_page_tree_allowance`), so a document of 100,000 pages reaches its last
    /// ones with 195 MB more.
    public static let pageTreeBytes = 2 << 10

    /// Serves requests until stdin closes; exits the process. The worker knows Folio's own
    /// formats and `added`, and Folio's document formats and `documents`: a program that
    /// registers a format of its own serves with it here (one line), as its viewer registers
    /// it with its loader (`BookFormats.register`).
    package static func serve(adding added: [any BookFormat] = [], documents: [any DocumentPages] = []) -> Never {
        // libarchive turns each ZIP entry's DOS time into a time_t with mktime, and glibc's
        // mktime stats /etc/localtime on every call unless TZ is set: a third of a pass over
        // a 100,000-entry comic. Folio shows no entry times, so the worker keeps UTC.
        // Likewise, in the C locale every entry's name goes through iconv (ASCII to UTF-8);
        // in C.UTF-8 it is taken as it is. Only the character type is set: numbers and
        // messages keep the C locale's forms.
        setenv("TZ", "UTC0", 1)
        tzset()
        setlocale(LC_CTYPE, "C.UTF-8")
        guard folio_worker_confine(UInt(memoryLimit), UInt(pageTreeBytes * Library.maxPages)) == 0 else { exit(70) }
        folio_pdf_set_page_tree_allowance(memoryLimit, pageTreeBytes, Int32(Library.maxPages))
        folio_vips_load_only_needed_modules()
        signal(SIGPIPE, SIG_IGN)
        let input = FileDescriptorIO(fd: 0, deadline: nil)
        let shared = SharedPixels(inherited: SharedPixels.childDescriptor)
        let here = InProcessDecoder(because: "this is the confined worker", adding: added, documents: documents)
        var untrimmed = false
        while true {
            if untrimmed && !requestComes(withinMilliseconds: idleBeforeTrim) {
                ProcessHeap.returnFreedMemory()
                untrimmed = false
            }
            let request: DecoderWire.Request
            do { request = try DecoderWire.readRequest(input.read) } catch { exit(0) }
            guard (try? answer(request, shared: shared, here: here)) != nil else { exit(0) }
            untrimmed = untrimmed || [.page, .render, .renderBySplash].contains(request.operation)
        }
    }

    /// Milliseconds without a request, after pages were decoded, before the worker gives the
    /// heap's freed pages back to the system. A decoder's buffers are freed into glibc's
    /// arenas, which keep them: after a riffle each worker held about 18 MB of heap it no
    /// longer used. Pages asked for one after another are not slowed by a trim between them.
    static let idleBeforeTrim: Int32 = 50

    /// True when a request arrives on stdin within `milliseconds`.
    private static func requestComes(withinMilliseconds milliseconds: Int32) -> Bool {
        var waiting = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        return poll(&waiting, 1, milliseconds) != 0
    }

    private static func answer(_ request: DecoderWire.Request, shared: SharedPixels, here: InProcessDecoder) throws {
        let output = FileDescriptorIO(fd: 1, deadline: nil)
        func fail(_ failure: PageImage.Failure) throws {
            try output.write(DecoderWire.encode(.failure(cause: failure.cause, message: failure.message, detail: failure.detail)))
        }
        switch request.operation {
        case .inspect:
            do {
                let info = try here.inspect(request.path)
                let size = info.firstPageSize ?? Size(width: 0, height: 0)
                try output.write(DecoderWire.encode(.document(pageCount: Int32(clamping: info.pageCount),
                                                               width: Int32(clamping: Int(size.width)),
                                                               height: Int32(clamping: Int(size.height)),
                                                               title: info.title ?? "", author: info.author ?? "")))
            } catch let error as FolioError {
                try output.write(DecoderWire.encode(.failure(cause: error.cause ?? .unreadable, message: error.message, detail: "")))
            }
        case .render, .renderBySplash:
            let page = Int(request.page)
            do {
                let pixels = try here.pixels(ofDocument: request.path, page: page, width: Int(request.width), height: Int(request.height),
                                             bySplash: request.operation == .renderBySplash)
                defer { pixels.free() }
                try shared.write(UnsafeRawBufferPointer(start: pixels.base, count: pixels.width * pixels.height * 4))
                try output.write(DecoderWire.encode(.pixels(width: Int32(pixels.width), height: Int32(pixels.height))))
            } catch let failure as PageImage.Failure {
                try fail(failure)
            }
        case .page:
            let shape = PageImage.Shape(width: request.width, height: request.height, radius: request.radius, side: request.side)
            var cutShort = false
            switch PageImage.makeHere(image(of: request), formats: here.formats, reader: here.reader, shape: shape, cutShort: &cutShort) {
            case .success(let page):
                try shared.write(UnsafeRawBufferPointer(start: page.bytes, count: Int(page.height) * page.pitch))
                try output.write(DecoderWire.encode(.pixels(width: page.width, height: page.height, cutShort: cutShort)))
            case .failure(let failure):
                try fail(failure)
            }
        case .measure:
            if let size = here.size(of: image(of: request), from: request.path),
               let width = Int32(exactly: size.width.rounded()), let height = Int32(exactly: size.height.rounded()), width > 0, height > 0 {
                try output.write(DecoderWire.encode(.size(width: width, height: height)))
            } else {
                try fail(PageImage.unreadable(request.name, "no size"))
            }
        case .head:
            do {
                try output.write(DecoderWire.encode(.head(try here.head(of: request.path, count: Int(request.width)))))
            } catch let error as FolioError {
                try output.write(DecoderWire.encode(.failure(cause: error.cause ?? .unreadable, message: error.message, detail: "")))
            }
        case .list:
            do {
                try output.write(DecoderWire.encode(.listing(try here.listing(ofArchive: request.path))))
            } catch let error as FolioError {
                try output.write(DecoderWire.encode(.failure(cause: error.cause ?? .unreadable, message: error.message, detail: "")))
            }
        case .book:
            try output.write(DecoderWire.encode(book(request, here: here)))
        case .library:
            do {
                let loaded = try here.library(plist: request.path)
                try output.write(DecoderWire.encode(.library(books: loaded.library.books, problems: loaded.problems)))
            } catch let error as FolioError {
                try output.write(DecoderWire.encode(.failure(cause: error.cause ?? .unreadable, message: error.message, detail: "")))
            }
        case .links:
            try output.write(DecoderWire.encode(.links(here.links(request.path, page: Int(request.page)))))
        case .find:
            if let stretch = here.find(request.name, in: request.path, first: Int(request.page), count: Int(request.width)) {
                try output.write(DecoderWire.encode(.hits(stretch)))
            } else {
                try fail(PageImage.unreadable(request.path, "cannot be searched"))
            }
        }
    }

    /// The book the format a book request names lists from its file, here, or the failure.
    private static func book(_ request: DecoderWire.Request, here: InProcessDecoder) -> DecoderWire.Reply {
        guard let format = here.formats.named(request.format) else {
            return .failure(cause: .unsupported, message: "\(request.path): is of a format this program does not read (\(request.format)).",
                            detail: "")
        }
        do {
            return .book(try here.book(format, at: request.path, strict: request.page == 1))
        } catch let error as FolioError {
            return .failure(cause: error.cause ?? .unreadable, message: error.message, detail: "")
        } catch {
            return .failure(cause: .unreadable, message: "\(request.path): cannot be read (\(error)).", detail: "")
        }
    }

    /// Where a page or measure request's image is: a format's page in the file at its path
    /// (made into its image by the format), the file itself, or its bytes.
    private static func image(of request: DecoderWire.Request) -> PageImage.Input {
        if !request.format.isEmpty { return .formatPage(format: request.format, file: request.path, page: request.reference) }
        return request.bytes.isEmpty ? .file(request.path) : .bytes(request.bytes, name: request.name)
    }
}
