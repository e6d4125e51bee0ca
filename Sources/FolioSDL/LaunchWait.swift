import CSDL2
import FolioCore
import FolioLibrary

/// The window while the library is read at launch: nothing shows for the first moment (a
/// library read sooner opens straight on the shelf); after `LaunchScreen.showAfter` the
/// window shows the books by name as they are read (`LaunchScreen`), redrawn a few times a
/// second. Events are answered every 20 ms whatever the reading does (a worker that stalls
/// holds up only its book): closing the window, Ctrl+Q or a signal ends the wait at once.
/// Keys typed meanwhile are kept and handed to the shelf once it shows, in order, as a
/// program that is busy takes what was typed ahead.
public enum LaunchWait {
    public enum Outcome: Equatable, Sendable {
        /// The library is read.
        case ready
        /// The reader asked to quit (the window's close button, Ctrl+Q, a signal).
        case quit
    }

    /// Milliseconds the wait sleeps for an event between looks at the reading.
    static let tick: Int32 = 20

    /// Wakes the wait at once (the reading is done): safe on any thread.
    public static func wake() {
        var event = SDL_Event()
        event.type = SDL_USEREVENT.rawValue
        SDL_PushEvent(&event)
    }

    /// Waits in `window` until `isReady()`, showing `progress` once the wait is long.
    public static func wait(in window: ViewerWindow, progress: LibraryLoadProgress, until isReady: () -> Bool) -> Outcome {
        let start = SDL_GetTicks64()
        var painter: TextPainter?
        defer { painter?.close() }
        // Fitted to the display once the window manager has framed it (`fitOnScreen`).
        var fitted: Bool?
        var lastDrawn: (reading: LibraryReading, size: Size, at: UInt64)?
        var event = SDL_Event()
        var typed: [SDL_Event] = []
        while !isReady() {
            if SDL_WaitEventTimeout(&event, tick) != 0 {
                repeat {
                    if asksToQuit(event) { return .quit }
                    if isTyping(event), typed.count < maxTyped { typed.append(event) }
                } while SDL_PollEvent(&event) != 0
            }
            let now = SDL_GetTicks64()
            guard Double(now - start) / 1000 >= LaunchScreen.showAfter else { continue }
            if painter == nil {
                window.show()
                painter = TextPainter(sdlRenderer: window.renderer, typeface: Typeface.bundled())
            }
            if fitted == nil { fitted = window.fitOnScreen() }
            let reading = progress.reading, size = window.size
            if let last = lastDrawn, last.reading == reading, last.size == size,
               Double(now - last.at) / 1000 < LaunchScreen.redrawEvery { continue }
            if let painter { draw(LaunchScreen.drawList(reading, size: size), in: window, painter: painter) }
            lastDrawn = (reading, size, now)
        }
        giveBack(typed)
        return .ready
    }

    /// Most key events kept while the books are read.
    static let maxTyped = 64

    /// A key pressed or let go, or text typed.
    static func isTyping(_ event: SDL_Event) -> Bool {
        [SDL_KEYDOWN.rawValue, SDL_KEYUP.rawValue, SDL_TEXTINPUT.rawValue].contains(event.type)
    }

    /// Puts `typed` back at the head of the event queue, before what came since, in order.
    static func giveBack(_ typed: [SDL_Event]) {
        guard !typed.isEmpty else { return }
        var since: [SDL_Event] = [], event = SDL_Event()
        while SDL_PollEvent(&event) != 0 { since.append(event) }
        for var event in typed + since { SDL_PushEvent(&event) }
    }

    /// A window's close, Ctrl+Q (or Ctrl+W), or the quit a signal makes.
    static func asksToQuit(_ event: SDL_Event) -> Bool {
        switch event.type {
        case SDL_QUIT.rawValue:
            return true
        case SDL_WINDOWEVENT.rawValue:
            return event.window.event == UInt8(SDL_WINDOWEVENT_CLOSE.rawValue)
        case SDL_KEYDOWN.rawValue:
            let key = event.key.keysym
            return key.sym == Int32(SDLK_q.rawValue) && UInt32(key.mod) & KMOD_CTRL.rawValue != 0
        default:
            return false
        }
    }

    private static func draw(_ list: DrawList, in window: ViewerWindow, painter: TextPainter) {
        let r = window.renderer
        let scale = window.pixelScale
        let bg = list.background
        SDL_SetRenderDrawColor(r, UInt8(bg.r * 255), UInt8(bg.g * 255), UInt8(bg.b * 255), 255)
        SDL_RenderClear(r)
        Renderer.fill(list.bands, with: r, pixelScale: scale)
        painter.beginFrame()
        for line in list.texts { painter.draw(line, pixelScale: scale) }
        SDL_RenderPresent(r)
    }
}
