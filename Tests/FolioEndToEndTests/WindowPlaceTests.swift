import FolioTestFixtures
import FolioThreads
import Foundation
import Testing

/// The real window under Xvfb with a window manager (openbox, which honours EWMH
/// fullscreen as desktops do), driven by xdotool: fullscreen, quitting, the title, and the
/// remembered place across two runs with their own XDG_STATE_HOME.
@Suite(.serialized)
struct WindowPlaceTests {
    static let tools = ["Xvfb", "openbox", "xdotool", "import", "compare"].allSatisfy { Folio.which($0) != nil }

    /// An X server with a window manager, for as long as the value lives.
    final class Desktop {
        let display: String
        private let screen: VirtualDisplay
        private var wm: ChildProcess?

        init() throws {
            screen = try VirtualDisplay(number: 80 + Int(getpid() % 9), size: "1600x1000")
            display = screen.name
            // Openbox is managing once it has set the root window's EWMH desktops. It is the
            // desktop the tests stand on, not what they test: one that does not come up (seen
            // once on a loaded machine) is started again, once, before the wait is a failure
            // that quotes what it said.
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("folio-openbox-\(UUID().uuidString).log")
            defer { try? FileManager.default.removeItem(at: log) }
            func managing() -> Bool { (try? xdotool(["get_num_desktops"])).flatMap { Int($0) }.map { $0 > 0 } ?? false }
            for attempt in 1...2 {
                let started = try ChildProcess(Folio.which("openbox")!, ["--sm-disable"],
                                               environment: ["DISPLAY": display, "HOME": FileManager.default.temporaryDirectory.path],
                                               stderr: .file(log.path))
                wm = started
                if attempt == 1 {
                    if poll(seconds: 10, { managing() ? true : nil }) != nil { break }
                    if started.isRunning { started.signal(SIGKILL) }
                    started.wait()
                } else {
                    let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                    waitUntil("openbox to manage the screen (_NET_NUMBER_OF_DESKTOPS on the root window), started twice; it said: \(said)",
                              managing)
                }
            }
        }

        deinit {
            if let wm, wm.isRunning { wm.signal(SIGKILL); wm.wait() }
            screen.stop()
        }

