import FolioTestFixtures
import Foundation
import Testing

/// Zoom in the real window under Xvfb, driven by xdotool and read from the live trace: a
/// double-click zooms without turning, Ctrl+0 and Ctrl+= work as keys, Ctrl+wheel zooms.
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
        defer { if app.isRunning { app.signal(SIGKILL) } }
        let run = { (args: [String]) in try LiveWindowTests.xdotool(args, display: display) }

        try #require(Folio.waitForState(traceURL, "a first frame") { _ in true } != nil, "the viewer wrote no trace")
        try run(["search", "--sync", "--name", "^Folio$", "windowfocus", "--sync"])
        try run(["key", "Return"])
        Folio.waitForState(traceURL, "the book open, at rest") { $0["stack"] as? [String] == ["shelf", "book"] && $0["transition"] is NSNull }
        // Enter lays the book flat in the reading view, where zoom lives.
        try run(["key", "Return"])
        Folio.waitForState(traceURL, "the reading view, at rest") {
            $0["stack"] as? [String] == ["shelf", "book", "reading"] && $0["transition"] is NSNull
        }

        // A double-click on the right page zooms to 2× there and turns no leaf (checked on
        // every line from here on, once the test is done: a click taken for a single one
        // would turn a leaf 0.3 s after it, while the zoom goes on).
        let before = try Folio.trace(traceURL)
        let beforeClick = before.count, resting = before.last.map { Self.offset($0) } ?? nil
        try run(["mousemove", "800", "380", "click", "--repeat", "2", "--delay", "80", "1"])
        Folio.waitForState(traceURL, "the zoom at 2x, at rest") { Self.zoom($0)?["scale"] as? Double == 2 && Self.zoom($0)?["target"] as? Double == 2 }

        // Ctrl+0 goes back to the whole spread (the zoom leaves the trace); Ctrl+= zooms a step.
        try run(["key", "ctrl+0"])
        Folio.waitForState(traceURL, "the whole spread, no zoom") { ($0["book"] as? [String: Any]).map { $0["zoom"] == nil } ?? false }
        try run(["key", "ctrl+equal"])
        Folio.waitForState(traceURL, "the zoom at a step, sqrt(2)") { abs(((Self.zoom($0)?["scale"] as? Double) ?? 0) - 2.0.squareRoot()) < 1e-6 }

        // Ctrl+wheel up zooms on, to 4× at most; the book stays open.
        try run(["keydown", "ctrl", "click", "--repeat", "6", "--delay", "30", "4", "keyup", "ctrl"])
        let four = Folio.waitForState(traceURL, "the zoom at 4x") { (Self.zoom($0)?["scale"] as? Double) == 4 }
        #expect(four?["stack"] as? [String] == ["shelf", "book", "reading"])

        try run(["key", "q"])
        waitUntil("the viewer to quit on q", seconds: 5) { !app.isRunning }
        let offsets = try Folio.trace(traceURL).dropFirst(beforeClick).map { Self.offset($0) }
        #expect(!offsets.isEmpty && offsets.allSatisfy { $0 == resting }, "a leaf turned after the double-click: offsets \(offsets)")
    }
}
