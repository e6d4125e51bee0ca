import CSDL2
import FolioCore
import FolioDecoding
import FolioLibrary
import Foundation

/// The windowed viewer: a resizable, HiDPI-aware window running `FolioApp` on the real
/// clock, with optional input capture and a live state trace.
public final class LiveViewer {
    public private(set) var marks: [Mark] = []
    private var wakes = 0

    private let display: ViewerWindow
    private var window: OpaquePointer { display.window }
    private var sdlRenderer: OpaquePointer { display.renderer }
    private let renderer: Renderer
    let app: any ViewedApp
    /// Drops are read off this thread.
    let drops: DropReader
    /// The library's folder watched for books arriving, and the arrivals being read (read as
    /// drops are, and added without moving the shelf).
    let watch: FolderWatch?
    var arriving: Set<String> = []
    /// Books opened before their page shapes were known, measured off this thread.
    private let measures: OffWindowWork<(index: Int, book: Book), (Int, Book)>
    /// Remembered places are written off this thread.
    private let placeWriter: PlaceWriter?
    let options: Options
    /// The trace's file, written on a thread of its own (a slow disk or a FIFO's reader never
    /// holds a frame up).
    private var trace: OutputFile.QueuedWriter?
    /// Writes the trace's lines to `trace`, a line only when the state changed.
    private var traceWriter: TraceWriter?
    var capture: InputCapture?
    /// The captures this run wrote (a capture started again may replace its own file).
    var capturesWritten: Set<String> = []
    /// Captures stopped with Ctrl+R, written off this thread (an hour of input is megabytes
    /// of JSON): the path written, or why not.
    let captureWrites = OffWindowWork<HandedCapture, (path: String, failure: String?)>(name: "folio-capture") { handed in
        do {
            try handed.capture.close()
            return (handed.capture.path, nil)
        } catch {
            return (handed.capture.path, "\(error)")
        }
    }
    /// Whether a key may turn yet, pressed or held (`HeldKeys`).
    private var heldKeys = HeldKeys()
    /// The hand over a link, the arrow elsewhere.
    private let cursor = PointerCursor()
    /// What the window shows now, as last applied from the app.
    private var windowFullscreen = false
    private var windowTitle = "Folio"
    /// The window manager's frame was known and the window fitted to the screen with it.
    private var framed = false
    /// Books whose spreads are still to be found (`Options.spreadsToFind`).
    private lazy var spreadsToFind = options.spreadsToFind

    /// Opens the window and runs `library` in it.
    package convenience init(library: Library, decoder: any PageDecoder, options: Options) throws {
        try self.init(window: ViewerWindow(width: options.width, height: options.height), library: library, decoder: decoder,
                      options: options)
    }

    /// Runs `library` in a window already open (`ViewerWindow`), which the viewer then owns;
    /// `decoder` reads and decodes every file of a user's (and of a dropped library).
    package init(window display: ViewerWindow, library: Library, decoder: any PageDecoder, options: Options) throws {
        self.options = options
        self.display = display
        let window = display.window, r = display.renderer
        LiveViewer.readUTF8()
        renderer = Renderer(sdlRenderer: r, library: library, decoding: .background, decoder: decoder, cacheBytes: options.cacheBytes,
                            thumbnails: options.thumbnailRoot.map {
                                CoverThumbnails(root: $0, writes: options.writesThumbnails, decoder: decoder)
                            })
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        app = FolioApp(library: library, size: Size(width: Double(w), height: Double(h)), slowMotion: options.slowMotion,
                       places: options.places)
        app.everyBookRightToLeft = options.rightToLeft
        DocumentWork.attach(to: app, decoder: decoder)
        // Drops are read by the drop reader only: the app is never handed the loader to call.
        drops = DropReader(load: { path in
            var result = try LibraryLoader.load(path, decoder: decoder)
            result.library = BookShapes.measured(result.library, decoder: decoder)
            return result
        }, keys: options.places != nil)
        watch = options.watchedFolder.flatMap { FolderWatch(root: $0) }
        measures = OffWindowWork(name: "folio-measure") { wanted in (wanted.index, BookShapes.shaped(wanted.book, decoder: decoder)) }
        placeWriter = options.placeStore.map(PlaceWriter.init)
        if let path = options.tracePath {
            // Written in place: a FIFO or a device stays what it is.
            let file = try OutputFile.QueuedWriter(path: path, streams: true, overwrite: options.overwrite)
            trace = file
            traceWriter = TraceWriter(changesOnly: true) { try file.write($0) }
        }
        if let path = options.capturePath {
            capture = try InputCapture(path: path, size: app.size, start: app.captureStart, library: options.library,
                                       overwrite: options.overwrite)
            app.capturing = true
        }
    }