        /// xdotool's output, with a time limit (a `--sync` search would otherwise wait forever).
        @discardableResult
        func xdotool(_ args: [String]) throws -> String {
            try Folio.runProcess(Folio.which("timeout")!, ["10", Folio.which("xdotool")!] + args,
                                 environment: ["DISPLAY": display]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func screenshot(_ url: URL) throws {
            _ = try Folio.runProcess(Folio.which("import")!, ["-window", "root", url.path], environment: ["DISPLAY": display])
        }

        /// What the screen shows, as raw RGB bytes (no header, nothing dated: the same
        /// pixels give the same bytes).
        func pixels() throws -> Data {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("folio-screen-\(UUID().uuidString).rgb")
            defer { try? FileManager.default.removeItem(at: file) }
            _ = try Folio.runProcess(Folio.which("import")!, ["-window", "root", "-depth", "8", "rgb:\(file.path)"],
                                     environment: ["DISPLAY": display])
            return try Data(contentsOf: file)
        }

        /// Waits until the screen has shown the same pixels for `still` seconds (at most 20 s,
        /// so a loaded machine still finishes its animations and fades).
        func waitForStillScreen(_ still: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
            var shown = try pixels(), since = Date()
            try waitUntil("the screen to hold still for \(still) s", seconds: 20, sourceLocation: sourceLocation) {
                let now = try pixels()
                if now != shown { (shown, since) = (now, Date()) }
                return Date().timeIntervalSince(since) >= still
            }
        }

        /// A screenshot once the screen has settled: unchanged for 1.5 s, longer than the page
        /// indicator's hold, so it has faded.
        func settledScreenshot(_ url: URL) throws {
            try waitForStillScreen(1.5)
            try screenshot(url)
        }
    }

    /// One run of the viewer on the desktop, with its own state folder.
    final class Viewer {
        let process: ChildProcess
        let log: URL
        let desktop: Desktop
        private(set) var window = ""

        /// `config`: the folder for XDG_CONFIG_HOME (the settings file), if any.
        init(_ desktop: Desktop, state: URL, config: URL? = nil, arguments: [String] = [], log: URL) throws {
            self.desktop = desktop
            self.log = log
            var env = ProcessInfo.processInfo.environment
            env["DISPLAY"] = desktop.display
            env["XDG_STATE_HOME"] = state.path
            if let config { env["XDG_CONFIG_HOME"] = config.path }
            env.removeValue(forKey: "SDL_VIDEODRIVER")
            process = try ChildProcess(Folio.executable, arguments, environment: env, stderr: .file(log.path))
            window = try desktop.xdotool(["search", "--sync", "--pid", "\(process.pid)", "--class", "folio"])
                .split(separator: "\n").first.map(String.init) ?? ""
            try #require(!window.isEmpty, "no window: \(stderr)")
            try desktop.xdotool(["windowactivate", "--sync", window])
            try desktop.xdotool(["windowfocus", "--sync", window])
            // Keys are pressed once the window shows its shelf and holds still, as a user
            // presses them (a Right sent while the launch was still listing the books was
            // once lost, and Return opened the first book).
            try desktop.waitForStillScreen(0.3)
        }

        deinit { if process.isRunning { process.signal(SIGKILL) } }

        var stderr: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        var title: String { (try? desktop.xdotool(["getwindowname", window])) ?? "" }

        /// The window's size, "WxH".
        var size: String {
            let text = (try? desktop.xdotool(["getwindowgeometry", window])) ?? ""
            return text.split(separator: "\n").first { $0.contains("Geometry:") }.map { String($0.split(separator: " ").last ?? "") } ?? ""
        }

        func key(_ names: String...) throws { try key(names) }
        func key(_ names: [String]) throws { try desktop.xdotool(["key", "--delay", "150"] + names) }

        /// Presses `names` and waits for what they set moving to come to rest: the screen
        /// changes, then holds still for half a second (longer than a frame of any glide or
        /// turn, shorter than the page indicator's hold). The screen must be at rest before.
        func press(_ names: String..., sourceLocation: SourceLocation = #_sourceLocation) throws {
            let before = try desktop.pixels()
            try key(names)
            try waitUntil("the screen to answer \(names.joined(separator: " "))", sourceLocation: sourceLocation) {
                try desktop.pixels() != before
            }
            try desktop.waitForStillScreen(0.5, sourceLocation: sourceLocation)
        }

        /// Waits until the window's title is `expected`.
        func waitForTitle(_ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
            waitUntil("the window's title to be \(expected) (it is \(title))", sourceLocation: sourceLocation) { title == expected }
        }

        /// Waits until the window's size is `expected`, "WxH".
        func waitForSize(_ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
            waitUntil("the window's size to be \(expected) (it is \(size))", sourceLocation: sourceLocation) { size == expected }
        }

        /// Waits for the process to end; its status, or nil if it did not end in time.
        func exitStatus(within seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation) -> Int32? {
            guard waitUntil("the viewer to exit", seconds: seconds, sourceLocation: sourceLocation, { !process.isRunning }) else { return nil }
            return process.wait().status
        }
    }

    /// How many pixels differ between two screenshots (a little colour tolerance).
    static func differingPixels(_ a: URL, _ b: URL) throws -> Int {
        let result = try Folio.runProcess(Folio.which("compare")!, ["-metric", "AE", "-fuzz", "3%", a.path, b.path, "null:"])
        return Int(Double(result.stderr.split(separator: " ").first ?? "") ?? -1)
    }

    @Test(.enabled(if: tools, "needs Xvfb, openbox, xdotool and ImageMagick (installed by .ci/run)"))
    func fullscreenTitleAndQuitting() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let desktop = try Desktop()
        let trace = dir.appendingPathComponent("trace.jsonl")
        let viewer = try Viewer(desktop, state: dir.appendingPathComponent("state"), arguments: ["--trace", trace.path],
                                log: dir.appendingPathComponent("log"))
        viewer.waitForSize("1280x800")
        #expect(viewer.title == "Folio")
        /// Waits until the app lays out for `size`, as its live trace says.
        @discardableResult
        func waitForLayout(_ size: [Double]) -> [String: Any]? {
            Folio.waitForState(trace, "the layout at \(size)") { $0["size"] as? [Double] == size }
        }

        // F11: desktop fullscreen, the whole 1600×1000 screen, and the layout follows; F11
        // again: back. Pressed once the app has laid out its first frame, as a user presses
        // keys on a window that shows something.
        waitForLayout([1280, 800])
        try viewer.key("F11")
        viewer.waitForSize("1600x1000")
        waitForLayout([1600, 1000])
        try viewer.key("F11")
        viewer.waitForSize("1280x800")
        waitForLayout([1280, 800])

        // The title names the open book; Escape in fullscreen leaves fullscreen, not the book:
        // the frame laid out for the window again still shows the book, with nothing on its
        // way out.
        try viewer.key("Right", "Return")
        viewer.waitForTitle("Tidepool — Folio")
        Folio.waitForState(trace, "the book open, at rest") { $0["stack"] as? [String] == ["shelf", "book"] && $0["transition"] is NSNull }
        try viewer.key("f")
        viewer.waitForSize("1600x1000")
        waitForLayout([1600, 1000])
        try viewer.key("Escape")
        viewer.waitForSize("1280x800")
        let windowed = waitForLayout([1280, 800])
        #expect(windowed?["stack"] as? [String] == ["shelf", "book"] && windowed?["transition"] is NSNull,
                "Escape left fullscreen and kept the book open: \(String(describing: windowed))")
        #expect(viewer.title == "Tidepool — Folio", "Escape left fullscreen and kept the book open")
        try viewer.key("Escape")
        viewer.waitForTitle("Folio")

