import FolioTestFixtures
import FolioThreads
import Foundation
import Testing

/// The real window under Xvfb, driven by xdotool, checked by a screenshot and by the app's
/// own live trace.
@Suite(.serialized)
struct LiveWindowTests {
    static let tools = ["Xvfb", "xdotool", "import", "convert"].allSatisfy { Folio.which($0) != nil }

    static func lastState(_ url: URL) -> [String: Any]? {
        Folio.lastState(url)
    }

    /// Waits until `condition` holds for the last trace line (`Folio.waitForState`).
    static func waitFor(_ url: URL, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
                        _ condition: ([String: Any]) -> Bool) -> [String: Any]? {
        Folio.waitForState(url, "the state awaited", seconds: seconds, sourceLocation: sourceLocation, condition)
    }

    /// Runs xdotool with a time limit (a `--sync` search would otherwise wait forever).
    static func xdotool(_ args: [String], display: String) throws {
        _ = try Folio.runProcess(Folio.which("timeout")!, ["10", Folio.which("xdotool")!] + args, environment: ["DISPLAY": display])
    }

    @Test(.enabled(if: tools, "needs Xvfb, xdotool and ImageMagick (installed by .ci/run)"))
    func windowOpensABookFromKeysAndClicks() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let screen = try VirtualDisplay(number: 90 + Int(getpid() % 9))
        defer { screen.stop() }
        let display = screen.name

        let traceURL = dir.appendingPathComponent("live.jsonl")
        let log = dir.appendingPathComponent("stderr.txt")
        let app = try screen.launch(["--trace", traceURL.path], state: dir.appendingPathComponent("state"), log: log)
        defer { if app.isRunning { app.signal(SIGKILL) } }

        let first = Self.waitFor(traceURL) { _ in true }
        try #require(first != nil, "the viewer wrote no trace: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        try Self.xdotool(["search", "--sync", "--name", "^Folio$", "windowfocus", "--sync"], display: display)

        try Self.xdotool(["key", "Right"], display: display)
        let scrolled = Self.waitFor(traceURL) { ($0["shelf"] as? [String: Any])?["centered"] as? Double == 1 && $0["transition"] is NSNull && abs((($0["shelf"] as? [String: Any])?["position"] as? Double ?? .nan) - 372) < 0.01 }
        #expect((scrolled?["shelf"] as? [String: Any])?["centered"] as? Double == 1)

        try Self.xdotool(["key", "Return"], display: display)
        let opened = Self.waitFor(traceURL) { $0["stack"] as? [String] == ["shelf", "book"] && $0["transition"] is NSNull }
        #expect(opened?["stack"] as? [String] == ["shelf", "book"])
        #expect((opened?["book"] as? [String: Any])?["index"] as? Double == 1)

        // A screenshot shows the book open on its cover, right of the spine, over the
        // background (taken until one does, once the frame after the opening reaches the screen).
        func pixel(_ shot: HelpWindowTests.Shot, _ x: Int, _ y: Int) throws -> String {
            try Folio.runProcess(Folio.which("convert")!, [shot.path, "-format", "%[fx:int(255*r)],%[fx:int(255*g)],%[fx:int(255*b)]", "-crop", "1x1+\(x)+\(y)", "info:"]).stdout
        }
        let (_, pagesShown) = try HelpWindowTests.waitForShot(dir, display: display) { shot in
            let backgroundPixel = try pixel(shot, 40, 40)
            return try pixel(shot, 640 + 150, 250) != backgroundPixel && pixel(shot, 1240, 400) == backgroundPixel
        }
        #expect(pagesShown, "no screenshot showed the open book's cover over the background")

        try Self.xdotool(["key", "Escape"], display: display)
        let closed = Self.waitFor(traceURL) { $0["stack"] as? [String] == ["shelf"] && $0["transition"] is NSNull }
        #expect(closed?["stack"] as? [String] == ["shelf"])

        // A click on the centred book opens it.
        try Self.xdotool(["mousemove", "640", "400", "click", "1"], display: display)
        let clicked = Self.waitFor(traceURL) { $0["stack"] as? [String] == ["shelf", "book"] && $0["transition"] is NSNull }
        #expect(clicked?["stack"] as? [String] == ["shelf", "book"])

        // Escape closes the book; Escape on the shelf does not quit (a reflex Escape would
        // end the program), Ctrl+Q does.
        try Self.xdotool(["key", "Escape"], display: display)
        _ = Self.waitFor(traceURL) { $0["stack"] as? [String] == ["shelf"] && $0["transition"] is NSNull }
        try Self.xdotool(["key", "Escape"], display: display)
        #expect(app.wait(seconds: 1) == nil, "Escape on the shelf quit the viewer")
        try Self.xdotool(["key", "ctrl+q"], display: display)
        let ending = app.wait(seconds: 5)
        #expect(ending == ChildProcess.Ending(status: 0, exited: true), "the viewer did not quit (or not with 0)")
    }

    /// A capture stopped with Ctrl+R is written by a thread of its own and said once written:
    /// the file holds the keys pressed, a second Ctrl+R starts another, and one still running
    /// at Ctrl+Q is written before the program ends.
    @Test(.enabled(if: tools, "needs Xvfb, xdotool and ImageMagick (installed by .ci/run)"))
    func ctrlRWritesTheCaptureOffTheWindowsThread() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let screen = try VirtualDisplay(number: 100 + Int(getpid() % 9))
        defer { screen.stop() }
        let capture = dir.appendingPathComponent("capture.json")
        let traceURL = dir.appendingPathComponent("live.jsonl")
        let log = dir.appendingPathComponent("stderr.txt")
        let app = try screen.launch(["--capture", capture.path, "--trace", traceURL.path], state: dir.appendingPathComponent("state"), log: log)
        defer { if app.isRunning { app.signal(SIGKILL) } }
        try #require(Self.waitFor(traceURL) { _ in true } != nil, "no trace: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        try Self.xdotool(["search", "--sync", "--name", "^Folio$", "windowfocus", "--sync"], display: screen.name)
        try Self.xdotool(["key", "Right"], display: screen.name)
        _ = Self.waitFor(traceURL) { ($0["shelf"] as? [String: Any])?["centered"] as? Double == 1 }
        try Self.xdotool(["key", "ctrl+r"], display: screen.name)
        let written = waitUntil("the capture said to be written") {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("capture written to")
        }
        #expect(written)
        let script = try JSONSerialization.jsonObject(with: Data(contentsOf: capture)) as? [String: Any]
        let keys = (script?["events"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }
        #expect(keys.contains("right"), "\(keys)")
        // A second capture (the same file: this run wrote it), running when the program quits.
        try Self.xdotool(["key", "ctrl+r"], display: screen.name)
        _ = waitUntil("the second capture to start") { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").components(separatedBy: "capturing input").count > 1 }
        try Self.xdotool(["key", "Left", "ctrl+q"], display: screen.name)
        waitUntil("the viewer to quit") { !app.isRunning }
        if !app.isRunning { #expect(app.wait().status == 0) }
        let second = try JSONSerialization.jsonObject(with: Data(contentsOf: capture)) as? [String: Any]
        let secondKeys = (second?["events"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }
        #expect(secondKeys.contains("left") && !secondKeys.contains("right"), "\(secondKeys)")
    }

    @Test func withoutADisplayTheViewerSaysWhatToDoInstead() throws {
        let result = try Folio.run([], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "x11"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("folio record"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
