/// Finding a book by its title on the shelf: a letter the shelf does not bind (or "/", with
/// nothing typed yet) starts a find, and while it shows every letter, digit and space goes
/// to it, S, R, F and Q too. Each key glides the shelf to the first title from the book it
/// rests on (round to it again) that the text begins, or failing that one with a word that
/// does; no match leaves the shelf where it is and says so. Backspace takes a character
/// back, Escape ends the find, Enter ends it and opens the book found (as Enter on the shelf
/// opens the centred book); the find ends by itself `TitleFind.idleTime` after its last key.
/// A key with Ctrl or Alt, or any other key, ends it and acts as it always does.
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

    /// True when `key` pressed at `time` would go to a find (the live viewer asks before R
    /// starts a capture).
    public func findTakes(_ key: Key, _ modifiers: Modifiers, at time: Double) -> Bool {
        guard findable, modifiers.isDisjoint(with: [.ctrl, .alt]) else { return false }
        if let find = onScreen.find, find.isActive(at: time), KeyBindings.action(for: key, in: .find) != nil { return true }
        return KeyBindings.action(for: key, in: .shelf) == .find
    }

    /// Takes `key` when it starts, edits or ends a find; false leaves it to the rest (a find
    /// showing has then ended).
    func findKey(_ key: Key, _ modifiers: Modifiers) -> Bool {
        guard findTakes(key, modifiers, at: time) else {
            if activeFind != nil { onScreen.find = nil }
            return false
        }
        if var find = activeFind, let action = KeyBindings.action(for: key, in: .find) {
            switch action {
            case .find:
                if let character = key.typed, find.type(character, at: time) { seek(&find) } else { onScreen.find = find }
            case .erase:
                if find.erase(at: time) { seek(&find) } else { onScreen.find = nil }
            case .open:
                onScreen.find = nil
                if !find.notFound { route(.key(.return, [])) }
            default:
                onScreen.find = nil
            }
            return true
        }
        // A new find: a letter typed, or "/" with nothing typed yet.
        var find = TitleFind(titles: library.books.map(\.title), at: time)
        if let character = key.typed, key != .slash { _ = find.type(character, at: time) }
        seek(&find)
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