        // q quits while a book is opening.
        Folio.waitForState(trace, "the shelf, at rest") { $0["stack"] as? [String] == ["shelf"] && $0["transition"] is NSNull }
        try viewer.key("Return")
        Folio.waitForState(trace, "the book opening") { $0["stack"] as? [String] == ["shelf", "book"] && !($0["transition"] is NSNull) }
        try viewer.key("ctrl+q")
        #expect(viewer.exitStatus() == 0, "\(viewer.stderr)")
    }

    @Test(.enabled(if: tools, "needs Xvfb, openbox, xdotool and ImageMagick (installed by .ci/run)"))
    func thePlaceIsRememberedAcrossRuns() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state")
        let file = state.appendingPathComponent("folio/places.json")
        let desktop = try Desktop()

        // First run: the second book, read to its fourth spread, then Ctrl+Q with it open.
        let first = try Viewer(desktop, state: state, log: dir.appendingPathComponent("log1"))
        try first.key("Right", "Return")
        first.waitForTitle("Tidepool — Folio")
        let atStart = dir.appendingPathComponent("start.png")
        try desktop.settledScreenshot(atStart)
        // From the cover to the third spread.
        try first.press("Right", "Right", "Right", "Right")
        let read = dir.appendingPathComponent("read.png")
        try desktop.settledScreenshot(read)
        try first.key("ctrl+q")
        #expect(first.exitStatus() == 0, "\(first.stderr)")
        #expect(!first.stderr.contains("warning"), "\(first.stderr)")

        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let books = try #require(json["books"] as? [[String: Any]])
        #expect(books.count == 1)
        #expect(books.first?["spread"] as? Int == 3)
        #expect((books.first?["path"] as? String)?.hasSuffix("/cover.png") == true)
        #expect((json["centred"] as? [String: Any])?["path"] as? String == books.first?["path"] as? String)
        // The key is the one the recording test writes by hand.
        let expected = try JSONSerialization.jsonObject(with: RecordingIgnoresPlacesTests.rememberedTidepool()) as? [String: Any]
        #expect(NSDictionary(dictionary: json["centred"] as? [String: Any] ?? [:]) == NSDictionary(dictionary: expected?["centred"] as? [String: Any] ?? ["": 0]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path).sorted() == ["places.json", "places.json.lock"])

        // Second run: the shelf starts on that book, and Enter opens it at that spread.
        let second = try Viewer(desktop, state: state, log: dir.appendingPathComponent("log2"))
        try second.key("Return")
        second.waitForTitle("Tidepool — Folio")
        let again = dir.appendingPathComponent("again.png")
        try desktop.settledScreenshot(again)
        #expect(try Self.differingPixels(read, again) < 200, "the book opened where it was left")
        #expect(try Self.differingPixels(atStart, again) > 5000, "and not at its first spread")
        try second.key("ctrl+q")
        #expect(second.exitStatus() == 0)

        // --fresh starts on the first book at its first spread, and leaves the file alone
        // when nothing is read.
        let before = try Data(contentsOf: file)
        let fresh = try Viewer(desktop, state: state, arguments: ["--fresh"], log: dir.appendingPathComponent("log3"))
        try fresh.key("Return")
        fresh.waitForTitle("Aurora — Folio")
        try fresh.key("ctrl+q")
        #expect(fresh.exitStatus() == 0)
        // Opening a book and quitting at once is reading it: Aurora joins the file, and
        // Tidepool, which this viewer did not move, keeps its place.
        let after = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let afterBooks = after["books"] as? [[String: Any]]
        #expect(afterBooks?.count == 2)
        #expect(afterBooks?.first?["path"] as? String == books.first?["path"] as? String)
        #expect(afterBooks?.first?["spread"] as? Int == 3)
        #expect(afterBooks?.last?["path"] as? String != books.first?["path"] as? String)
        #expect(before != (try Data(contentsOf: file)))

        let untouched = try Data(contentsOf: file)
        let idle = try Viewer(desktop, state: state, arguments: ["--fresh"], log: dir.appendingPathComponent("log4"))
        try idle.key("Right", "ctrl+q")
        #expect(idle.exitStatus() == 0)
        #expect(try Data(contentsOf: file) == untouched, "--fresh writes nothing until a book is read")
    }

    @Test(.enabled(if: tools, "needs Xvfb, openbox, xdotool and ImageMagick (installed by .ci/run)"))
    func aCorruptStateFileIsOneWarning() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state")
        let file = state.appendingPathComponent("folio/places.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"version\":1,\"books\":[{\"path\":\"/x\",\"size\":1,\"spread\":-1}]}".utf8).write(to: file)
        let desktop = try Desktop()
        let viewer = try Viewer(desktop, state: state, log: dir.appendingPathComponent("log"))
        try viewer.key("ctrl+q")
        #expect(viewer.exitStatus() == 0)
        let lines = viewer.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(viewer.stderr)")
        #expect(lines.first?.hasPrefix("folio: warning: \(file.path): ") == true)
        #expect(lines.first?.contains("spread -1") == true)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("-1"), "the file is left as it was: nothing was read")
    }
}
