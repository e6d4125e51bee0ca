/// Keys: the help key first (the list of keys shows over everything), then the modal
/// contexts from the top of their stack down (the list of keys, a find on the shelf, the
/// window's keys, a typed page number, the strip), then (mid-transition) steering or holding
/// a key for the scene being reached, else a registered scene's key and the scene on top.
/// On the shelf every character typed is the find's.
extension FolioApp {
    func handleKey(_ key: Key, _ modifiers: Modifiers) {
        if WindowContext.action(for: key, modifiers, in: self) == .help { return toggleHelp() }
        if modals.answer({ $0.key(key, modifiers, in: self) }) { return }
        if let transition = navigation.transition {
            keyDuringTransition(key, modifiers, transition)
        } else if !pushRegisteredScene(for: key) {
            route(.key(key, modifiers))
        }
    }

    func toggleHelp() {
        if helpShown { modals.remove(help) } else { modals.push(help) }
    }

    /// Nothing can be typed on the scene on top (a book, 3D or flat, or a scene above it),
    /// nor while a transition runs: single letters are the window's commands there.
    var typesNothing: Bool { navigation.transition != nil || navigation.top !== shelf }

    /// Characters typed: on the shelf the find's; where nothing is typed, "?" shows or hides
    /// the list of keys (it has no key of its own on most layouts).
    func handleText(_ text: String) {
        if modals.answer({ $0.text(text, in: self) }) || FindContext.start(text, in: self) { return }
        if typesNothing, text == Key.question.rawValue { toggleHelp() }
    }

    /// Back a level (the mouse's back button, a right-click): a modal context that closes
    /// (the list of keys, the strip) first, then steering a transition back, else what the
    /// scene on top calls back. On the shelf it does nothing (Escape quits there; a mouse
    /// button never does).
    func goBack() {
        if modals.answer({ $0.back(in: self) }) { return }
        if let transition = navigation.transition {
            pinch.letGo()
            navigation.steer(forward: transition.operation == .pop, at: animationTime)
            return
        }
        if let request = navigation.top.back { carryOut(request) }
    }

    /// Enter and Escape steer a transition; a key that moves the scene being reached waits
    /// for it (a page key pressed while the book opens turns the page once it is open).
    private func keyDuringTransition(_ key: Key, _ modifiers: Modifiers, _ transition: Transition) {
        switch KeyBindings.action(for: key, in: .transition) {
        case let steer? where steer == .steerOpen || steer == .steerClose:
            pinch.letGo()
            navigation.steer(forward: (steer == .steerOpen) == (transition.operation == .push), at: animationTime)
        default:
            guard let action = KeyBindings.action(for: key, in: transition.context.to.inputContext),
                  [.next, .previous, .first, .last].contains(action),
                  pendingKeys.count < FolioApp.maxPendingKeys else { return }
            pendingKeys.append((key, modifiers))
        }
    }

    /// Plays the keys that waited for a transition on the scene it reached; a transition
    /// that turned back drops them.
    func transitionEnded(finished: Bool) {
        let keys = pendingKeys
        pendingKeys.removeAll()
        let next = afterOpening
        afterOpening = nil
        guard finished else { return }
        for (key, modifiers) in keys { route(.key(key, modifiers)) }
        if next == .openReading { openReading() }
    }
}
