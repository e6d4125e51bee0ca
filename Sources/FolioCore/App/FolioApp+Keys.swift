/// Keys: the help key first (the list of keys shows over everything), then the modal
/// contexts from the top of their stack down (the list of keys, a find on the shelf, the
/// window's keys, steering a transition in flight, a typed page number, the strip), else a
/// registered scene's key and the scene on top.
/// On the shelf every character typed is the find's.
extension FolioApp {
    func handleKey(_ key: Key, _ modifiers: Modifiers) {
        if WindowContext.action(for: key, modifiers, in: self) == .help { return toggleHelp() }
        if modals.answer({ $0.key(key, modifiers, in: self) }) || pushRegisteredScene(for: key) { return }
        send(.input(.key(key, modifiers)))
    }

    func toggleHelp() {
        if let help = modals.first(HelpContext.self) { modals.remove(help) } else { modals.push(HelpContext()) }
    }

    /// Characters typed: on the shelf the find's; where nothing is typed, "?" shows or hides
    /// the list of keys (it has no key of its own on most layouts).
    func handleText(_ text: String) {
        if modals.answer({ $0.text(text, in: self) }) || FindContext.start(text, in: self) { return }
        if typesNothing, text == Key.question.rawValue { toggleHelp() }
        if typesNothing, text == "/" { _ = SearchContext.start(in: self) }
    }

    /// Back a level (the mouse's back button, a right-click): a modal context that closes
    /// (the list of keys, the strip) or steers a transition back first, else what the scene
    /// on top calls back. On the shelf it does nothing (Escape quits there; a mouse button
    /// never does).
    func goBack() {
        if modals.answer({ $0.back(in: self) }) { return }
        if let request = navigation.top.back { send(request) }
    }

    /// Plays the keys that waited for a transition on the scene it reached, then what was to
    /// follow it (the reading view after an opening); a transition that turned back drops both.
    func transitionEnded(finished: Bool) {
        let keys = modals.first(SteeringContext.self)?.ended(finished: finished) ?? []
        if finished { for (key, modifiers) in keys { send(.input(.key(key, modifiers))) } }
        doors.transitionEnded(finished: finished, at: animationTime)
    }
}
