/// The window's keys as a modal context, always on the stack: chords or function keys
/// everywhere (Ctrl+Q, F11, Ctrl+Shift+S; Escape leaves fullscreen first), and single letters
/// (Q, F) only where nothing is typed. It stands under the find, whose typing comes first, and
/// over a book's typed page number and strip.
final class WindowContext: ModalContext {
    let keyContext = KeyContext.anywhere
    let level = ModalLevel.window

    /// What `key` does to the window here (the help key included, which the list of keys
    /// answers over everything).
    static func action(for key: Key, _ modifiers: Modifiers, in app: any AppHost) -> KeyAction? {
        KeyBindings.action(for: key, modifiers, in: .anywhere)
            ?? (app.typesNothing ? KeyBindings.action(for: key, modifiers, in: .inBook) : nil)
    }

    func key(_ key: Key, _ modifiers: Modifiers, in app: any AppHost) -> Bool {
        switch WindowContext.action(for: key, modifiers, in: app) {
        case .slowMotion?: app.send(.toggleSlowMotion)
        case .fullscreen?: app.send(.toggleFullscreen)
        case .leaveFullscreen? where app.window.fullscreen: app.send(.leaveFullscreen)
        case .quit?: app.send(.quit)
        default: return false
        }
        return true
    }
}
