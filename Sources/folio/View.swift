import ArgumentParser
import FolioCore
import FolioDecoding
import FolioLibrary
import FolioSDL
import FolioThreads
import Foundation

/// Opens the viewer window.
struct View: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Open the viewer window (the default command).")

    @Argument(help: ArgumentHelp("What to open: a folder, a comic archive (.cbz, .cbr, .cb7, .cbt), a PDF or DjVu book, an image (a book of one page) or a Books.plist; the same as --library PATH. One book opens straight into the reading view.", valueName: "path"), completion: .file())
    var path: String?
    @OptionGroup var library: LibraryOptions
    @Option(parsing: .unconditional, help: "Open the book at this page (1 is the cover); PATH must be one book.") var page: Int?
    @Option(parsing: .unconditional, help: "Window size in points, WIDTHxHEIGHT (made smaller when it and its title bar do not fit the screen).") var size = "1280x800"
    @Flag(help: "Run every animation 10x slower (toggle with \(KeyBindings.names(of: .slowMotion))).") var slowMotion = false
    @Flag(help: "Read every book right to left (manga), whatever was remembered; M turns the open book round.") var rtl = false
    @Option(help: "Write the state trace live, one JSON line per changed frame.", completion: .file()) var trace: String?
    @Option(help: "Capture every input event to this script file (replay with `folio record --script`).", completion: .file(extensions: ["json"])) var capture: String?
    @Flag(help: "Replace an existing --trace or --capture file (without it a file that is not empty is refused).") var overwrite = false
    @Flag(help: "Start on the first book at its first spread, ignoring the places remembered in $XDG_STATE_HOME/folio (~/.local/state/folio), which are kept as they are until a book is read.") var fresh = false
    @Flag(help: "Neither read nor write where each book was left this time (for good: the line remember = no in $XDG_CONFIG_HOME/folio/settings.conf, ~/.config/folio/settings.conf).") var noRemember = false
    @Flag(help: .hidden) var exitAfterFirstFrame = false
    @Flag(help: .hidden) var exitWhenReadable = false
    /// The benchmark's idle run: seconds at which to note CPU, frames and memory (printed as
    /// JSON lines at exit), when to quit, and whether to open the first book first.
    @Option(help: .hidden) var markAt: [Double] = []
    @Option(help: .hidden) var quitAfter: Double?
    @Flag(help: .hidden) var openFirstBook = false

    func validate() throws {
        _ = try parseSize(size)
        if path?.isEmpty == true {
            throw ValidationError("PATH is empty; name a folder, a comic archive, an image or a Books.plist.")
        }
        if path != nil, library.library != nil {
            throw ValidationError("give the library as PATH or as --library PATH, not both.")
        }
        if let page, page < 1 {
            throw ValidationError("--page \(page) is outside 1…\(LibraryLoader.maxPages + 1): pages start at 1 (the cover).")
        }
        try check(page, "--page", 1...(LibraryLoader.maxPages + 1))
        for mark in markAt { try check(mark, "--mark-at", 0...3600, unit: " s") }
        try check(quitAfter, "--quit-after", 0...3600, unit: " s")
    }

    func run() throws {
        // Outputs are checked before anything opens (the viewer opens them once its window is up).
        if let trace { try OutputFile.checkFile(trace, streams: true, overwrite: overwrite) }
        if let capture { try OutputFile.checkFile(capture, streams: false, overwrite: overwrite) }
        // With --page the book is measured first: its spreads decide how its pages are numbered.
        let decoder = try LibraryOptions.decoder()
        decoder.prestart()
        var settings = Settings()
        if let file = SettingsFile.standard() {
            let (read, warning) = file.load()
            if let warning { Console.warning(warning) }
            settings = read
        }
        func opening<T>(_ body: () throws -> T) throws -> T {
            do {
                return try body()
            } catch let error as FolioError where error.exit == .noDisplay {
                let reason = error.message.hasSuffix(".") ? String(error.message.dropLast()) : error.message
                throw FolioError.noDisplay(
                    "no display is available (\(reason)); render headless instead with `folio record --out DIR` or `folio bench`.")
            }
        }
        // SDL's video starts first, alone: on X11 it sets the process's locale for a moment and
        // may start a D-Bus launcher. Then the books are listed (by the decoder worker, once it
        // has started) on another thread while Mesa starts for the window, which shows once
        // they are: a path that cannot be read is one sentence, with no window.
        // Mesa's compiled shaders are kept in Folio's cache folder, unless nothing is to be
        // written (remembering off): the next launch's first frame comes about 0.1 s sooner.
        if settings.remember && !noRemember {
            SDLVideo.keepShaders(inCache: UserFolders.base("XDG_CACHE_HOME", fallback: ".cache",
                                                           environment: ProcessInfo.processInfo.environment))
        }
        Interrupt.leaveToTheWindow()
        try opening { try SDLVideo.start(headless: false) }
        // One book opened straight into the reading view waits only for its shape (its cover
        // and first pages); its spreads are found once it shows (a 200-page comic's headers
        // took about 0.6 s before its first page could be asked for). With --page the book
        // was measured as it was listed.
        // The places' keys (a stat of each book's files) are read beside the shapes, never on
        // the input path; a traced or captured session starts as a script does, so it replays
        // the same, and the benchmark's runs neither read nor write places.
        let measuring = exitAfterFirstFrame || exitWhenReadable || !markAt.isEmpty || quitAfter != nil
        let remembers = settings.remember && !noRemember && trace == nil && capture == nil && !measuring
        // A launch whose books take long to read (a slow disk, decoder workers that stall)
        // shows them by name as they are read (`LaunchWait`), and quits at once when asked.
        let progress = LibraryLoadProgress(library: library.displayName(path: path))
        let listing = ThreadResult(named: "folio-list") { [library, path, page, openFirstBook] in
            // The window's wait ends as soon as this does, not at its next look.
            defer { LaunchWait.wake() }
            return Result { () throws -> (books: Library, oneBook: Bool, keys: [BookKey?]?, shelf: Bool) in
                let loaded = try library.loadResult(path: path, shaped: page != nil, decoder: decoder, progress: progress)
                let oneBook = loaded.isOneBook && loaded.library.books.count == 1 && !openFirstBook
                let keying = remembers ? ThreadResult(named: "folio-keys") { loaded.library.books.map(BookKey.of) } : nil
                progress.measuring()
                let shaped = page == nil
                    ? BookShapes.Measuring(loaded.library, decoder: decoder, spreads: !oneBook,
                                           seconds: BookShapes.Measuring.launchSeconds).wait()
                    : loaded.library
                return (shaped, oneBook, keying?.wait(), !loaded.isOneBook)
            }
        }
        let size = try parseSize(size)
        let window = try opening { try ViewerWindow(width: Int(size.width), height: Int(size.height), hidden: true) }
        // Signals are heard from now on (after the window opened, so SDL's own handlers, which
        // make a quit event, still run); one that came while the window was being made left
        // SDL's quit in the queue.
        Interrupt.chain()
        if window.quitIsPending() { Interrupt.request() }
        if Interrupt.requested() || LaunchWait.wait(in: window, progress: progress, until: { listing.isReady }) == .quit {
            // Nothing is open or written yet: the program ends at once, its workers with it.
            if Interrupt.requested() { Console.error("interrupted; the viewer closed.") }
            _exit(Interrupt.requested() ? FolioError.Exit.interrupted.rawValue : 0)
        }
        let (shaped, oneBook, keys, isShelf) = try listing.wait().get()
        // The shelf's own name for its centred book and for captures.
        let identity = library.identity(path: path)
        var books = shaped
        var openAtPage: Int?
        if let page {
            let source = path ?? library.library ?? "the bundled library"
            guard books.books.count == 1 else {
                throw FolioError.badInput(
                    "--page \(page) needs one book, and \(source) holds \(Sentence.count(books.books.count, "book")).")
            }
            // Pages as the reader counts them (the cover is 1), or as they are printed: a PDF's
            // page labelled 17 first.
            let numbering = books.books[0].numbering
            let labelled = numbering.number(labelled: String(page))
            guard page <= numbering.count || labelled != nil else {
                throw FolioError.badInput(
                    "--page \(page) is outside 1…\(numbering.count): \(source) has \(Sentence.count(numbering.count, "page")).")
            }
            openAtPage = labelled ?? page
        }
        window.show()
        var options = LiveViewer.Options()
        options.width = Int(size.width)
        options.height = Int(size.height)
        options.slowMotion = slowMotion
        options.rightToLeft = rtl
        options.tracePath = trace
        options.capturePath = capture
        options.overwrite = overwrite
        options.library = identity
        options.cacheBytes = library.cacheBytes
        options.exitAfterFirstFrame = exitAfterFirstFrame
        options.exitWhenReadable = exitWhenReadable
        options.markTimes = markAt
        options.quitAfter = quitAfter
        // A folder of books (not one book, not a Books.plist's) is watched: a book copied into
        // it joins the shelf. The benchmark's runs watch nothing.
        var isFolder: ObjCBool = false
        if case .path(let root)? = identity, isShelf, !measuring, FileManager.default.fileExists(atPath: root, isDirectory: &isFolder),
           isFolder.boolValue, !FileManager.default.fileExists(atPath: root + "/Books.plist") {
            options.watchedFolder = root
        }
        if openFirstBook, openAtPage == nil { openAtPage = 2 }
        if rtl { for i in books.books.indices { books.books[i].rightToLeft = true } }
        // The remembered places, unless remembering is off (--no-remember, or the settings file).
        if let keys, let store = PlaceStore.standard() {
            var remembered = Places()
            var unread = fresh
            if !fresh {
                let (places, warning) = store.load()
                if let warning { Console.warning(warning) }
                remembered = places
                // A file that could not be read stays as it is until a book is read.
                unread = warning != nil
            }
            options.placeStore = store
            options.places = PlaceKeeper(places: remembered, fresh: unread, identity: identity ?? .bundled, keys: keys)
            // When each book was read, for the shelf ordered by last read.
            options.places?.clock = { Date().timeIntervalSince1970 }
        }
        // Covers come from the freedesktop thumbnails file managers share; with remembering
        // off, Folio adds none of its own.
        options.thumbnailRoot = CoverThumbnails.standardRoot()
        options.writesThumbnails = settings.remember && !noRemember
        options.openAtPage = openAtPage
        options.readFirstBook = oneBook
        // A PDF has no double pages to find (its shape came with its header).
        options.spreadsToFind = oneBook && page == nil && books.books.first?.isDocument == false ? [0] : []
        options.stopRequested = Interrupt.requested
        let viewer = try LiveViewer(window: window, library: books, decoder: decoder, options: options)
        try viewer.run()
        let interrupted = Interrupt.requested()
        for mark in viewer.marks {
            Console.output(JSONValue.object([("t", .number(mark.time)), ("cpu_s", .number(mark.cpuSeconds)),
                                    ("frames", .number(Double(mark.framesDrawn))),
                                    ("wakes", .number(Double(mark.wakes))), ("rss_mb", .number(mark.residentMB)),
                                    ("pss_mb", .number(mark.memory.pss)), ("private_mb", .number(mark.memory.private)),
                                    ("private_written_mb", .number(mark.memory.written))]).serialized())
        }
        // Everything kept is written by now (the places, a capture, the trace): the program
        // ends at once, its window with it, without waiting for a page being decoded, a
        // thumbnail being written (it lands under a temporary name) or the GPU driver's
        // teardown. The decoder workers end with it (they die with their parent).
        if interrupted { Console.error("interrupted; the viewer closed.") }
        _exit(interrupted ? FolioError.Exit.interrupted.rawValue : 0)
    }
}