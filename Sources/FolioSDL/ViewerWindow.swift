import CSDL2
import FolioCore
import FolioDecoding
import Foundation

/// The viewer's window and its SDL renderer, opened before the viewer itself: opening them is
/// most of a launch's fixed cost (Mesa and LLVM start up inside `SDL_CreateRenderer`, about
/// 35 ms on the CPU renderer), so `folio view` does it while the library's books are measured
/// on another thread (`BookShapes.Measuring`). The renderer and window are destroyed with it.
public final class ViewerWindow {
    let window: OpaquePointer
    let renderer: OpaquePointer

    /// A resizable, HiDPI-aware window of `width`×`height` points with a renderer (vsync where
    /// the display has it). Throws `FolioError.sdl` when there is no display or no renderer.
    /// A `hidden` window is made ready (Mesa started, its shaders compiled) but shows only
    /// at `show()`: what it is to show may still be loading, or fail.
    public init(width: Int, height: Int, hidden: Bool = false) throws {
        try SDLVideo.start(headless: false)
        let shown = hidden ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | shown
        let centred = Int32(0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED
        // Touch arrives as finger events only (TouchTracker makes one finger the pointer),
        // not also as SDL's synthesized mouse, which would drag while two fingers pinch.
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        guard let window = SDL_CreateWindow("Folio", centred, centred, Int32(width), Int32(height), flags) else {
            throw FolioError.sdl("The window could not be opened")
        }
        SDL_SetWindowMinimumSize(window, 320, 240)
        let rendererFlags = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        guard let renderer = SDL_CreateRenderer(window, -1, rendererFlags) ?? SDL_CreateRenderer(window, -1, 0) else {
            SDL_DestroyWindow(window)
            throw FolioError.sdl("No renderer could be created for the window")
        }
        self.window = window
        self.renderer = renderer
    }

    /// `size` fitted to the first display's usable area (the desktop less its panels, less a
    /// title bar): a window that would run off the screen is made smaller. SDL's video must
    /// be started; with no display to ask (the offscreen driver), `size` as it is.
    public static func fitting(_ size: Size) -> Size {
        guard let driver = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }), driver != "offscreen", driver != "dummy" else { return size }
        var usable = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(0, &usable) == 0 else { return size }
        return size.fitted(within: Size(width: Double(usable.w), height: Double(usable.h)))
    }

    /// Shows a window made hidden.
    /// True when a quit is waiting in SDL's queue: SDL's handler turned a Ctrl-C or SIGTERM
    /// into one while the window was being made, before the viewer chained its own
    /// (`Interrupt.chain`).
    public func quitIsPending() -> Bool {
        SDL_PumpEvents()
        return SDL_PeepEvents(nil, 0, SDL_PEEKEVENT, SDL_QUIT.rawValue, SDL_QUIT.rawValue) > 0
    }

    public func show() {
        SDL_ShowWindow(window)
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }
}
