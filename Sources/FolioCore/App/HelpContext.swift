/// The list of keys as a modal context: the help key (F1, or `?` where nothing is typed) puts
/// it on top of everything, and takes it off again; while it shows, Escape or the back button
/// hides it, and every other key goes on to the contexts and the scene under it.
final class HelpContext: ModalContext {
    let keyContext = KeyContext.help
    let level = ModalLevel.help
    /// The list as last laid out (for its window size).
    private var overlay: HelpOverlay?

    func key(_ key: Key, _ modifiers: Modifiers, in app: any AppHost) -> Bool {
        guard KeyBindings.action(for: key, modifiers, in: .help) == .hideHelp else { return false }
        app.modals.remove(self)
        return true
    }

    func back(in app: any AppHost) -> Bool {
        app.modals.remove(self)
        return true
    }

    /// The list of keys for the window's size, laid out once per size.
    func draw(into list: inout DrawList, in app: any AppHost) {
        if overlay?.size != app.window.size { overlay = HelpOverlay(size: app.window.size) }
        list.help = overlay
    }
}
