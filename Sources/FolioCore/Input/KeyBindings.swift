/// The one table of key bindings. The scenes, the app's mid-transition handling and the live
/// viewer look keys up here; `--help`, the README's key table and its test are rendered from
/// it, so they cannot drift apart.
public enum KeyBindings {
    /// Every row: the built-in ones, then the registered scenes' (`SceneCatalog`).
    public static let all: [KeyBinding] = builtIn + SceneCatalog.entries.flatMap { [$0.binding] + $0.bindings }

    static let builtIn: [KeyBinding] = [
        KeyBinding(keys: [.right], context: .shelf, action: .next, help: "scroll to the next book"),
        KeyBinding(keys: [.left], context: .shelf, action: .previous, help: "scroll to the previous book"),
        KeyBinding(keys: [.home, .end], context: .shelf, action: .first, help: "first book, last book"),
        KeyBinding(keys: [.return, .space], context: .shelf, action: .open, help: "open the centred book"),
        KeyBinding(keys: [.escape, .backspace], context: .shelf, action: .close, help: "a series alone: back to the whole library"),
        KeyBinding(keys: [.tab], context: .shelf, action: .order,
                   help: "order: last read, title, added, as listed"),
        KeyBinding(typing: "Any character", context: .shelf, action: .find,
                   help: "find a book by its title's first letters (or a word's in it)"),
        KeyBinding(typing: "Any character", context: .find, action: .find,
                   help: "type more (the find ends 2 s after the last key)"),
        KeyBinding(keys: [.backspace], context: .find, action: .erase, help: "take a character back (none left: end the find)"),
        KeyBinding(keys: [.return], context: .find, action: .open, help: "open the book found, if one was"),
        KeyBinding(keys: [.escape], context: .find, action: .close, help: "end the find (the shelf stays)"),
        KeyBinding(keys: [.right, .pagedown, .space], context: .book, action: .next, help: "turn a leaf forward (Left if right to left)"),
        KeyBinding(keys: [.left, .pageup], context: .book, action: .previous, help: "turn a leaf back (Right if right to left)"),
        KeyBinding(keys: [.home], context: .book, action: .first, help: "the cover"),
        KeyBinding(keys: [.end], context: .book, action: .last, help: "the last page"),
        KeyBinding(keys: [.return], context: .book, action: .read, help: "lay the book flat to read it"),
        KeyBinding(keys: [.p], context: .book, action: .shiftPairing, help: "shift the page pairing by one (spreads)"),
        KeyBinding(keys: [.m], context: .book, action: .flipDirection, help: "right to left (manga) on/off, remembered"),
        KeyBinding(keys: Key.digitsOneToNine, context: .book, action: .typePage, help: "type a page number, then Enter to go there"),
        KeyBinding(keys: [.escape, .backspace], context: .book, action: .close, help: "close the book"),
        KeyBinding(keys: [.right, .pagedown, .space], context: .reading, action: .next,
                   help: "turn a leaf forward (Left if right to left)"),
        KeyBinding(keys: [.left, .pageup], context: .reading, action: .previous, help: "turn a leaf back (Right if right to left)"),
        KeyBinding(keys: [.home], context: .reading, action: .first, help: "the cover"),
        KeyBinding(keys: [.end], context: .reading, action: .last, help: "the last page"),
        KeyBinding(keys: [.p], context: .reading, action: .shiftPairing, help: "shift the page pairing by one (spreads)"),
        KeyBinding(keys: [.m], context: .reading, action: .flipDirection, help: "right to left (manga) on/off, remembered"),
        KeyBinding(keys: [.d], context: .reading, action: .pageMode,
                   help: "pages: automatic, one at a time, two side by side (remembered)"),
        KeyBinding(keys: [.w], context: .reading, action: .fit, help: "fit: the whole page, its width, its height (remembered)"),
        KeyBinding(keys: [.c], context: .reading, action: .continuous, help: "continuous scroll on/off (remembered)"),
        KeyBinding(keys: [.down], context: .reading, action: .scrollDown,
                   help: "fit width: scroll down the page, then turn (also Space, PageDown, the wheel down)"),
        KeyBinding(keys: [.up], context: .reading, action: .scrollUp,
                   help: "fit width: scroll up the page, then turn back (also PageUp, the wheel up)"),
        KeyBinding(keys: Key.digitsOneToNine, context: .reading, action: .typePage, help: "type a page number, then Enter to go there"),
        KeyBinding(keys: [.escape, .backspace], context: .reading, action: .close, help: "back to the book in 3D"),
        KeyBinding(keys: [.left, .right], modifiers: [.alt], context: .reading, action: .history, help: "back where a jump left, forward"),
        KeyBinding(keys: [.equals, .plus, .keypadPlus], modifiers: [[], .ctrl], context: .reading, action: .zoomIn,
                   help: "zoom in at the pointer, up to 4x (also Ctrl+=)"),
        KeyBinding(keys: [.minus, .keypadMinus], modifiers: [[], .ctrl], context: .reading, action: .zoomOut,
                   help: "zoom out (also Ctrl+-)"),
        KeyBinding(keys: [.zero, .keypadZero], modifiers: [[], .ctrl], context: .reading, action: .zoomReset,
                   help: "the whole spread again (also Ctrl+0)"),
        KeyBinding(keys: [.return, .space], context: .transition, action: .steerOpen, help: "steer on: the book opening, or lying flat"),
        KeyBinding(keys: [.escape, .backspace], context: .transition, action: .steerClose, help: "steer back the way it came"),
        KeyBinding(keys: [.s], modifiers: [[.ctrl, .shift]], context: .anywhere, action: .slowMotion,
                   help: "slow motion on/off (10x slower)"),
        KeyBinding(keys: [.r], modifiers: [.ctrl], context: .anywhere, action: .capture, help: "start/stop capturing input to a script"),
        KeyBinding(keys: [.f11], context: .anywhere, action: .fullscreen, help: "fullscreen on/off"),
        KeyBinding(keys: [.escape], context: .anywhere, action: .leaveFullscreen, help: "leave fullscreen (before anything else)"),
        KeyBinding(keys: [.q], modifiers: [.ctrl], context: .anywhere, action: .quit, help: "quit"),
        KeyBinding(keys: [.f1], context: .anywhere, action: .help, help: "show/hide the list of keys"),
        KeyBinding(keys: [.q], context: .inBook, action: .quit, help: "quit"),
        KeyBinding(keys: [.f], context: .inBook, action: .fullscreen, help: "fullscreen on/off"),
        KeyBinding(keys: [.question], context: .inBook, action: .help, help: "show/hide the list of keys"),
        KeyBinding(keys: [.t], context: .book, action: .thumbnails, help: "the thumbnail strip (also the bottom edge)"),
        KeyBinding(keys: [.t], context: .reading, action: .thumbnails, help: "the thumbnail strip (also the bottom edge)"),
        KeyBinding(keys: [.right, .left], context: .strip, action: .next,
                   help: "select the next or previous page (the other way right to left)"),
        KeyBinding(keys: [.home, .end], context: .strip, action: .first, help: "select the first or last page"),
        KeyBinding(keys: [.return], context: .strip, action: .goToSelected, help: "go to the selected page, riffling the leaves"),
        KeyBinding(keys: [.escape, .t], context: .strip, action: .close, help: "hide the strip"),
        KeyBinding(keys: [.tab], context: .inBook, action: .contents, help: "the contents (also a top-left button)"),
        KeyBinding(typing: "/", context: .inBook, action: .search, help: "search the text (then N, Shift+N)"),
        KeyBinding(keys: [.escape], context: .help, action: .hideHelp, help: "hide the list of keys"),
    ]

