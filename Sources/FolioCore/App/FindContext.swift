/// Finding a book by its title on the shelf or the library grid (`TitleFinding`): every
/// character typed there goes to the find
/// (letters, digits, signs, Shift's and the layout's own; none of them is a command on the
/// shelf). Each character glides the shelf to the first title from the book it rests on
/// (round to it again) that the text begins, or failing that one with a word that does; no
/// match leaves the shelf where it is and says so. Backspace takes a character back, Escape
/// ends the find, Enter ends it and opens the book found (as Enter on the shelf opens the
/// centred book); the find ends by itself `TitleFind.idleTime` after its last key, and leaves
/// the stack once its line has faded. A key with Ctrl, or a key that types nothing (an
/// arrow), ends it and goes on to the contexts under it.
final class FindContext: ModalContext {
    let keyContext = KeyContext.find
    let level = ModalLevel.find
    private(set) var find: TitleFind

    private init(_ find: TitleFind) {
        self.find = find
    }

    /// A find can start or go on: the shelf or the grid on top, still or scrolling, with books on it.
    static func findable(in app: any AppHost) -> Bool {
        app.navigation.transition == nil && app.navigation.top is any TitleFinding && !app.library.books.isEmpty
    }

    /// Starts a find with `text` typed on the shelf (white space alone starts none, and is
    /// taken: Space opens the centred book as a key). False where no find can be typed.
    static func start(_ text: String, in app: any AppHost) -> Bool {
        guard findable(in: app) else { return false }
        guard !text.allSatisfy(\.isWhitespace) else { return true }
        let context = FindContext(TitleFind(titles: shelfTitles(in: app), at: app.clock.time))
        app.modals.push(context)
        context.type(text, in: app)
        return true
    }

    /// Types into the find while it takes keys; once it no longer does, a new find begins
    /// in its place (its line fading meanwhile unless something is typed).
    func text(_ text: String, in app: any AppHost) -> Bool {
        guard FindContext.findable(in: app) else { return false }
        if !find.isActive(at: app.clock.time) {
            guard !text.allSatisfy(\.isWhitespace) else { return true }
            find = TitleFind(titles: FindContext.shelfTitles(in: app), at: app.clock.time)
        }
        type(text, in: app)
        return true
    }

    private func type(_ text: String, in app: any AppHost) {
        var typed = false
        for character in text where !character.isNewline {
            typed = find.type(character, at: app.clock.time) || typed
        }
        if typed || find.text.isEmpty { seek(in: app) }
    }

    /// Edits or ends the find while it takes keys. A key that types is the find's: its text
    /// follows apart.
    func key(_ key: Key, _ modifiers: Modifiers, in app: any AppHost) -> Bool {
        guard find.isActive(at: app.clock.time), FindContext.findable(in: app) else { return false }
        // Ctrl makes any key a command (Alt may be the layout's AltGr, which types).
        guard !modifiers.contains(.ctrl) else {
            app.modals.remove(self)
            return false
        }
        switch KeyBindings.action(for: key, modifiers, in: .find) {
        case .erase?:
            if find.erase(at: app.clock.time) { seek(in: app) } else { app.modals.remove(self) }
        case .open?:
            app.modals.remove(self)
            if !find.notFound { app.send(.input(.key(.return, []))) }
        case .close?:
            app.modals.remove(self)
        default:
            guard key.types else {
                app.modals.remove(self)
                return false
            }
        }
        return true
    }

    /// The titles in the order of the scene on top (`TitleFinding.findTitles`).
    static func shelfTitles(in app: any AppHost) -> [String] {
        (app.navigation.top as? any TitleFinding)?.findTitles ?? []
    }

    /// Glides the shelf (or the grid) to the book the find finds now, from the book it rests
    /// on or is gliding to, on along its order.
    private func seek(in app: any AppHost) {
        guard let scene = app.navigation.top as? any TitleFinding else { return }
        find.adopt(titles: FindContext.shelfTitles(in: app))
        let from = scene.findPlace
        if let slot = find.match(from: from) {
            find.notFound = false
            if slot != from { scene.find(goTo: slot, at: app.clock.animationTime) }
        } else {
            find.notFound = !find.text.isEmpty
        }
    }

    func holds(in app: any AppHost) -> Bool {
        find.opacity(at: app.clock.time) > 0 && FindContext.findable(in: app)
    }

    func isChanging(in app: any AppHost) -> Bool { find.opacity(at: app.clock.time) > 0 }

    /// What the find's line says.
    static func label(_ find: TitleFind) -> String {
        find.notFound ? "No title begins with \u{201C}\(find.text)\u{201D}" : "Find: \(find.text)\u{2009}\u{258F}"
    }

    /// The find's line at the bottom of the shelf (where the first-run hint shows), while it
    /// takes keys and as it fades; nil when none shows.
    func line(in app: any AppHost, words: ScreenWords) -> TextLayer? {
        guard FindContext.findable(in: app) else { return nil }
        let opacity = find.opacity(at: app.clock.time)
        guard opacity > 0 else { return nil }
        let size = app.window.size, s = words.textSize(16, minimum: 11)
        return TextLayer(FindContext.label(find), size: s, weight: find.notFound ? .regular : .bold,
                         position: Point(x: size.width / 2, y: size.height - max(28 * size.layoutUnit, s)),
                         colour: find.notFound ? ScreenWords.notFoundColour : ScreenWords.textColour, opacity: opacity,
                         maxWidth: size.width * 0.94)
    }
}
