/// Keys: help first, then a find on the shelf, then the window's keys, then (mid-transition)
/// steering or holding a key for the scene being reached, else the zoom keys and the scene
/// on top. Each key is looked up once per context it may belong to. The window's keys are
/// chords or function keys everywhere (Ctrl+Q, F11, Ctrl+R, Ctrl+Shift+S) and single letters
/// only where nothing is typed: on the shelf every character typed is the find's.
extension FolioApp {
    func handleKey(_ key: Key, _ modifiers: Modifiers) {
        let window = KeyBindings.action(for: key, modifiers, in: .anywhere)
            ?? (typesNothing ? KeyBindings.action(for: key, modifiers, in: .inBook) : nil)
        // Help first: Escape hides the list of keys before it leaves fullscreen or steers.
        if window == .help || (onScreen.helpShown && KeyBindings.action(for: key, modifiers, in: .help) == .hideHelp) {
            onScreen.helpShown.toggle()
            return
        }
        // A find on the shelf next: while it shows, Escape, Enter and the keys that type are its own.
        if findKey(key, modifiers) { return }
        switch window {
        case .slowMotion?: slowMotion.toggle()
        case .fullscreen?: fullscreen.toggle()
        case .leaveFullscreen? where fullscreen: fullscreen = false
        case .quit?: quitRequested = true
        default:
            if let transition = navigation.transition {
                keyDuringTransition(key, modifiers, transition)
            } else if !typePage(key), !stripKey(key), !zoomKey(key, modifiers), !pushRegisteredScene(for: key) {
                route(.key(key, modifiers))
            }
        }
    }

    /// Nothing can be typed on the scene on top (a book, 3D or flat, or a scene above it),
    /// nor while a transition runs: single letters are the window's commands there.
    var typesNothing: Bool { navigation.transition != nil || navigation.top !== shelf }

    /// Characters typed: on the shelf the find's; where nothing is typed, "?" shows or hides
    /// the list of keys (it has no key of its own on most layouts).
    func handleText(_ text: String) {
        if typeIntoFind(text) { return }
        if typesNothing, text == Key.question.rawValue { onScreen.helpShown.toggle() }
    }

    /// Back a level (the mouse's back button, a right-click): the list of keys or the strip
    /// first, then steering a transition back, else what the scene on top calls back. On the
    /// shelf it does nothing (Escape quits there; a mouse button never does).
    func goBack() {
        if onScreen.helpShown { return onScreen.helpShown = false }
        if strip.isShown { return strip.hide() }
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
