/// One row of the table: keys (each with the modifiers it needs), where, what, and the words
/// people read.
public struct KeyBinding: Sendable {
    public let keys: [Key]
    /// The modifiers the keys are pressed with, one set per way of pressing them (`[[]]`:
    /// on their own; `[[], .ctrl]`: on their own or with Ctrl). Shift counts only where a
    /// set names it; Ctrl and Alt always count, so Ctrl+Q is never Q.
    public let modifiers: [Modifiers]
    public let context: KeyContext
    public let action: KeyAction
    public let help: String
    /// What the row's input is called when it is not a list of keys (typed text).
    public let label: String?

    public init(keys: [Key], modifiers: [Modifiers] = [[]], context: KeyContext, action: KeyAction, help: String) {
        self.keys = keys
        self.modifiers = modifiers
        self.context = context
        self.action = action
        self.help = help
        label = nil
    }

    /// A row of many keys named in a few words ("Arrows, PageUp/Down, Home, End"), so the
    /// list of keys stays short; the scene tells them apart.
    public init(keys: [Key], modifiers: [Modifiers] = [[]], named label: String, context: KeyContext, action: KeyAction, help: String) {
        self.keys = keys
        self.modifiers = modifiers
        self.context = context
        self.action = action
        self.help = help
        self.label = label
    }

    /// A row for typed text (no key of its own: `InputEvent.text`).
    public init(typing label: String, context: KeyContext, action: KeyAction, help: String) {
        keys = []
        modifiers = [[]]
        self.context = context
        self.action = action
        self.help = help
        self.label = label
    }

    /// `key` pressed with `held` is one of this row's.
    public func matches(_ key: Key, _ held: Modifiers) -> Bool {
        keys.contains(key) && modifiers.contains { KeyBinding.chord($0, matches: held) }
    }

    /// `held` presses the chord `wanted`: the same Ctrl and Alt, and Shift if it names it.
    static func chord(_ wanted: Modifiers, matches held: Modifiers) -> Bool {
        let counted: Modifiers = [.ctrl, .alt]
        return held.intersection(counted) == wanted.intersection(counted) && (!wanted.contains(.shift) || held.contains(.shift))
    }
}
