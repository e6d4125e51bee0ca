import CSDL2
import FolioCore

extension FolioError {
    /// An SDL call failed: `what` with SDL's own reason, as one sentence. Window, renderer
    /// and video failures mean no display (exit 3); writing a file is an output failure.
    static func sdl(_ what: String, _ exit: Exit = .noDisplay) -> FolioError {
        FolioError(exit, "\(what): \(String(cString: SDL_GetError())).")
    }
}

/// Starts SDL's video subsystem once per process, headless or on a display.
public enum SDLVideo {
    /// Brings up video. `headless` selects the offscreen driver (OpenGL through Mesa, no
    /// display needed).
    public static func start(headless: Bool) throws {
        if headless {
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
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

    /// Page decodes allocate and free tens of megabytes; a fixed mmap threshold hands those
    /// back to the system instead of letting glibc's heap grow to hold them.
    public static func tuneMemory() {
        _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
    }

    public static func stop() {
        IMG_Quit()
        SDL_Quit()
    }
}