    deinit {
        watch?.stop()
        try? capture?.close()
        // A decode held up in a stalled worker does not hold up quitting.
        renderer.close(patience: LiveViewer.closingPatience)
    }

    static let closingPatience = 0.1  // seconds quitting waits for a page being decoded (Ctrl+Q answers within 0.15 s)

    /// Xlib converts window titles through the C library's character set, which is ASCII
    /// until a program sets one, so a book's title beyond ASCII would never reach the title
    /// bar: take the user's, or C.UTF-8 when theirs is not UTF-8. Done once the renderer has
    /// made the window for good, so its first title stays a plain string (what tools that
    /// search windows by name read), and before the decoding thread starts.
    private static func readUTF8() {
        func isUTF8() -> Bool {
            String(cString: nl_langinfo(nl_item(CODESET))).uppercased().replacingOccurrences(of: "-", with: "") == "UTF8"
        }
        if setlocale(LC_CTYPE, "") != nil, isUTF8() { return }
        _ = setlocale(LC_CTYPE, "C.UTF-8")
    }

    func now() -> Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }

    private func syncSize() {
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        SDL_GetRendererOutputSize(sdlRenderer, &pw, &ph)
        let size = Size(width: Double(max(w, 1)), height: Double(max(h, 1)))
        if size != app.size { handle(.resize(size)) }
        renderer.configure(pixelScale: Double(pw) / Double(max(w, 1)), windowSize: app.size)
    }

    private func handle(_ event: InputEvent) {
        let t = now()
        app.handle(event, at: t)
        capture?.record(event, at: t, size: app.size)
    }

    /// Runs until the window closes or Escape is pressed on the shelf.
    public func run() throws {
        let start = now()
        var frame = 0
        syncSize()
        var event = SDL_Event()
        var drawn = false
        /// The heap was trimmed since the last frame drawn.
        var trimmed = false
        if options.readFirstBook {
            app.update(at: now())
            app.read(book: 0, atPage: options.openAtPage, at: now())
        } else if let page = options.openAtPage {
            app.update(at: now())
            app.open(book: 0, atPage: page, at: now())
        }
        var pendingMarks = options.markTimes.sorted()[...]
        var lastPresent = -Double.infinity
        let frameInterval = 1 / refreshRate()
        /// The trace's failed write, thrown once the viewer has closed as usual.
        var failure: (any Error)?
        running: while !options.stopRequested() {
            // At rest, with the frame on screen final, sleep until an event arrives (or a
            // page texture, or a benchmark's mark or end is due); while anything moves, don't
            // wait at all. A wait that ends with nothing new draws nothing.
            if app.isAtRest && drawn && !heldKeys.isWaiting && !renderer.textOwed {
                if !trimmed, renderer.texturesSettled {
                    // Come to rest: what decoding and evicting freed goes back to the system.
                    ProcessHeap.returnFreedMemory()
                    trimmed = true
                }
                let due = [[pendingMarks.first, options.quitAfter].compactMap { $0 }.min().map { $0 - (now() - start) },
                           renderer.secondsUntilWorkersRest(at: now())].compactMap { $0 }.min()
                switch rest(until: due, event: &event) {
                case .event:
                    if !dispatch(event) { break running }
                case .texture:
                    break
                case .nothing:
                    renderer.restWorkersIfStill(at: now())
                    noteMarks(&pendingMarks, start: start, frame: frame)
                    if quitIsDue(start: start) { break running }
                    continue running
                }
            }
            noteMarks(&pendingMarks, start: start, frame: frame)
            if quitIsDue(start: start) { break running }
            while SDL_PollEvent(&event) == 1 {
                if !dispatch(event) { break running }
            }
            adoptDrops()
            adoptCaptureWrites()
            if let press = heldKeys.due(app: app, at: now(), canShow: renderer.canShow) { handle(press) }
            app.update(at: now())
            measureBooks()
            if app.quitRequested { break }
            applyWindowState()
            if app.isAtRest { savePlaces() }
            renderer.draw(app)
            SDL_RenderPresent(sdlRenderer)
            // No faster than the display refreshes: where presenting does not wait for it
            // (no vsync, the offscreen driver), frames would pile up in a software renderer's
            // queue and cost the CPU long after they were shown.
            let elapsed = now() - lastPresent
            if elapsed < frameInterval { SDL_Delay(UInt32((frameInterval - elapsed) * 1000)) }
            lastPresent = now()
            drawn = true
            trimmed = false
            if traceWriter != nil {
                do {
                    // Only frames whose state changed (the writer compares, frame number and time aside).
                    try traceWriter?.write(app.trace(frame: frame, t: now() - start))
                } catch {
                    failure = error
                    break running
                }
            }
            if options.exitWhenReadable, isReadable {
                Console.output("readable")
                break
            }
            if options.exitAfterFirstFrame {
                // Unbuffered, so a test reading the pipe sees it before the process exits.
                Console.output("first-frame")
                break
            }
            frame += 1
        }
        app.rememberPlace()
        savePlaces()
        placeWriter?.flush()
        // A capture stopped with Ctrl+R is written before the program ends.
        _ = captureWrites.waitUntilDone(timeout: 60)
        adoptCaptureWrites()
        for line in placeWriter?.takeWarnings() ?? [] { Console.warning(line) }
        try capture?.close()
        if let failure { throw failure }
        try trace?.close()
    }

    /// What ended a wait at rest.
    enum Wake: Equatable {
        /// An SDL event (in the event passed to `rest`).
        case event
        /// A page texture can be made, or a placeholder is still due.
        case texture
        /// The time given ran out, or the look at SDL's queue found nothing.
        case nothing
    }

    /// Drivers with no display, hence no input but a quit (Ctrl-C). SDL 2.26 sleeps until an
    /// event arrives only on drivers that implement it (x11, wayland, windows, cocoa); on
    /// these its wait looks at the queue every millisecond (1.6 % of a core doing nothing),
    /// so the loop looks 4 times a second instead when nothing else wakes it. A display
    /// without the wait (kmsdrm) keeps SDL's, for input without delay.
    static let driversWithoutInput: Set<String> = ["offscreen", "dummy"]
    static let unattendedLook = 0.25  // seconds

    /// True when the loop sleeps at rest on the decode worker, looking at SDL's queue every
    /// `unattendedLook` seconds, rather than in SDL's own wait.
    private lazy var restsOnWorker: Bool = {
        guard let name = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }) else { return false }
        return Self.driversWithoutInput.contains(name)
    }()

    /// Sleeps at rest until an event, a page texture or `due` seconds from now (nil: no
    /// deadline).
    private func rest(until due: Double?, event: inout SDL_Event) -> Wake {
        defer { wakes += 1 }
        let settled = renderer.texturesSettled
        guard restsOnWorker else {
            // While a texture is on its way, look again every frame.
            let waited: Int32
            if !settled {
                waited = SDL_WaitEventTimeout(&event, 16)
            } else if let due {
                waited = SDL_WaitEventTimeout(&event, Int32(clamping: Int(max(due, 0) * 1000) + 1))
            } else {
                waited = SDL_WaitEvent(&event)
            }
            return waited == 1 ? .event : settled ? .nothing : .texture
        }
        let limit = min(max(due ?? .infinity, 0), Self.unattendedLook)
        if settled {
            usleep(UInt32(limit * 1e6))
        } else if renderer.waitForTextures(timeout: limit) {
            return .texture
        }
        return SDL_PollEvent(&event) == 1 ? .event : .nothing
    }

    /// True when `--quit-after`'s time has come; says so, and whether a page was decoding.
    private func quitIsDue(start: Double) -> Bool {
        guard let end = options.quitAfter, now() - start >= end else { return false }
        Console.output(renderer.texturesSettled ? "quit" : "quit decoding")
        return true
    }

    /// The reading view on top and still (its page number may fade yet), every page drawn whole.
    private var isReadable: Bool {
        guard app.navigation.transition == nil, let reading = app.reading, app.navigation.top === reading else { return false }
        return reading.isAtRest && renderer.lastTextureWork.waiting == 0 && renderer.lastTextureWork.lowres == 0
    }

    /// Notes the marks that are due (the benchmark's idle measurement).
    private func noteMarks(_ pending: inout ArraySlice<Double>, start: Double, frame: Int) {
        while let mark = pending.first, now() - start >= mark {
            pending.removeFirst()
            marks.append(Mark(time: now() - start, cpuSeconds: ProcessMemory.cpuSeconds(), framesDrawn: frame, wakes: wakes,
                              residentMB: ProcessMemory.megabytes("VmRSS"), memory: ProcessMemory.rollup()))
        }
    }

    /// The window's display refresh rate, hertz (60 when the display does not say).
    private func refreshRate() -> Double {
        var mode = SDL_DisplayMode()
        let display = SDL_GetWindowDisplayIndex(window)
        guard display >= 0, SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate >= 24 else { return 60 }
        return Double(min(mode.refresh_rate, 240))
    }

    /// Fullscreen and the title as the app wants them.
    private func applyWindowState() {
        if app.fullscreen != windowFullscreen {
            windowFullscreen = app.fullscreen
            if SDL_SetWindowFullscreen(window, windowFullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0) != 0 {
                Console.warning(
                    "the window could not \(windowFullscreen ? "enter" : "leave") fullscreen (\(String(cString: SDL_GetError()))).")
            }
            syncSize()
        }
        let title = app.title
        if title != windowTitle {
            windowTitle = title
            SDL_SetWindowTitle(window, title)
        }
        cursor.show(renderer.pointer)
        if let address = app.addressToOpen {
            app.addressToOpen = nil
            AddressOpener.open(address)
        }
    }

    /// Hands the places to the writer when they changed, and prints what earlier writes had
    /// to say (a failure is one warning).
    private func savePlaces() {
        guard let writer = placeWriter else { return }
        for line in writer.takeWarnings() { Console.warning(line) }
        guard let places = app.places, places.needsSaving else { return }
        writer.save(places.places)
        // Written or not, the same places are not tried again until they change.
        places.saved()
    }

    /// False when the app should stop.
    private func dispatch(_ event: SDL_Event) -> Bool {
        switch EventTranslator.translate(event, windowSize: app.size) {
        case .quit: return false
        case .windowChanged:
            // Once framed, a window too large for the screen with its frame is made smaller.
            if !framed, display.fitOnScreen() != nil { framed = true }
            syncSize()
        case .input(let input):
            // Ctrl+R starts or stops a capture (a find never takes a key with Ctrl).
            if case .key(let key, let modifiers) = input, KeyBindings.action(for: key, modifiers, in: .anywhere) == .capture {
                toggleCapture()
                return true
            }
            heldKeys.press(input, app: app, at: now(), canShow: renderer.canShow, act: handle)
        case .repeated(let input):
            if heldKeys.repeatActs(input, app: app, at: now(), canShow: renderer.canShow) { handle(input) }
        case .app(.dropped(let path)):
            // Read off this thread (a path refused unread included); `adoptDrops` adds what
            // it held, or says why not, once it is read.
            drops.read(path)
        case .none: break
        }
        return true
    }

    /// Hands the books the app opened unmeasured to the measuring thread, and gives the app
    /// the shapes measured so far (an open book takes its own at once).
    private func measureBooks() {
        for wanted in app.takeShapesWanted() { measures.add(wanted) }
        // Spreads are looked for once the first pages show: both workers decode them first.
        if app.isAtRest, !spreadsToFind.isEmpty {
            for index in spreadsToFind where app.library.books.indices.contains(index) { measures.add((index, app.library.books[index])) }
            spreadsToFind = []
        }
        for (index, book) in measures.take() { app.adopt(shape: book, ofBook: index) }
    }
}
