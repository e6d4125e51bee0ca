import CSDL2
import Testing
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioSDL

/// Keys from SDL's events: what they type as text (the find's on the shelf; "?" for help in
/// a book) apart from the keys themselves, F1 as a key; the zoom keys by
/// the names SDL gives them, the keypad's too.
@Suite struct EventTranslatorTests {
    static func text(_ s: String) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_TEXTINPUT.rawValue
        withUnsafeMutableBytes(of: &event.text.text) { bytes in
            for (i, b) in s.utf8.prefix(bytes.count - 1).enumerated() { bytes[i] = b }
        }
        return event
    }

    static func key(_ code: Int32) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_KEYDOWN.rawValue
        event.key.keysym.sym = code
        return event
    }

    static func key(of event: SDL_Event) -> Key? {
        switch EventTranslator.translate(event) {
        case .input(.key(let key, _)), .repeated(.key(let key, _)): return key
        default: return nil
        }
    }

    @Test func aHeldToggleActsOnceAndAHeldArrowKeepsTurning() {
        var f11 = Self.key(Int32(SDLK_F11.rawValue))
        #expect(Self.key(of: f11) == .f11)
        f11.key.repeat = 1
        #expect(Self.key(of: f11) == nil)
        var right = Self.key(Int32(SDLK_RIGHT.rawValue))
        if case .input(.key(.right, _)) = EventTranslator.translate(right) {} else { Issue.record("Right pressed is not a key") }
        right.key.repeat = 1
        #expect(Self.key(of: right) == .right)
        // Held, it is a repeat, which the viewer may hold back (`HeldKeys`).
        if case .repeated(.key(.right, _)) = EventTranslator.translate(right) {} else { Issue.record("Right held is not a repeat") }
        var escape = Self.key(Int32(SDLK_ESCAPE.rawValue))
        escape.key.repeat = 1
        #expect(Self.key(of: escape) == nil)
    }

    /// A key carries the modifiers held as it went down, whatever is held as the queue is
    /// read: Ctrl+Q read after its Ctrl was let go (SDL holds none now) is still Ctrl+Q, and
    /// a Q pressed alone is a Q while Ctrl is held by then.
    @Test func aKeyKeepsTheModifiersItWentDownWith() {
        var q = Self.key(Int32(SDLK_q.rawValue))
        q.key.keysym.mod = UInt16(KMOD_LCTRL.rawValue)
        SDL_SetModState(KMOD_NONE)
        #expect(Self.input(of: q) == .key(.q, .ctrl))
        q.key.keysym.mod = UInt16(KMOD_LSHIFT.rawValue | KMOD_LCTRL.rawValue)
        #expect(Self.input(of: q) == .key(.q, [.ctrl, .shift]))
        q.key.keysym.mod = 0
        SDL_SetModState(KMOD_LCTRL)
        defer { SDL_SetModState(KMOD_NONE) }
        #expect(Self.input(of: q) == .key(.q, []))
    }

    static func input(of event: SDL_Event) -> InputEvent? {
        if case .input(let input) = EventTranslator.translate(event) { return input }
        return nil
    }

    static func button(_ button: Int32, down: Bool = true) -> SDL_Event {
        var event = SDL_Event()
        event.type = (down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP).rawValue
        event.button.button = UInt8(button)
        return event
    }

    /// What the keys type arrives as text, whatever it is ("?", a letter, a sign, a letter
    /// the layout makes); nothing typed, or a control character, is no event.
    @Test func typedCharactersAreText() {
        for typed in ["?", "s", "/", "é", "Q", "ü-", "…"] {
            #expect(Self.input(of: Self.text(typed)) == .text(typed), "\(typed)")
        }
        #expect(Self.input(of: Self.text("")) == nil)
        #expect(Self.input(of: Self.text("\u{7}")) == nil)
    }

    /// Letters by their keys as well (a book binds some); "/" has no key of its own.
    @Test func lettersAreKeysToo() {
        #expect(Self.key(of: Self.key(Int32(SDLK_a.rawValue))) == .a)
        #expect(Self.key(of: Self.key(Int32(SDLK_z.rawValue))) == .z)
        #expect(Self.key(of: Self.key(Int32(SDLK_q.rawValue))) == .q)
        #expect(Self.key(of: Self.key(Int32(SDLK_SLASH.rawValue))) == nil)
    }

    /// A right-click and the mouse's back button go back a level; a left press is the pointer's.
    @Test func theRightButtonAndTheBackButtonGoBack() {
        #expect(Self.input(of: Self.button(Int32(SDL_BUTTON_RIGHT))) == .back)
        #expect(Self.input(of: Self.button(Int32(SDL_BUTTON_X1))) == .back)
        #expect(Self.input(of: Self.button(Int32(SDL_BUTTON_RIGHT), down: false)) == nil, "once a click, on the press")
        #expect(Self.input(of: Self.button(Int32(SDL_BUTTON_MIDDLE))) == nil)
        if case .pointerDown? = Self.input(of: Self.button(Int32(SDL_BUTTON_LEFT))) {} else { Issue.record("a left press is the pointer's") }
    }

    @Test func f1IsAKeyAndAQuestionMarkKeyDoesNotCountTwice() {
        #expect(Self.key(of: Self.key(Int32(SDLK_F1.rawValue))) == .f1)
        #expect(Self.key(of: Self.key(Int32(SDLK_QUESTION.rawValue))) == nil)
        #expect(Self.key(of: Self.key(Int32(SDLK_SLASH.rawValue))) == nil)
    }

    @Test func theZoomKeysAreKnownByTheirSDLNames() {
        let keys: [(SDL_KeyCode, Key)] = [
            (SDLK_EQUALS, .equals), (SDLK_PLUS, .plus), (SDLK_MINUS, .minus), (SDLK_0, .zero),
            (SDLK_KP_PLUS, .keypadPlus), (SDLK_KP_MINUS, .keypadMinus), (SDLK_KP_0, .keypadZero),
        ]
        for (code, key) in keys {
            #expect(Self.key(of: Self.key(Int32(code.rawValue))) == key, "\(key)")
        }
        // The keypad's other keys stay unknown.
        #expect(Self.key(of: Self.key(Int32(SDLK_KP_ENTER.rawValue))) == nil)
        #expect(Self.key(of: Self.key(Int32(SDLK_KP_PERIOD.rawValue))) == nil)
    }

    /// The digits that type a page number, the row's and the keypad's, each its digit.
    @Test func theDigitKeysAreKnownByTheirSDLNames() {
        let row = [SDLK_1, SDLK_2, SDLK_3, SDLK_4, SDLK_5, SDLK_6, SDLK_7, SDLK_8, SDLK_9]
        let pad = [SDLK_KP_1, SDLK_KP_2, SDLK_KP_3, SDLK_KP_4, SDLK_KP_5, SDLK_KP_6, SDLK_KP_7, SDLK_KP_8, SDLK_KP_9]
        for (i, (a, b)) in zip(row, pad).enumerated() {
            #expect(Self.key(of: Self.key(Int32(a.rawValue)))?.digit == i + 1)
            #expect(Self.key(of: Self.key(Int32(b.rawValue)))?.digit == i + 1)
        }
    }
}
