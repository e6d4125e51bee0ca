import CSDL2
import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioWorker
@testable import FolioLibrary
@testable import FolioSDL
@testable import FolioThreads
import FolioTestFixtures

/// Every decoder run in the confined worker process (the built `folio --decoder-worker`): the
/// same answers as in process, and a worker that dies or lies is named, never trusted.
@Suite(.serialized) struct DecoderSandboxTests {
    /// The decoder worker the tests decode with: `FOLIO_TEST_WORKER` when set (`make tsan`
    /// names the release build: a worker built for ThreadSanitizer cannot map its shadow
    /// memory under the worker's address-space cap), else this checkout's debug build, else
    /// the one beside the test binary.
    static let worker: String = {
        if let named = ProcessInfo.processInfo.environment["FOLIO_TEST_WORKER"], !named.isEmpty { return named }
        let debug = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/\(DecoderSandbox.workerName)").path
        let beside = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent(DecoderSandbox.workerName).path
        return FileManager.default.isExecutableFile(atPath: debug) ? debug : beside
    }()
    static let finding = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus/FuzzDocument/poppler-array-oom.pdf")

    /// What the worker's answers are compared with: the same decoders run in this process.
    static let here = InProcessDecoder(because: "the worker's answers are compared with the decoders run here")

    /// Runs `body` once the worker is known to exist (`TestDecoding.workers` decodes there).
    func isolated(_ body: () throws -> Void) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.worker), "build folio first (swift build): \(Self.worker)")
        try body()
    }

    @Test func theWorkerReadsTheHeaderAndRendersPagesLikeTheProcessItself() throws {
        let url = try DocumentPageTests.write(PDFFixture.document(pages: 5, title: "Über den Fluss", author: "Hélène Œ"), "river.pdf")
        defer { DocumentPageTests.remove(url) }
        let shape = PageImage.Shape(width: 181, height: 284, radius: 0, side: .right)
        let here = try PageImage.make(.documentPage(document: url.path, page: 3), decoder: Self.here, shape: shape).get()
        try isolated {
            #expect(try TestDecoding.workers.inspect(url.path)
                == DocumentInfo(pageCount: 5, title: "Über den Fluss", firstPageSize: Size(width: 362, height: 568), author: "Hélène Œ"))
            let there = try PageImage.make(.documentPage(document: url.path, page: 3), decoder: TestDecoding.workers, shape: shape).get()
            let count = Int(here.pitch) * Int(here.height)
            #expect(there.width == here.width && there.height == here.height)
            #expect(memcmp(here.bytes, there.bytes, count) == 0, "the worker's page differs")
        }
    }

    /// The kernel kills a worker when the thread that started it ends, and requests come from
    /// threads that end (a dropped folder's, the library measured while the window opens):
    /// the worker such a thread left idle still answers the next request.
    @Test func aWorkerOutlivesTheThreadThatFirstNeededIt() throws {
        let url = try DocumentPageTests.write(PDFFixture.document(pages: 3, title: "Threads"), "threads.pdf")
        defer { DocumentPageTests.remove(url) }
        try isolated {
            let firstPages = Monitor<Int?>(nil)
            let thread = try #require(startJoinableThread(named: "short-lived") {
                let pages = try? TestDecoding.workers.inspect(url.path).pageCount
                firstPages.withLock { $0 = pages }
            })
            pthread_join(thread, nil)
            #expect(firstPages.withLock { $0 } == 3)
            // A kill on the thread's end lands at once: the workers are watched for a moment
            // (none may die), not slept through.
            let workers = Self.childWorkers()
            #expect(!workers.isEmpty)
            let died = poll(seconds: 0.3) { workers.first { !Self.isRunning($0) } }
            #expect(died == nil, "worker \(died ?? "") ended with the thread that started it")
            #expect(try TestDecoding.workers.inspect(url.path).pageCount == 3)
        }
    }

    /// A worker's libvips opens only the modules of the loaders Folio takes (poppler's,
    /// libheif's, libjxl's): ImageMagick's and OpenSlide's code is never in a decoder's memory.
    @Test func aWorkerLoadsOnlyTheModulesItsLoadersNeed() throws {
        let dir = try DocumentPageTests.write(Data(), "unused")
        defer { DocumentPageTests.remove(dir) }
        let png = dir.deletingLastPathComponent().appendingPathComponent("modules.png").path
        try PageFitTests.framedPNG(width: 200, height: 300, at: png)
        let shape = PageImage.Shape(width: 100, height: 150, radius: 0, side: .right)
        try isolated {
            // Through libvips, which starts in the worker that takes it.
            let page = try PageImage.decode(.file(png), decoder: TestDecoding.workers, shape: shape)
            // Read to the end: /proc reports a size of 0, and a read by size stops early.
            let maps = try Self.childWorkers().map { pid in
                let file = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
                defer { try? file.close() }
                return String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
            }
            #expect(!maps.isEmpty)
            for needed in ["vips-poppler.so", "vips-heif.so", "vips-jxl.so"] {
                #expect(maps.contains { $0.contains(needed) }, "\(needed)")
            }
            for unwanted in ["vips-magick.so", "libMagickCore", "vips-openslide.so", "libopenslide"] {
                #expect(!maps.contains { $0.contains(unwanted) }, "\(unwanted)")
            }
        }
    }

    /// This process's children running `folio --decoder-worker`.
    /// Process `pid` is alive (not gone, not a zombie).
    static func isRunning(_ pid: String) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[close...].dropFirst().trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    static func childWorkers() -> [String] {
        ProcessMemory.children().filter { pid in
            guard let command = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else { return false }
            return command.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == DecoderProcess.flag }
        }
    }

    @Test func aLockedOrMissingPDFIsNamedThroughTheWorker() throws {
        let url = try DocumentPageTests.write(PDFFixture.document(pages: 2, passwordProtected: true), "locked.pdf")
        defer { DocumentPageTests.remove(url) }
        try isolated {
            #expect { try TestDecoding.workers.inspect(url.path) } throws: {
                ($0 as? FolioError)?.cause == .encrypted && ($0 as? FolioError)?.message.contains("locked.pdf") == true
            }
            let shape = PageImage.Shape(width: 50, height: 80, radius: 0, side: .right)
            let gone = url.deletingLastPathComponent().appendingPathComponent("gone.pdf").path
            guard case .failure(let failure) = PageImage.make(.documentPage(document: gone, page: 0), decoder: TestDecoding.workers, shape: shape) else {
                Issue.record("a missing PDF rendered")
                return
            }
            #expect(failure.cause == .missing && failure.message.contains("gone.pdf"))
        }
    }

    /// The fuzzing find: poppler allocates without end on this 512-byte file's second page.
    /// Its header reads (poppler from the file, as every document is listed), its first page
    /// draws; drawing the second, the worker runs out of its capped heap and dies, the page is
    /// named, and the next request gets a fresh worker.
    @Test func aPDFThatExhaustsPopplerKillsOnlyTheWorker() throws {
        let copy = try DocumentPageTests.write(try Data(contentsOf: Self.finding), "endless.pdf")
        defer { DocumentPageTests.remove(copy) }
        let good = copy.deletingLastPathComponent().appendingPathComponent("good.pdf")
        try PDFFixture.document(pages: 3).write(to: good)
        let shape = PageImage.Shape(width: 100, height: 150, radius: 0, side: .right)
        try isolated {
            #expect(try TestDecoding.workers.inspect(copy.path).pageCount == 2)
            guard case .failure(let failure) = PageImage.make(.documentPage(document: copy.path, page: 1), decoder: TestDecoding.workers, shape: shape) else {
                Issue.record("the page poppler cannot draw was drawn")
                return
            }
            #expect(failure.cause == .unreadable && failure.message.contains("endless.pdf"), "\(failure.message)")
            let next = try TestDecoding.workers.inspect(good.path)
            #expect(next.pageCount == 3)
        }
    }

    /// Images (libvips' PNG and SDL_image's BMP), from a file and as an archive entry's
    /// bytes, come back from the worker the same to the byte, and their sizes too.
    @Test(arguments: ["png", "bmp"])
    func imagesDecodedByTheWorkerMatchThoseDecodedHere(kind: String) throws {
        let dir = try DocumentPageTests.write(Data(), "unused")
        defer { DocumentPageTests.remove(dir) }
        let png = dir.deletingLastPathComponent().appendingPathComponent("wide.png").path
        try PageFitTests.framedPNG(width: 400, height: 200, at: png)
        var path = png
        if kind == "bmp" {
            let surface = try #require(IMG_Load(png))
            defer { SDL_FreeSurface(surface) }
            path = dir.deletingLastPathComponent().appendingPathComponent("wide.bmp").path
            #expect(SDL_SaveBMP_RW(surface, SDL_RWFromFile(path, "wb"), 1) == 0)
        }
        let shape = PageImage.Shape(width: 120, height: 170, radius: 9, side: .left)
        let here = try PageImage.make(.file(path), decoder: Self.here, shape: shape).get()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        var cutShort = true
        try isolated {
            for there in [try PageImage.decode(.file(path), decoder: TestDecoding.workers, shape: shape),
                          try TestDecoding.workers.page(.bytes(bytes, name: "a.cbz:wide.\(kind)"), from: "/books/a.cbz", shape: shape,
                                                        cutShort: &cutShort)] {
                #expect(there.width == here.width && there.height == here.height)
                #expect(memcmp(here.bytes, there.bytes, Int(here.pitch) * Int(here.height)) == 0,
                        "the worker's \(kind) page differs")
            }
            #expect(!cutShort)
            #expect(BookShapes.size(of: .file(path), decoder: TestDecoding.workers) == Size(width: 400, height: 200))
        }
    }

    /// libvips picks a loader by the bytes: a PDF named as a JPEG, or an SVG named as a PNG,
    /// is refused before poppler or librsvg reads it, in the worker and in process alike; an
    /// SVG named .svg is still a picture.
    @Test func aDocumentOrDrawingUnderAnImagesNameIsRefusedUnread() throws {
        let pdf = try DocumentPageTests.write(PDFFixture.document(pages: 1), "page1.jpg")
        defer { DocumentPageTests.remove(pdf) }
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="60"><rect width="40" height="60" fill="red"/></svg>"#
        let folder = pdf.deletingLastPathComponent()
        let disguised = folder.appendingPathComponent("page2.png"), honest = folder.appendingPathComponent("page3.svg")
        try svg.write(to: disguised, atomically: true, encoding: .utf8)
        try svg.write(to: honest, atomically: true, encoding: .utf8)
        let shape = PageImage.Shape(width: 40, height: 60, radius: 0, side: .right)
        func check(_ decoder: any PageDecoder) throws {
            for (url, what) in [(pdf, "a PDF document"), (disguised, "an SVG drawing")] {
                guard case .failure(let failure) = PageImage.make(.file(url.path), decoder: decoder, shape: shape) else {
                    Issue.record("\(url.lastPathComponent) was decoded")
                    continue
                }
                #expect(failure.message.contains(url.lastPathComponent) && failure.message.contains("its contents are \(what)"), "\(failure.message)")
                #expect(BookShapes.size(of: .file(url.path), decoder: decoder) == nil)
            }
            let drawn = try PageImage.make(.file(honest.path), decoder: decoder, shape: shape).get()
            #expect(DocumentPageTests.centre(drawn).0 > 150)
        }
        try check(Self.here)
        try isolated { try check(TestDecoding.workers) }
    }

    /// A document whose request overran is failed at once from then on (it would otherwise
    /// hold a worker for every page); another document is still read.
    @Test func aDocumentThatOverranFailsItsOtherPagesAtOnce() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.worker), "build folio first (swift build): \(Self.worker)")
        let slow = try DocumentPageTests.write(PDFFixture.document(pages: 4), "slow.pdf")
        defer { DocumentPageTests.remove(slow) }
        // A worker cannot even start within a millisecond: the first request overruns.
        let hasty = try DecoderSandbox(executable: Self.worker, timeout: 0.001)
        let shape = PageImage.Shape(width: 50, height: 80, radius: 0, side: .right)
        guard case .failure(let first) = PageImage.make(.documentPage(document: slow.path, page: 0), decoder: hasty, shape: shape) else {
            Issue.record("the first page came back within a millisecond")
            return
        }
        #expect(first.message.contains("took longer than"), "\(first.message)")
        let start = Date()
        guard case .failure(let second) = PageImage.make(.documentPage(document: slow.path, page: 1), decoder: hasty, shape: shape) else {
            Issue.record("the second page was rendered")
            return
        }
        #expect(second.message.contains("took too long on it before"), "\(second.message)")
        #expect(Date().timeIntervalSince(start) < 0.5)
        let other = try DocumentPageTests.write(PDFFixture.document(pages: 2), "other.pdf")
        defer { DocumentPageTests.remove(other) }
        let page = try PageImage.make(.documentPage(document: other.path, page: 1), decoder: TestDecoding.workers, shape: shape).get()
    }

    /// A real slow document (six pages of some 800,000 squares each): once a page overran,
    /// the others fail at once, so reading every page costs about one timeout, not six.
    @Test func aSlowDocumentCostsOneTimeoutNotOneAPage() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.worker), "build folio first (swift build): \(Self.worker)")
        let slow = try DocumentPageTests.write(SlowPDFFixture.document(pages: 6, fan: 30), "slow.pdf")
        defer { DocumentPageTests.remove(slow) }
        let sandbox = try DecoderSandbox(executable: Self.worker, timeout: 1)
        let shape = PageImage.Shape(width: 300, height: 400, radius: 0, side: .right)
        let start = Date()
        var messages: [String] = []
        for page in 0..<6 {
            guard case .failure(let failure) = PageImage.make(.documentPage(document: slow.path, page: page), decoder: sandbox, shape: shape) else {
                Issue.record("page \(page + 1) was drawn within a second")
                continue
            }
            messages.append(failure.message)
        }
        #expect(messages.first?.contains("took longer than 1 s") == true, "\(messages)")
        #expect(messages.dropFirst().allSatisfy { $0.contains("took too long on it before") }, "\(messages)")
        #expect(Date().timeIntervalSince(start) < 4, "six pages took \(Date().timeIntervalSince(start)) s")
    }

    /// Slow requests add up per document or book: quick ones never count, a book fails fast
    /// once its slow pages pass the budget, a document at its first timeout; an image is
    /// charged to its archive, or to the folder that holds it.
    @Test func slowRequestsAddUpPerDocumentAndPerBook() {
        var budget = TimeBudget()
        for _ in 0..<1000 { budget.charge("/books/quick", seconds: DecoderSandbox.slowRequest / 2, failsFast: false) }
        #expect(!budget.hasOverrun("/books/quick"))
        budget.charge("/books/slow", seconds: 20, failsFast: false)
        #expect(!budget.hasOverrun("/books/slow"))
        budget.charge("/books/slow", seconds: DecoderSandbox.documentBudget - 20, failsFast: false)
        #expect(budget.hasOverrun("/books/slow") && !budget.hasOverrun("/books/other"))
        budget.charge("/books/a.pdf", seconds: 0.5, failsFast: true)
        #expect(budget.hasOverrun("/books/a.pdf"))
        let entry = DecoderWire.Request(operation: .page, path: "/books/a.cbz", width: 9, height: 9, name: "a.cbz:p1.png", bytes: Data([1]))
        let file = DecoderWire.Request(operation: .page, path: "/books/photos/p1.jpg", width: 9, height: 9, name: "/books/photos/p1.jpg")
        #expect(DecoderSandbox.bookOfImage(entry) == "/books/a.cbz" && DecoderSandbox.bookOfImage(file) == "/books/photos")
    }

    /// Replies are read as hostile: a page larger than the box asked for, an unknown kind,
    /// an oversized text and a short read are refused before anything is allocated.
    @Test func malformedRepliesAreRefused() throws {
        let request = DecoderWire.Request(operation: .render, path: "/x.pdf", page: 0, width: 100, height: 50)
        func reply(_ bytes: [UInt8]) throws -> DecoderWire.Reply {
            var data = Data(bytes)
            return try DecoderWire.readReply({ count in
                let chunk = data.prefix(count)
                data = data.dropFirst(count)
                return chunk
            }, to: request)
        }
        let good = DecoderWire.encode(.pixels(width: 100, height: 50))
        #expect(try reply(Array(good)) == .pixels(width: 100, height: 50))
        #expect(throws: DecoderWire.Malformed.self) { try reply(Array(DecoderWire.encode(.pixels(width: 101, height: 50)))) }
        #expect(throws: DecoderWire.Malformed.self) { try reply([9]) }
        #expect(throws: DecoderWire.Malformed.self) { try reply(Array(DecoderWire.encode(.document(pageCount: 3, width: 10, height: 20, title: "")))) }
        #expect(throws: DecoderWire.Malformed.self) { try reply([3, 0xFF, 0xFF]) }
        #expect(throws: DecoderWire.Malformed.self) { try reply(Array(good.prefix(5))) }
        let failure = DecoderWire.Reply.failure(cause: .unreadable, message: String(repeating: "é", count: 900), detail: "")
        guard case .failure(_, let message, _) = try reply(Array(DecoderWire.encode(failure))) else {
            Issue.record("a failure did not round-trip")
            return
        }
        #expect(message.utf8.count <= DecoderWire.maxText && message.allSatisfy { $0 == "é" })
        // Every cause round-trips as itself; a cause no worker can mean is a malformed reply,
        // not a page quietly called unreadable.
        for cause in [FolioError.Cause.missing, .refused, .encrypted, .unreadable, .unsupported, .tooLarge] {
            let reply = try reply(Array(DecoderWire.encode(.failure(cause: cause, message: "m", detail: "d"))))
            #expect(reply == .failure(cause: cause, message: "m", detail: "d"))
        }
        let bogus = [UInt8(3), 5, 0] + Array("bogus".utf8) + [1, 0, 0x6D, 0, 0]
        #expect(throws: DecoderWire.Malformed.self) { try reply(bogus) }
    }

    /// A document's header comes back with its title and author, each bounded; an author
    /// longer than a text may be is refused before it is read, and one cut off short is a
    /// short read.
    @Test func aDocumentReplyCarriesTitleAndAuthorBounded() throws {
        let request = DecoderWire.Request(operation: .inspect, path: "/x.pdf")
        func reply(_ bytes: Data) throws -> DecoderWire.Reply {
            var data = bytes
            return try DecoderWire.readReply({ count in
                let chunk = data.prefix(count)
                data = data.dropFirst(count)
                return chunk
            }, to: request)
        }
        let document = DecoderWire.Reply.document(pageCount: 3, width: 10, height: 20, title: "Über", author: "Hélène Œ")
        #expect(try reply(DecoderWire.encode(document)) == document)
        let long = DecoderWire.Reply.document(pageCount: 3, width: 10, height: 20, title: "", author: String(repeating: "é", count: 900))
        guard case .document(_, _, _, _, let author) = try reply(DecoderWire.encode(long)) else {
            Issue.record("a long author did not round-trip")
            return
        }
        #expect(author.utf8.count <= DecoderWire.maxText && author.allSatisfy { $0 == "é" })
        let head = DecoderWire.encode(.document(pageCount: 3, width: 10, height: 20, title: "T", author: ""))
        let oversized = head.dropLast(2) + Data([0x01, 0x04]) + Data(repeating: 0x41, count: 1025)
        #expect(throws: DecoderWire.Malformed.self) { try reply(Data(oversized)) }
        #expect(throws: DecoderWire.Malformed.self) { try reply(DecoderWire.encode(document).dropLast(1)) }
        // A worker that says nothing of the author (an older form) is out of protocol.
        #expect(throws: DecoderWire.Malformed.self) { try reply(head.dropLast(2)) }
    }

    @Test func requestsRoundTripAndBadOnesAreRefused() throws {
        let request = DecoderWire.Request(operation: .render, path: "/books/ä.pdf", page: 7, width: 362, height: 568)
        var data = DecoderWire.encode(request)
        let read: DecoderWire.Source = { count in
            let chunk = data.prefix(count)
            data = data.dropFirst(count)
            return chunk
        }
        #expect(try DecoderWire.readRequest(read) == request)
        // Splash's drawing of a page is bounded by its box as cairo's is.
        let bySplash = DecoderWire.Request(operation: .renderBySplash, path: "/books/ä.pdf", page: 7, width: 362, height: 568)
        data = DecoderWire.encode(bySplash)
        #expect(try DecoderWire.readRequest(read) == bySplash)
        data = DecoderWire.encode(.pixels(width: 363, height: 568))
        #expect(throws: DecoderWire.Malformed.self) { try DecoderWire.readReply(read, to: bySplash) }
        let image = DecoderWire.Request(operation: .page, path: "/books/a.cbz", width: 362, height: 568,
                                        name: "a.cbz:p1.png", radius: 9.5, side: .left, bytes: Data([1, 2, 3]))
        data = DecoderWire.encode(image)
        #expect(try DecoderWire.readRequest(read) == image)
        // A page request's reply is exactly the page and its margin.
        let reply = DecoderWire.encode(.pixels(width: 362 + 2 * DecoderWire.pageMargin, height: 568 + 2 * DecoderWire.pageMargin))
        data = reply
        #expect(throws: Never.self) { try DecoderWire.readReply(read, to: image) }
        data = DecoderWire.encode(.pixels(width: 362, height: 568))
        #expect(throws: DecoderWire.Malformed.self) { try DecoderWire.readReply(read, to: image) }
        var bad = DecoderWire.encode(DecoderWire.Request(operation: .render, path: "/x.pdf", page: -1, width: 10, height: 10))
        #expect(throws: DecoderWire.Malformed.self) {
            try DecoderWire.readRequest { count in defer { bad = bad.dropFirst(count) }; return bad.prefix(count) }
        }
    }

    /// A worker that ends on a signal is described in a reader's words, never by its number.
    @Test func aWorkerThatDiesIsDescribedInWords() {
        for signal in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGKILL, SIGXCPU, SIGTERM] {
            let why = DecoderSandbox.Worker.why("the image decoder", endedWith: ChildProcess.Ending(status: signal, exited: false))
            #expect(!why.contains("signal") && !why.contains("\(signal)"), "\(why)")
        }
        #expect(DecoderSandbox.Worker.why("the image decoder", endedWith: ChildProcess.Ending(status: SIGILL, exited: false))
                == "the image decoder failed on it, out of memory or on damaged data")
        #expect(DecoderSandbox.Worker.why("the image decoder", endedWith: ChildProcess.Ending(status: 1, exited: true)) == "the image decoder stopped on it")
    }
}

