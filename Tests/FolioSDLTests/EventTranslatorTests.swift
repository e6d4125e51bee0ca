import CSDL2
import Testing
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioSDL

/// Keys from SDL's events: "?" as typed text on any layout, F1 as a key; the zoom keys by
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
        if case .input(.key(let key, _)) = EventTranslator.translate(event) { return key }
        return nil
    }

    @Test func aHeldToggleActsOnceAndAHeldArrowKeepsTurning() {
        var f11 = Self.key(Int32(SDLK_F11.rawValue))
        #expect(Self.key(of: f11) == .f11)
        f11.key.repeat = 1
        #expect(Self.key(of: f11) == nil)
        var right = Self.key(Int32(SDLK_RIGHT.rawValue))
        right.key.repeat = 1
        #expect(Self.key(of: right) == .right)
        var escape = Self.key(Int32(SDLK_ESCAPE.rawValue))
        escape.key.repeat = 1
        #expect(Self.key(of: escape) == nil)
    }

    @Test func aTypedQuestionMarkIsTheHelpKeyAndOtherTextIsIgnored() {
        #expect(Self.key(of: Self.text("?")) == .question)
        #expect(Self.key(of: Self.text("s")) == nil)
        #expect(Self.key(of: Self.text("??")) == nil)
        #expect(Self.key(of: Self.text("")) == nil)
    }

    /// Letters by their keys (a find on the shelf types them), "/" as typed text, as "?" is:
    /// the "/" key with Shift, typing "?", does not also start a find.
    @Test func lettersAreKeysAndASlashIsTypedText() {
        #expect(Self.key(of: Self.key(Int32(SDLK_a.rawValue))) == .a)
        #expect(Self.key(of: Self.key(Int32(SDLK_z.rawValue))) == .z)
        #expect(Self.key(of: Self.key(Int32(SDLK_s.rawValue))) == .s)
        #expect(Self.key(of: Self.text("/")) == .slash)
        #expect(Self.key(of: Self.key(Int32(SDLK_SLASH.rawValue))) == nil)
        #expect(Self.key(of: Self.text("a")) == nil, "a letter counts once, by its key")
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
