import CSDL2
import Testing
@testable import FolioLibrary
@testable import FolioSDL

/// The window while the books are read at launch: keys typed meanwhile are not lost.
@Suite(.serialized)
struct LaunchWaitTests {
    /// A key event of `type` for `key`.
    static func key(_ type: SDL_EventType, _ key: SDL_KeyCode) -> SDL_Event {
        var event = SDL_Event()
        event.type = type.rawValue
        event.key.keysym.sym = Int32(key.rawValue)
        return event
    }

    /// Right, then Return, typed while the books are still being read, reach the shelf once
    /// it shows, in that order and before what came after; Ctrl+Q is not kept but ends the
    /// wait.
    @Test func keysTypedWhileTheBooksAreReadAreHandedOnInOrder() throws {
        let window = try ViewerWindow(width: 320, height: 200, hidden: true)
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {}
        for var typed in [Self.key(SDL_KEYDOWN, SDLK_RIGHT), Self.key(SDL_KEYUP, SDLK_RIGHT), Self.key(SDL_KEYDOWN, SDLK_RETURN)] {
            SDL_PushEvent(&typed)
        }
        var looks = 0
        let outcome = LaunchWait.wait(in: window, progress: LibraryLoadProgress(library: "books")) {
            looks += 1
            guard looks > 3 else { return false }
            // Typed as the books are read, after the wait last looked at the keys.
            var later = Self.key(SDL_KEYDOWN, SDLK_LEFT)
            SDL_PushEvent(&later)
            return true
        }
        #expect(outcome == .ready)
        var seen: [String] = []
        while SDL_PollEvent(&event) != 0 {
            guard event.type == SDL_KEYDOWN.rawValue || event.type == SDL_KEYUP.rawValue else { continue }
            let name = String(cString: SDL_GetKeyName(event.key.keysym.sym))
            seen.append((event.type == SDL_KEYDOWN.rawValue ? "↓" : "↑") + name)
        }
        #expect(seen == ["↓Right", "↑Right", "↓Return", "↓Left"])

        var quit = Self.key(SDL_KEYDOWN, SDLK_q)
        quit.key.keysym.mod = UInt16(KMOD_LCTRL.rawValue)
        SDL_PushEvent(&quit)
        #expect(LaunchWait.wait(in: window, progress: LibraryLoadProgress(library: "books")) { false } == .quit)
        while SDL_PollEvent(&event) != 0 {}
    }
}
