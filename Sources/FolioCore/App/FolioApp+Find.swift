/// Finding a book by its title on the shelf: every character typed there goes to the find
/// (letters, digits, signs, Shift's and the layout's own; none of them is a command on the
/// shelf). Each character glides the shelf to the first title from the book it rests on
/// (round to it again) that the text begins, or failing that one with a word that does; no
/// match leaves the shelf where it is and says so. Backspace takes a character back, Escape
/// ends the find, Enter ends it and opens the book found (as Enter on the shelf opens the
/// centred book); the find ends by itself `TitleFind.idleTime` after its last key. A key with
/// Ctrl, or a key that types nothing (an arrow), ends it and acts as it always does.
extension FolioApp {
    /// The find, while it takes keys.
    var activeFind: TitleFind? {
        guard let find = onScreen.find, find.isActive(at: time), findable else { return nil }
        return find
    }

    /// A find can start or go on: the shelf on top, still or scrolling, with books on it.
    private var findable: Bool {
        navigation.transition == nil && navigation.top === shelf && !library.books.isEmpty
    }

    /// Takes `text` typed on the shelf: it starts a find, or types into the one showing
    /// (white space alone starts none: Space opens the centred book). False where no find
    /// can be typed.
    func typeIntoFind(_ text: String) -> Bool {
        guard findable else { return false }
        guard var find = activeFind ?? (text.allSatisfy(\.isWhitespace) ? nil : TitleFind(titles: library.books.map(\.title), at: time)) else {
            return true
        }
        var typed = false
        for character in text where !character.isNewline {
            typed = find.type(character, at: time) || typed
        }
        if typed || find.text.isEmpty { seek(&find) } else { onScreen.find = find }
        return true
    }

    /// Takes `key` when it edits or ends the find showing; false leaves it to the rest (the
    /// find has then ended). A key that types is the find's: its text follows apart.
    func findKey(_ key: Key, _ modifiers: Modifiers) -> Bool {
        guard var find = activeFind else { return false }
        // Ctrl makes any key a command (Alt may be the layout's AltGr, which types).
        guard !modifiers.contains(.ctrl) else {
            onScreen.find = nil
            return false
        }
        switch KeyBindings.action(for: key, modifiers, in: .find) {
        case .erase?:
            if find.erase(at: time) { seek(&find) } else { onScreen.find = nil }
        case .open?:
            onScreen.find = nil
            if !find.notFound { route(.key(.return, [])) }
        case .close?:
            onScreen.find = nil
        default:
            guard key.types else {
                onScreen.find = nil
                return false
            }
        }
        return true
    }

    /// Glides the shelf to the book `find` finds now, from the book it rests on or is gliding
    /// to, and keeps the find.
    private func seek(_ find: inout TitleFind) {
        find.adopt(titles: library.books.map(\.title))
        let from = shelf.targetIndex
        if let index = find.match(from: from) {
            find.notFound = false
            if index != from { shelf.scroll(toBook: index, at: animationTime) }
        } else {
            find.notFound = !find.text.isEmpty
        }
        onScreen.find = find
    }

    /// What the find's line says.
    static func findLabel(_ find: TitleFind) -> String {
        find.notFound ? "No title begins with \u{201C}\(find.text)\u{201D}" : "Find: \(find.text)\u{2009}\u{258F}"
    }

    /// The find's line at the bottom of the shelf (where the first-run hint shows), while it
    /// takes keys and as it fades; nil when none shows.
    func findText() -> TextLayer? {
        guard let find = onScreen.find, findable else { return nil }
        let opacity = find.opacity(at: time)
        guard opacity > 0 else { return nil }
        let s = textSize(16, minimum: 11)
        return TextLayer(FolioApp.findLabel(find), size: s, weight: find.notFound ? .regular : .bold,
                         position: Point(x: size.width / 2, y: size.height - max(28 * size.layoutUnit, s)),
                         colour: find.notFound ? FolioApp.notFoundColour : FolioApp.textColour, opacity: opacity,
                         maxWidth: size.width * 0.94)
    }
}