    /// Mouse and wheel input, described for `--help` and the README (handled by the pinch
    /// recognizer and the pointer tracker, not by key lookups).
    public static let pointer: [(input: String, where: String, help: String)] = [
        ("Wheel up/down", "shelf, book",
         "pinch: up goes deeper (open the centred book, lay it flat); down comes back a step (the shelf: to the grid)"),
        ("Wheel down/up", "reading, library", "read: down goes forward (fit width: down the page first), up back"),
        ("Ctrl+wheel", "shelf, book, reading, library", "the pinch; reading, zoom at the pointer, out past the fit to 3D"),
        ("Shift+wheel, tilt wheel", "shelf, book, reading", "scroll the shelf; turn pages in a book"),
        ("Drag", "shelf, book, reading, library", "scroll the shelf; in a book the leaf follows, or the zoomed spread pans"),
        ("Click", "shelf, book, reading, library",
         "open the centred book, centre a side one; in a book, right half forward, left half back (the other way right to left)"),
        ("Double-click, middle", "book, reading", "in the 3D book, lay it flat; flat, zoom in at the pointer or back out"),
        ("Right-click, back button", "book, reading", "back a level: flat to 3D, book to shelf"),
        ("Two fingers (touch)", "shelf, book, reading, library", "pinch: spread to go deeper, in to go back"),
        ("One finger (touch)", "shelf, book, reading", "tap and swipe as with the mouse"),
    ]

