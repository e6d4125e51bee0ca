import CSDL2

/// An SDL call failed; `description` is one sentence with SDL's own reason.
public struct SDLError: Error, CustomStringConvertible {
    public let description: String

    init(_ what: String) {
        description = "\(what): \(String(cString: SDL_GetError()))."
    }

    init(message: String) {
        description = message
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
            guard SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0 else { throw SDLError("SDL could not start its video subsystem") }
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