extension DecoderSandboxTests {
    /// A page a worker has no room for (its heap is capped, and holds the documents it keeps)
    /// is asked once more of another worker; that worker is stopped, so what it kept goes.
    @Test func aWorkerWithNoRoomForAPageIsStoppedAndThePageAskedAgain() throws {
        let dir = try DocumentPageTests.write(Data(), "unused")
        defer { DocumentPageTests.remove(dir) }
        let png = dir.deletingLastPathComponent().appendingPathComponent("room.png").path
        try PageFitTests.framedPNG(width: 200, height: 300, at: png)
        let decoder = try DecoderSandbox(executable: Self.worker)
        // Warm: a worker running, its pid known.
        var cut = false
        let pageShape = PageImage.Shape(width: 100, height: 150, radius: 0, side: .right)
        let small = try decoder.page(.file(png), from: png, shape: pageShape, cutShort: &cut)
        let before = Set(Self.childWorkers())
        // 12,000 × 12,000 pixels: 576 MB, past the worker's 160 MB heap.
        let huge = PageImage.Shape(width: 12_000, height: 12_000, radius: 0, side: .right)
        #expect {
            let page = try decoder.page(.file(png), from: png, shape: huge, cutShort: &cut)
        } throws: { ($0 as? PageImage.Failure)?.message.lowercased().contains("out of memory") == true }
        // The workers that ran out of room are gone; the pool answers with fresh ones.
        let after = Set(Self.childWorkers())
        #expect(before.subtracting(after).count >= 1, "before \(before), after \(after)")
        let again = try decoder.page(.file(png), from: png, shape: pageShape, cutShort: &cut)
    }
}
