import Foundation
import Testing

/// Zoom in the real window under Xvfb, driven by xdotool and read from the live trace: a
/// double-click zooms without turning, Ctrl+0 and Ctrl+= work as keys, the wheel zooms.
@Suite(.serialized)
struct ZoomWindowTests {
    static func zoom(_ state: [String: Any]?) -> [String: Any]? {
        (state?["book"] as? [String: Any])?["zoom"] as? [String: Any]
    }

    static func offset(_ state: [String: Any]?) -> Double? {
        (state?["book"] as? [String: Any])?["offset"] as? Double
    }

    @Test(.enabled(if: LiveWindowTests.tools, "needs Xvfb, xdotool and ImageMagick (installed by .ci/run)"))
    func aDoubleClickTheKeysAndTheWheelZoomTheReadingView() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let screen = try VirtualDisplay(number: 80 + Int(getpid() % 9))
        defer { screen.stop() }
        let display = screen.name

        let traceURL = dir.appendingPathComponent("live.jsonl")
        let app = try screen.launch(["--fresh", "--trace", traceURL.path], state: dir)
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        let run = { (args: [String]) in try LiveWindowTests.xdotool(args, display: display) }

        try #require(LiveWindowTests.waitFor(traceURL) { _ in true } != nil, "the viewer wrote no trace")
        try run(["search", "--sync", "--name", "^Folio$", "windowfocus", "--sync"])
        try run(["key", "Return"])
        let opened = LiveWindowTests.waitFor(traceURL) { $0["stack"] as? [String] == ["shelf", "book"] && $0["transition"] is NSNull }
        #expect(opened?["stack"] as? [String] == ["shelf", "book"])
        // Enter lays the book flat in the reading view, where zoom lives.
        try run(["key", "Return"])
        let flat = LiveWindowTests.waitFor(traceURL) { $0["stack"] as? [String] == ["shelf", "book", "reading"] && $0["transition"] is NSNull }
        #expect(flat?["stack"] as? [String] == ["shelf", "book", "reading"])

        // A double-click on the right page zooms to 2× there and turns no leaf.
        try run(["mousemove", "800", "380", "click", "--repeat", "2", "--delay", "80", "1"])
        let zoomed = LiveWindowTests.waitFor(traceURL) { (Self.zoom($0)?["scale"] as? Double) == 2 }
        #expect(Self.zoom(zoomed)?["scale"] as? Double == 2)
        usleep(600_000)
        #expect(Self.offset(LiveWindowTests.lastState(traceURL)) == 0)

        // Ctrl+0 goes back to the whole spread (the zoom leaves the trace); Ctrl+= zooms a step.
        try run(["key", "ctrl+0"])
        let whole = LiveWindowTests.waitFor(traceURL) { ($0["book"] as? [String: Any]).map { $0["zoom"] == nil } ?? false }
        #expect(whole != nil && Self.zoom(whole) == nil)
        try run(["key", "ctrl+equal"])
        let step = LiveWindowTests.waitFor(traceURL) { abs(((Self.zoom($0)?["scale"] as? Double) ?? 0) - 2.0.squareRoot()) < 1e-6 }
        #expect(Self.zoom(step) != nil)

        // The wheel up zooms on, to 4× at most; the book stays open.
        try run(["click", "--repeat", "6", "--delay", "30", "4"])
        let four = LiveWindowTests.waitFor(traceURL) { (Self.zoom($0)?["scale"] as? Double) == 4 }
        #expect(Self.zoom(four)?["scale"] as? Double == 4 && four?["stack"] as? [String] == ["shelf", "book", "reading"])

        try run(["key", "q"])
        let deadline = Date().addingTimeInterval(5)
        while app.isRunning && Date() < deadline { usleep(100_000) }
        #expect(!app.isRunning)
    }
}
