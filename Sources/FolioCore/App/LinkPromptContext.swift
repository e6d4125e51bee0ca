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
    /// The scene it was asked over: it closes when that scene is no longer on top.
    private let over: any Scene

    /// When it showed (the app's clock): a click on Open counts only `armTime` after, so the
    /// second click of a double-click on a link never opens it.
    private let shownAt: Double
    static let armTime = 0.5

    /// Its lines (`LinkAddress.lines`), made once.
    private let lines: [String]

    init(address: LinkAddress, over scene: any Scene, at time: Double) {
        self.address = address
        over = scene
        shownAt = time
        lines = address.lines(width: Self.width)
    }

    /// Where its lines and buttons lie in a window of `size`: the lines' first baseline and
    /// pitch, the text size, and the two buttons' rectangles.
    struct Layout {
        var size: Double, pitch: Double, firstY: Double
        var open: Rect, stay: Rect
    }

    func layout(in window: Size) -> Layout {
        let size = ScreenWords.textSize(16, minimum: 11, in: window), pitch = size * 1.5
        let firstY = window.height / 2 - Double(lines.count + 3) * pitch / 2
        let buttonY = firstY + Double(lines.count + 1) * pitch, w = 9 * size, h = 1.8 * size, gap = size
        return Layout(size: size, pitch: pitch, firstY: firstY,
                      open: Rect(x: window.width / 2 - gap / 2 - w, y: buttonY - h / 2, width: w, height: h),
                      stay: Rect(x: window.width / 2 + gap / 2, y: buttonY - h / 2, width: w, height: h))
    }

    /// Most characters on one of its lines.
    static let width = 64

    /// Closes the question, the address handed to the desktop when `opening`, and says so.
    private func finish(opening: Bool, in app: any AppHost) {
        app.modals.remove(self)
        var notice = "Not opened"
        if opening {
            app.send(.openAddress(address.opened))
            switch address.kind {
            case .web(let host): notice = "Opening the page on \(host) in your browser"
            case .mail(let to): notice = "Writing a mail to \(to)"
            }
        }
        app.send(.notice(notice))
    }

    func key(_ key: Key, _ modifiers: Modifiers, in app: any AppHost) -> Bool {
        switch key {
        case .return where modifiers.isEmpty:
            finish(opening: true, in: app)
        case .escape, .backspace:
            finish(opening: false, in: app)
        default:
            break
        }
        // Every other key is taken: nothing under the question moves while it is asked.
        return true
    }

    func text(_ text: String, in app: any AppHost) -> Bool { true }
    func back(in app: any AppHost) -> Bool {
        finish(opening: false, in: app)
        return true
    }
    func click(at point: Point, in app: any AppHost) -> Bool {
        // Open counts once the question has shown a moment; any other click closes it.
        finish(opening: layout(in: app.window.size).open.contains(point) && app.clock.time - shownAt >= Self.armTime, in: app)
        return true
    }
    func wheel(dx: Double, dy: Double, in app: any AppHost) -> Bool { true }
    func holds(in app: any AppHost) -> Bool { app.navigation.top === over && app.navigation.transition == nil }

    func draw(into list: inout DrawList, in app: any AppHost) {
        let layout = layout(in: app.window.size), size = layout.size
        var texts: [TextLayer] = []
        for (i, line) in lines.enumerated() {
            texts.append(TextLayer(line, size: size, weight: i == 0 ? .bold : .regular,
                                   position: Point(x: app.window.size.width / 2, y: layout.firstY + Double(i) * layout.pitch),
                                   colour: i == 0 ? HelpOverlay.keyColour : HelpOverlay.helpColour, maxWidth: app.window.size.width * 0.94))
        }
        for (label, box, colour) in [("Open \u{23CE}", layout.open, HelpOverlay.headingColour),
                                     ("Don\u{2019}t open", layout.stay, HelpOverlay.keyColour)] {
            var button = TextLayer(label, size: size, weight: .bold, position: Point(x: box.midX, y: box.midY), colour: colour,
                                   maxWidth: box.size.width)
            button.backing = RGBA(1, 1, 1, 0.12)
            texts.append(button)
        }
        list.help = HelpOverlay(size: app.window.size, lines: texts)
    }
}
