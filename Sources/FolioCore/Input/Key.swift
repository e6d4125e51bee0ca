/// Keys Folio responds to; raw values are SDL's key names, lower-cased.
public enum Key: String, CaseIterable, Sendable {
    case right, left
    case `return`, escape, space, backspace
    case home, end, pageup, pagedown
    case s, r, p, m
    case f11, f, q
    /// The help keys: "?" arrives as typed text, whatever the keyboard layout.
    case question = "?", f1
    /// Zoom keys: "=" is also "+" with Shift (and Ctrl+= with Ctrl); "+" is a key of its own on
    /// some layouts; then the keypad's.
    case equals = "=", plus = "+", minus = "-", zero = "0"
    case keypadPlus = "keypad +", keypadMinus = "keypad -", keypadZero = "keypad 0"

    /// Keys that act again while held (turning pages, zooming step by step). The others
    /// toggle or leave something (fullscreen, help, open, quit) and act once a press: a key
    /// the keyboard repeats, or a slow desktop delivers late, must not toggle back.
    public var repeats: Bool {
        switch self {
        case .right, .left, .pageup, .pagedown, .space, .backspace,
             .equals, .plus, .minus, .keypadPlus, .keypadMinus: return true
        default: return false
        }
    }
}
