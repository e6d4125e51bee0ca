import CSDL2
import FolioCore
import FolioLibrary

/// SDL events in Folio's terms; nothing above this file sees an SDL type.
enum EventTranslator {
    enum Translated {
        case input(InputEvent)
        /// A held key's repeat: the viewer lets it act only when it may (`HeldKeys`).
        case repeated(InputEvent)
        case app(AppEvent)
        case quit
        /// The window's size or pixel density changed.
        case windowChanged
        case none
    }

    /// The modifiers held now, as SDL last heard them. For events that do not carry their own
    /// (text, the wheel); a key's are its event's.
    static func modifiers() -> Modifiers {
        modifiers(SDL_GetModState().rawValue)
    }

    /// Folio's modifiers in SDL's `state` (a `KMOD_` mask).
    static func modifiers(_ state: UInt32) -> Modifiers {
        var m: Modifiers = []
        if state & KMOD_SHIFT.rawValue != 0 { m.insert(.shift) }
        if state & KMOD_CTRL.rawValue != 0 { m.insert(.ctrl) }
        if state & KMOD_ALT.rawValue != 0 { m.insert(.alt) }
        return m
    }

    /// `windowSize`: the window's logical size, for touch positions (SDL gives them as
    /// fractions of the window).
    static func translate(_ event: SDL_Event, windowSize: Size = Size(width: 1, height: 1)) -> Translated {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_KEYDOWN:
            let name = String(cString: SDL_GetKeyName(event.key.keysym.sym)).lowercased()
            // "?" comes as text (below): a layout with a "?" key does not toggle twice.
            guard let key = Key(rawValue: name), key != .question else { return .none }
            // A held toggle acts once (the keyboard's repeats are dropped).
            if event.key.repeat != 0 && !key.repeats { return .none }
            // The modifiers held as the key went down, not as the queue is read: a chord typed
            // fast (Ctrl+Q, its Ctrl let go before the loop reads the Q) is still a chord.
            let input = InputEvent.key(key, modifiers(UInt32(event.key.keysym.mod)))
            return event.key.repeat != 0 ? .repeated(input) : .input(input)
        case SDL_TEXTINPUT:
            // What the keys typed, as the layout makes it ("?" is Shift+/ on most; AltGr's
            // characters too). With Ctrl held a key is a command, never text.
            guard !modifiers().contains(.ctrl) else { return .none }
            let text = withUnsafeBytes(of: event.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !text.isEmpty, text.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control }) else { return .none }
            return .input(.text(text))
        case SDL_MOUSEWHEEL:
            var dx = Double(event.wheel.preciseX), dy = Double(event.wheel.preciseY)
            if event.wheel.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) {
                dx = -dx
                dy = -dy
            }
            return .input(.wheel(dx: dx, dy: dy, modifiers: modifiers()))
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return .input(.pointerDown(Point(x: Double(event.button.x), y: Double(event.button.y))))
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_RIGHT) || event.button.button == UInt8(SDL_BUTTON_X1):
            // A right-click, or the mouse's back button (X11's button 8): back a level.
            return .input(.back)
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return .input(.pointerUp(Point(x: Double(event.button.x), y: Double(event.button.y))))
        case SDL_MOUSEMOTION:
            return .input(.pointerMoved(Point(x: Double(event.motion.x), y: Double(event.motion.y))))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let phase: TouchPhase = event.type == SDL_FINGERDOWN.rawValue ? .down : event.type == SDL_FINGERUP.rawValue ? .up : .move
            let x = Double(event.tfinger.x), y = Double(event.tfinger.y)
            guard x.isFinite, y.isFinite else { return .none }
            // Finger ids are the driver's; kept small and non-negative, as scripts take them.
            let finger = Int(truncatingIfNeeded: event.tfinger.fingerId) & InputScript.maxFinger
            return .input(.touch(phase, finger: finger,
                                 at: Point(x: clamp(x, 0, 1) * windowSize.width, y: clamp(y, 0, 1) * windowSize.height)))
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_LEAVE: return .input(.pointerLeft)
            // Shown and moved too: the window manager has framed it (`ViewerWindow.fitOnScreen`).
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_DISPLAY_CHANGED,
                 SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_MOVED: return .windowChanged
            default: return .none
            }
        case SDL_DROPFILE, SDL_DROPTEXT:
            // SDL hands over a copy of the path for us to free, whatever we do with it.
            guard let file = event.drop.file else { return .none }
            defer { SDL_free(file) }
            guard SDL_EventType(event.type) == SDL_DROPFILE,
                  strnlen(file, FolioApp.maxDropPathBytes + 1) <= FolioApp.maxDropPathBytes else {
                return .none
            }
            return .app(.dropped(path: FileName.string(cString: file)))
        default:
            return .none
        }
    }
}
