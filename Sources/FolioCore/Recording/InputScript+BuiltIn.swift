extension InputScript {
    /// The demo `folio record` plays without a script (1280×800, 60 fps, 16 s): scroll the
    /// shelf, pinch the centred book open with the wheel, turn its cover and pages by key,
    /// click and drag,
    /// pinch it shut, scroll to another book, open it with a click and close it with Escape.
    public static let builtInDemo: InputScript = {
        var events: [(t: Double, event: Event)] = []
        func at(_ t: Double, _ e: Event) { events.append((t, e)) }
        // Browse the shelf.
        at(0.6, .input(.key(.right)))
        at(1.3, .drag(from: Point(x: 900, y: 400), to: Point(x: 620, y: 400), duration: 0.35))
        // Pinch open: a quick run of wheel notches away from the user.
        for k in 0..<4 { at(2.6 + 0.06 * Double(k), .input(.wheel(dx: 0, dy: 1))) }
        // Turn pages: the cover (a book opens on it), keys, a click on the right half, a drag.
        at(3.8, .input(.key(.right)))
        at(4.4, .input(.key(.right)))
        at(5.2, .input(.key(.right)))
        at(6.0, .click(Point(x: 1000, y: 400)))
        at(6.9, .drag(from: Point(x: 1000, y: 420), to: Point(x: 420, y: 420), duration: 0.45))
        at(8.0, .input(.key(.left)))
        // Pinch shut: wheel towards the user.
        for k in 0..<4 { at(8.9 + 0.06 * Double(k), .input(.wheel(dx: 0, dy: -1))) }
        // Another book: scroll, open by clicking it, close with Escape.
        at(10.6, .input(.key(.right)))
        at(11.3, .input(.key(.right)))
        at(12.1, .click(Point(x: 640, y: 400)))
        at(13.7, .input(.key(.right)))
        at(14.5, .input(.key(.escape)))
        return InputScript(size: Size(width: 1280, height: 800), fps: 60, duration: 16, events: events)
    }()
}
