/// Keys: help first, then a find on the shelf, then the window's keys, then (mid-transition)
/// steering or holding a key for the scene being reached, else the zoom keys and the scene
/// on top. Each key is looked up once per context it may belong to.
extension FolioApp {
    func handleKey(_ key: Key, _ modifiers: Modifiers) {
        let anywhere = KeyBindings.action(for: key, in: .anywhere)
        // Help first: Escape hides the list of keys before it leaves fullscreen or steers.
        if anywhere == .help || (onScreen.helpShown && KeyBindings.action(for: key, in: .help) == .hideHelp) {
            onScreen.helpShown.toggle()
            return
        }
        // A find on the shelf next: while it shows, S, R, F, Q and Escape are its own.
        if findKey(key, modifiers) { return }
        switch anywhere {
        case .slowMotion?: slowMotion.toggle()
        case .fullscreen?: fullscreen.toggle()
        case .leaveFullscreen? where fullscreen: fullscreen = false
        case .quit?: quitRequested = true
        default:
            if let transition = navigation.transition {
                keyDuringTransition(key, modifiers, transition)
            } else if !typePage(key), !stripKey(key), !zoomKey(key), !pushRegisteredScene(for: key) {
                route(.key(key, modifiers))
            }
        }
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
