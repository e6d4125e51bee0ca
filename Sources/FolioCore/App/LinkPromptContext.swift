/// The question a link out of the book asks before anything opens: over the page, the whole
/// address (`LinkAddress`: what it is and where first, every mail field, the fields dropped),
/// and two buttons, Open and Don't open. While it shows it takes every key, click and wheel
/// notch, so no click meant for the page (nor a second click on the same link) opens
/// anything: only Enter, or a click on Open at least `armTime` after it showed, does.
/// Escape, Backspace, the back button, a click anywhere else or leaving the page close it.
final class LinkPromptContext: ModalContext {
    /// Its keys are its own line's words (as the contents' and the search's are), so the list
    /// of keys still fits 800×600.
    static let keys = KeyContext("link", heading: "While a link asks to open:")
    let keyContext = LinkPromptContext.keys
    let level = ModalLevel.prompt
    let address: LinkAddress
    /// The reading view it was asked over: it closes when that view is no longer on top.
    private let reading: ReadingScene

    /// When it showed (the app's clock): a click on Open counts only `armTime` after, so the
    /// second click of a double-click on a link never opens it.
    private let shownAt: Double
    static let armTime = 0.5

    init(address: LinkAddress, over reading: ReadingScene, at time: Double) {
        self.address = address
        self.reading = reading
        shownAt = time
    }

    /// Where its lines and buttons lie in a window of `size`: the lines' first baseline and
    /// pitch, the text size, and the two buttons' rectangles.
    struct Layout {
        var size: Double, pitch: Double, firstY: Double
        var open: Rect, stay: Rect
    }

    func layout(in app: FolioApp) -> Layout {
        let words = ScreenWords(app: app), size = words.textSize(16, minimum: 11), pitch = size * 1.5
        let count = address.lines(width: Self.width).count
        let firstY = app.size.height / 2 - Double(count + 3) * pitch / 2
        let buttonY = firstY + Double(count + 1) * pitch, w = 9 * size, h = 1.8 * size, gap = size
        return Layout(size: size, pitch: pitch, firstY: firstY,
                      open: Rect(x: app.size.width / 2 - gap / 2 - w, y: buttonY - h / 2, width: w, height: h),
                      stay: Rect(x: app.size.width / 2 + gap / 2, y: buttonY - h / 2, width: w, height: h))
    }

    private func open(_ app: FolioApp) {
        app.addressToOpen = address.opened
        switch address.kind {
        case .web(let host): close(app, saying: "Opening the page on \(host) in your browser")
        case .mail(let to): close(app, saying: "Writing a mail to \(to)")
        }
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
            open(app)
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
        if layout(in: app).open.contains(point), app.time - shownAt >= Self.armTime {
            open(app)
        } else {
            close(app, saying: "Not opened")
        }
        return true
    }
    func wheel(dx: Double, dy: Double, in app: FolioApp) -> Bool { true }
    func holds(in app: FolioApp) -> Bool { app.navigation.top === reading && app.navigation.transition == nil }

    func draw(into list: inout DrawList, in app: FolioApp) {
        let layout = layout(in: app), size = layout.size
        var texts: [TextLayer] = []
        for (i, line) in address.lines(width: Self.width).enumerated() {
            texts.append(TextLayer(line, size: size, weight: i == 0 ? .bold : .regular,
                                   position: Point(x: app.size.width / 2, y: layout.firstY + Double(i) * layout.pitch),
                                   colour: i == 0 ? HelpOverlay.keyColour : HelpOverlay.helpColour, maxWidth: app.size.width * 0.94))
        }
        for (label, box, colour) in [("Open \u{23CE}", layout.open, HelpOverlay.headingColour), ("Don\u{2019}t open", layout.stay, HelpOverlay.keyColour)] {
            var button = TextLayer(label, size: size, weight: .bold, position: Point(x: box.midX, y: box.midY), colour: colour,
                                   maxWidth: box.size.width)
            button.backing = RGBA(1, 1, 1, 0.12)
            texts.append(button)
        }
        list.help = HelpOverlay(size: app.size, lines: texts)
    }
}
