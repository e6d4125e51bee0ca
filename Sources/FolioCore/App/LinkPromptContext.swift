/// The question a link out of the book asks before anything opens: over the page, the whole
/// address (`LinkAddress`: what it is and where first, every mail field, the fields dropped),
/// and "Enter opens it, Escape does not". While it shows it takes every key, click and wheel
/// notch, so no click meant for the page (nor a second click on the same link) opens
/// anything: only Enter does. Escape, the back button, a click or leaving the page close it.
final class LinkPromptContext: ModalContext {
    /// Its keys are its own line's words (as the contents' and the search's are), so the list
    /// of keys still fits 800×600.
    static let keys = KeyContext("link", heading: "While a link asks to open:")
    let keyContext = LinkPromptContext.keys
    let level = ModalLevel.prompt
    let address: LinkAddress
    /// The reading view it was asked over: it closes when that view is no longer on top.
    private let reading: ReadingScene

    init(address: LinkAddress, over reading: ReadingScene) {
        self.address = address
        self.reading = reading
    }

    /// Most characters on one of its lines.
    static let width = 64

    private func close(_ app: FolioApp, saying notice: String?) {
        app.modals.remove(self)
        if let notice { app.onScreen.notice = (notice, app.time) }
    }

    func key(_ key: Key, _ modifiers: Modifiers, in app: FolioApp) -> Bool {
        switch key {
        case .return where modifiers.isEmpty:
            app.addressToOpen = address.opened
            switch address.kind {
            case .web(let host): close(app, saying: "Opening the page on \(host) in your browser")
            case .mail(let to): close(app, saying: "Writing a mail to \(to)")
            }
        case .escape, .backspace:
            close(app, saying: "Not opened")
        default:
            break
        }
        // Every other key is taken: nothing under the question moves while it is asked.
        return true
    }

    func text(_ text: String, in app: FolioApp) -> Bool { true }
    func back(in app: FolioApp) -> Bool {
        close(app, saying: "Not opened")
        return true
    }
    func click(at point: Point, in app: FolioApp) -> Bool {
        close(app, saying: "Not opened")
        return true
    }
    func wheel(dx: Double, dy: Double, in app: FolioApp) -> Bool { true }
    func holds(in app: FolioApp) -> Bool { app.navigation.top === reading && app.navigation.transition == nil }

    func draw(into list: inout DrawList, in app: FolioApp) {
        let words = ScreenWords(app: app), size = words.textSize(16, minimum: 11), pitch = size * 1.5
        let lines = address.lines(width: Self.width)
        var y = app.size.height / 2 - Double(lines.count + 2) * pitch / 2
        var texts: [TextLayer] = []
        for (i, line) in lines.enumerated() {
            texts.append(TextLayer(line, size: size, weight: i == 0 ? .bold : .regular, position: Point(x: app.size.width / 2, y: y),
                                   colour: i == 0 ? HelpOverlay.keyColour : HelpOverlay.helpColour, maxWidth: app.size.width * 0.94))
            y += pitch
        }
        y += pitch
        texts.append(TextLayer("Enter opens it \u{2014} Escape, a click or Backspace does not", size: size, weight: .bold,
                               position: Point(x: app.size.width / 2, y: y), colour: HelpOverlay.headingColour, maxWidth: app.size.width * 0.94))
        list.help = HelpOverlay(size: app.size, lines: texts)
    }
}
