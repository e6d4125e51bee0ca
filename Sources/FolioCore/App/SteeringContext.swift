/// Keys while a transition runs, as a modal context (always on the stack; it answers only
/// while a transition is in flight, and then every key is its own): Enter and Escape steer the
/// transition on or back, as the back button steers it back; a key that moves the scene being
/// reached waits for it (a page key pressed while the book opens turns the page once it is
/// open), and any other key is dropped.
final class SteeringContext: ModalContext {
    let keyContext = KeyContext.transition
    let level = ModalLevel.steering
    /// Page and shelf keys pressed during the transition, for the scene it reaches.
    private var pending: [(Key, Modifiers)] = []
    static let maxPending = 8

    func key(_ key: Key, _ modifiers: Modifiers, in app: any AppHost) -> Bool {
        guard let transition = app.navigation.transition else { return false }
        switch KeyBindings.action(for: key, in: .transition) {
        case let steer? where steer == .steerOpen || steer == .steerClose:
            app.send(.steer(forward: (steer == .steerOpen) == (transition.operation == .push)))
        default:
            guard let action = KeyBindings.action(for: key, in: transition.context.to.inputContext),
                  [.next, .previous, .first, .last].contains(action),
                  pending.count < SteeringContext.maxPending else { return true }
            pending.append((key, modifiers))
        }
        return true
    }

    func back(in app: any AppHost) -> Bool {
        guard let transition = app.navigation.transition else { return false }
        app.send(.steer(forward: transition.operation == .pop))
        return true
    }

    /// The transition ended: the keys that waited for it, to play on the scene it reached
    /// (`finished`); a transition that turned back drops them.
    func ended(finished: Bool) -> [(Key, Modifiers)] {
        defer { pending.removeAll() }
        return finished ? pending : []
    }
}
