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
        ViewerWindow.setIcon(of: window)
        let rendererFlags = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        guard let renderer = SDL_CreateRenderer(window, -1, rendererFlags) ?? SDL_CreateRenderer(window, -1, 0) else {
            SDL_DestroyWindow(window)
            throw FolioError.sdl("No renderer could be created for the window")
        }
        self.window = window
        self.renderer = renderer
    }

    /// Makes the window smaller, and centres it, when it and the frame the window manager
    /// put around it run past its display's usable area (the desktop less its panels): a
    /// 1280×800 window with a title bar on a 1280×800 screen. True when it was resized, false
    /// when it fits; nil while its frame is not known yet (the window manager has not framed
    /// it) or there is no display to ask.
    public func fitOnScreen() -> Bool? {
        var top: Int32 = 0, left: Int32 = 0, bottom: Int32 = 0, right: Int32 = 0
        var usable = SDL_Rect(), w: Int32 = 0, h: Int32 = 0
        let display = SDL_GetWindowDisplayIndex(window)
        guard SDL_GetWindowBordersSize(window, &top, &left, &bottom, &right) == 0, display >= 0,
              SDL_GetDisplayUsableBounds(display, &usable) == 0 else { return nil }
        SDL_GetWindowSize(window, &w, &h)
        let frame = Size(width: Double(left + right), height: Double(top + bottom))
        let size = Size(width: Double(w), height: Double(h))
        let fitted = size.fitted(within: Size(width: Double(usable.w), height: Double(usable.h)), frame: frame)
        guard fitted != size else { return false }
        let fw = Int32(fitted.width), fh = Int32(fitted.height)
        SDL_SetWindowSize(window, fw, fh)
        SDL_SetWindowPosition(window, usable.x + left + (usable.w - fw - left - right) / 2,
                              usable.y + top + (usable.h - fh - top - bottom) / 2)
        return true
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

    /// The window's size, points.
    var size: Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Size(width: Double(max(w, 1)), height: Double(max(h, 1)))
    }

    /// Pixels per point (2 on a HiDPI display).
    var pixelScale: Double {
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        return Double(pw) / Double(max(w, 1))
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }
}

extension ViewerWindow {
    /// Gives the window its icon (`AppIcon`, 64 pixels a side; the window manager scales it).
    static func setIcon(of window: OpaquePointer) {
        var pixels = AppIcon.pixels(size: 64)
        pixels.withUnsafeMutableBytes { bytes in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(bytes.baseAddress, 64, 64, 32, 64 * 4,
                                                                  SDL_PIXELFORMAT_ABGR8888.rawValue) else { return }
            SDL_SetWindowIcon(window, surface)
            SDL_FreeSurface(surface)
        }
    }
}