    /// The action `key` has in `bindings` (a registered scene's own rows), if any.
    public static func action(for key: Key, _ modifiers: Modifiers = [], in bindings: [KeyBinding]) -> KeyAction? {
        bindings.first { $0.matches(key, modifiers) }?.action
    }

    /// The action `key` pressed with `modifiers` has in `context`, if any.
    public static func action(for key: Key, _ modifiers: Modifiers = [], in context: KeyContext) -> KeyAction? {
        all.first { $0.context == context && $0.matches(key, modifiers) }?.action
    }

    /// The action typed text has in `context` (the find's), if any.
    public static func typingAction(in context: KeyContext) -> KeyAction? {
        all.first { $0.context == context && $0.label != nil }?.action
    }

    /// A key's name as people read it.
    public static func name(_ key: Key) -> String {
        switch key {
        case .return: return "Enter"
        case .escape: return "Escape"
        case .pageup: return "PageUp"
        case .pagedown: return "PageDown"
        case _ where Key.letters.contains(key): return key.rawValue.uppercased()
        case .f11: return "F11"
        default: return key.rawValue.prefix(1).uppercased() + key.rawValue.dropFirst()
        }
    }

    /// A chord's modifiers as people read them, "Ctrl+Shift+" ("" for none).
    static func prefix(_ modifiers: Modifiers) -> String {
        (modifiers.contains(.ctrl) ? "Ctrl+" : "") + (modifiers.contains(.alt) ? "Alt+" : "") + (modifiers.contains(.shift) ? "Shift+" : "")
    }

    /// How the key that does `action` is pressed, as the table names it ("Ctrl+Shift+S"):
    /// what help text elsewhere quotes, so it never names another key than the table.
    public static func names(of action: KeyAction) -> String {
        all.first { $0.action == action }.map(names) ?? "?"
    }

    static func names(_ binding: KeyBinding) -> String {
        if let label = binding.label { return label }
        // The digit keys read as what they are.
        if binding.action == .typePage { return "Digits" }
        // The first way of pressing them names them; the help says the others.
        let prefix = prefix(binding.modifiers.first ?? [])
        return binding.keys.map { prefix + name($0) }.joined(separator: ", ")
    }

    /// Headings for `--help`, one per context.
    static func heading(_ context: KeyContext) -> String { context.heading }

    /// The table as plain text for `--help` (and the man page made from it): every line
    /// under 80 columns, so nothing rewraps it; a long row continues under its words.
    public static var helpText: String {
        let column = 31, width = 79
        func row(_ input: String, _ help: String) -> [String] {
            let keys = "  " + input.padding(toLength: max(input.count + 2, column - 2), withPad: " ", startingAt: 0)
            // The words wrap in the room the keys leave on the first line (the same for all
            // rows but one with longer keys).
            let words = Sentence.wrapped(help, width: width - keys.count)
            return [keys + words[0]] + words.dropFirst().map { String(repeating: " ", count: keys.count) + $0 }
        }
        var lines: [String] = []
        for context in KeyContext.allCases {
            lines.append(heading(context))
            lines += all.filter { $0.context == context }.flatMap { row(names($0), $0.help) }
        }
        lines.append("Pointer:")
        lines += pointer.flatMap { row($0.input, $0.help) }
        return lines.joined(separator: "\n")
    }

    /// The table as Markdown, for the README.
    public static var markdownTable: String {
        var lines = ["| Input | Where | What it does |", "|---|---|---|"]
        lines += all.map { "| \(names($0)) | \($0.context.rawValue) | \($0.help) |" }
        lines += pointer.map { "| \($0.input) | \($0.where) | \($0.help) |" }
        return lines.joined(separator: "\n")
    }
}
