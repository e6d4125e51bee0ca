import CSDL2
import FolioCore
import FolioLibrary

extension FolioError {
    /// An SDL call failed: `what` with SDL's own reason, as one sentence. Window, renderer
    /// and video failures mean no display (exit 3); writing a file is an output failure.
    package static func sdl(_ what: String, _ exit: Exit = .noDisplay) -> FolioError {
        FolioError(exit, "\(what): \(String(cString: SDL_GetError())).")
    }
}

/// Starts SDL's video subsystem once per process, headless or on a display.
public enum SDLVideo {
    /// The viewer's shaders, compiled by Mesa on the CPU at the first frame (about 0.1 s of
    /// it), kept between launches in Folio's own cache folder: `folio/mesa-shaders` under
    /// `cacheHome` (`$XDG_CACHE_HOME`), made as real folders (`WriteFolder`: no link followed),
    /// Mesa's own files inside. Nothing is set when the user chose Mesa's cache settings
    /// themselves, or when the folder cannot be made (the cache then stays off). Call before
    /// `start`; true when the cache is kept there.
    @discardableResult
    public static func keepShaders(inCache cacheHome: String?) -> Bool {
        let chosen = ["MESA_SHADER_CACHE_DISABLE", "MESA_SHADER_CACHE_DIR", "MESA_GLSL_CACHE_DISABLE", "MESA_GLSL_CACHE_DIR"]
        guard let cacheHome, !chosen.contains(where: { getenv($0) != nil }),
              let folder = try? WriteFolder.open(["folio", "mesa-shaders"], below: cacheHome) else { return false }
        setenv("MESA_SHADER_CACHE_DIR", folder.path, 1)
        setenv("MESA_SHADER_CACHE_DISABLE", "false", 1)
        return true
    }

    /// Brings up video. `headless` selects the offscreen driver (OpenGL through Mesa, no
    /// display needed). Otherwise only drivers that show a window are tried, unless the user
    /// named one in SDL_VIDEODRIVER: SDL would fall back to its offscreen driver and the
    /// viewer would run, invisible, forever.
    ///
    /// Mesa's shader cache is turned off (`MESA_SHADER_CACHE_DISABLE=true`, unless the user
    /// set it or `keepShaders(inCache:)` kept it on), so Folio writes nothing under
    /// `$XDG_CACHE_HOME/mesa_shader_cache`: what Folio writes stays what the README lists.
    public static func start(headless: Bool) throws {
        setenv("MESA_SHADER_CACHE_DISABLE", "true", 0)
        if headless {
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
        } else {
            // The window's class is the application's id (X11's WM_CLASS, Wayland's app id),
            // as the desktop entry's StartupWMClass says, unless the user named another.
            setenv("SDL_VIDEO_X11_WMCLASS", AppIcon.id, 0)
            setenv("SDL_VIDEO_WAYLAND_WMCLASS", AppIcon.id, 0)
        }
        if !headless, getenv("SDL_VIDEODRIVER") == nil {
            let drivers = displayDrivers()
            guard !drivers.isEmpty else { throw FolioError.noDisplay("SDL has no video driver that shows a window.") }
            SDL_SetHint(SDL_HINT_VIDEODRIVER, drivers.joined(separator: ","))
        }
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0 {
            guard SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0 else { throw FolioError.sdl("SDL could not start its video subsystem") }
        }
        let formats = Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue | IMG_INIT_WEBP.rawValue)
        _ = IMG_Init(formats)
    }

    /// The video drivers compiled into SDL that need a real display, in SDL's order.
    /// Wayland is left out when it cannot have a socket (no XDG_RUNTIME_DIR and no absolute
    /// WAYLAND_DISPLAY), where its library would print an error line of its own.
    static func displayDrivers() -> [String] {
        var invisible: Set<String> = ["offscreen", "dummy", "evdev"]
        if getenv("XDG_RUNTIME_DIR") == nil, !(getenv("WAYLAND_DISPLAY").map { String(cString: $0).hasPrefix("/") } ?? false) {
            invisible.insert("wayland")
        }
        return (0..<SDL_GetNumVideoDrivers()).compactMap { SDL_GetVideoDriver($0).map { String(cString: $0) } }
            .filter { !invisible.contains($0.lowercased()) }
    }

    public static func stop() {
        IMG_Quit()
        SDL_Quit()
    }
}
