/// Keys Folio responds to; raw values are SDL's key names, lower-cased.
public enum Key: String, CaseIterable, Sendable {
    case right, left, up, down
    /// Tab types nothing: the shelf takes it (the order of its books), and a book (its
    /// contents).
    case `return`, escape, space, backspace, tab
    case home, end, pageup, pagedown
    case s, r, p, m, d, t, w
    case f11, f, q
    /// The other letters: keys a scene may bind. (What a key types arrives apart, as
    /// `InputEvent.text`; on the shelf that goes to the find, and no letter is a command.)
    case a, b, c, e, g, h, i, j, k, l, n, o, u, v, x, y, z
    /// The help keys: "?" arrives as typed text, whatever the keyboard layout (a script may
    /// name it as a key).
    case question = "?", f1
    /// Zoom keys: "=" is also "+" with Shift (and Ctrl+= with Ctrl); "+" is a key of its own on
    /// some layouts; then the keypad's.
    case equals = "=", plus = "+", minus = "-", zero = "0"
    case keypadPlus = "keypad +", keypadMinus = "keypad -", keypadZero = "keypad 0"
    /// Digits, typed in a book to go to a page (0, with its keypad twin above, also zooms).
    case one = "1", two = "2", three = "3", four = "4", five = "5", six = "6", seven = "7", eight = "8", nine = "9"
    case keypadOne = "keypad 1", keypadTwo = "keypad 2", keypadThree = "keypad 3", keypadFour = "keypad 4"
    case keypadFive = "keypad 5", keypadSix = "keypad 6", keypadSeven = "keypad 7", keypadEight = "keypad 8"
    case keypadNine = "keypad 9"

    /// The digit this key types, if it is one.
    public var digit: Int? {
        switch self {
        case .zero, .keypadZero: return 0
        case .one, .keypadOne: return 1
        case .two, .keypadTwo: return 2
        case .three, .keypadThree: return 3
        case .four, .keypadFour: return 4
        case .five, .keypadFive: return 5
        case .six, .keypadSix: return 6
        case .seven, .keypadSeven: return 7
        case .eight, .keypadEight: return 8
        case .nine, .keypadNine: return 9
        default: return nil
        }
    }

    /// The digit keys 1 to 9, the row's then the keypad's.
    public static let digitsOneToNine: [Key] = allCases.filter { ($0.digit ?? 0) > 0 }

    /// The letter keys, a to z.
    public static let letters: [Key] = allCases.filter { $0.rawValue.count == 1 && $0.rawValue >= "a" && $0.rawValue <= "z" }
        .sorted { $0.rawValue < $1.rawValue }

    /// The key types a character too (its text arrives as `InputEvent.text`): a letter, a
    /// digit, a sign, Space.
    public var types: Bool {
        digit != nil || self == .space || Key.letters.contains(self)
            || [.question, .equals, .plus, .minus, .keypadPlus, .keypadMinus].contains(self)
    }

    /// Keys that act again while held (turning pages, zooming step by step). The others
    /// toggle or leave something (fullscreen, help, open, quit) and act once a press: a key
    /// the keyboard repeats, or a slow desktop delivers late, must not toggle back.
    public var repeats: Bool {
        switch self {
        case .right, .left, .up, .down, .pageup, .pagedown, .space, .backspace,
             .equals, .plus, .minus, .keypadPlus, .keypadMinus: return true
        default: return false
        }
    }
}
