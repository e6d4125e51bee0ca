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
        private let wm = Process()

        init() throws {
            screen = try VirtualDisplay(number: 80 + Int(getpid() % 9), size: "1600x1000")
            display = screen.name
            wm.executableURL = URL(fileURLWithPath: Folio.which("openbox")!)
            wm.arguments = ["--sm-disable"]
            wm.environment = ["DISPLAY": display, "HOME": FileManager.default.temporaryDirectory.path]
            wm.standardOutput = FileHandle.nullDevice
            wm.standardError = FileHandle.nullDevice
            try wm.run()
            usleep(500_000)
        }

        deinit {
            // SIGKILL: the test runner's threads may block SIGTERM, and children inherit that.
            if wm.isRunning { kill(wm.processIdentifier, SIGKILL); wm.waitUntilExit() }
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

        /// A screenshot once the screen has settled: two taken 1.5 s apart agree (longer than
        /// the page indicator's hold, so it has faded; at most 12 s of waiting, so a loaded
        /// machine still finishes its animations and fades).
        func settledScreenshot(_ url: URL) throws {
            let previous = url.deletingPathExtension().appendingPathExtension("previous.png")
            try screenshot(previous)
            let deadline = Date().addingTimeInterval(12)
            while true {
                usleep(1_500_000)
                try screenshot(url)
                if try WindowPlaceTests.differingPixels(previous, url) == 0 || Date() > deadline { return }
                try? FileManager.default.removeItem(at: previous)
                try FileManager.default.copyItem(at: url, to: previous)
            }
        }
    }

    /// One run of the viewer on the desktop, with its own state folder.
    final class Viewer {
        let process = Process()
        let log: URL
        let desktop: Desktop
        private(set) var window = ""

        /// `config`: the folder for XDG_CONFIG_HOME (the settings file), if any.
        init(_ desktop: Desktop, state: URL, config: URL? = nil, arguments: [String] = [], log: URL) throws {
            self.desktop = desktop
            self.log = log
            process.executableURL = URL(fileURLWithPath: Folio.executable)
            process.arguments = arguments
            var env = ProcessInfo.processInfo.environment
            env["DISPLAY"] = desktop.display
            env["XDG_STATE_HOME"] = state.path
            if let config { env["XDG_CONFIG_HOME"] = config.path }
            env.removeValue(forKey: "SDL_VIDEODRIVER")
            process.environment = env
            FileManager.default.createFile(atPath: log.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: log)
            try process.run()
            window = try desktop.xdotool(["search", "--sync", "--pid", "\(process.processIdentifier)", "--class", "folio"])
                .split(separator: "\n").first.map(String.init) ?? ""
            try #require(!window.isEmpty, "no window: \(stderr)")
            try desktop.xdotool(["windowactivate", "--sync", window])
            try desktop.xdotool(["windowfocus", "--sync", window])
        }

        deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        var stderr: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        var title: String { (try? desktop.xdotool(["getwindowname", window])) ?? "" }

        /// The window's size, "WxH".
        var size: String {
            let text = (try? desktop.xdotool(["getwindowgeometry", window])) ?? ""
            return text.split(separator: "\n").first { $0.contains("Geometry:") }.map { String($0.split(separator: " ").last ?? "") } ?? ""
        }

        func key(_ names: String...) throws { try desktop.xdotool(["key", "--delay", "150"] + names) }

        /// Polls `read` until it gives `expected` (or the time runs out); returns the last value.
        @discardableResult
        func wait<T: Equatable>(for expected: T, seconds: Double = 10, _ read: () -> T) -> T {
            let deadline = Date().addingTimeInterval(seconds)
            var value = read()
            while value != expected && Date() < deadline {
                usleep(100_000)
                value = read()
            }
            return value
        }

        /// Waits for the process to end; its status, or nil if it did not end in time.
        func exitStatus(within seconds: Double = 10) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline { usleep(50_000) }
            return process.isRunning ? nil : process.terminationStatus
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
        #expect(viewer.wait(for: "1280x800") { viewer.size } == "1280x800")
        #expect(viewer.title == "Folio")
        /// The size the app lays out for, from its live trace.
        func laidOut() -> [Double] { ((try? Folio.trace(trace))?.last?["size"] as? [Double]) ?? [] }

        // F11: desktop fullscreen, the whole 1600×1000 screen, and the layout follows; F11
        // again: back.
        try viewer.key("F11")
        #expect(viewer.wait(for: "1600x1000") { viewer.size } == "1600x1000")
        #expect(viewer.wait(for: [1600, 1000], laidOut) == [1600, 1000])
        try viewer.key("F11")
        #expect(viewer.wait(for: "1280x800") { viewer.size } == "1280x800")
        #expect(viewer.wait(for: [1280, 800], laidOut) == [1280, 800])

        // The title names the open book; Escape in fullscreen leaves fullscreen, not the book.
        try viewer.key("Right", "Return")
        #expect(viewer.wait(for: "Tidepool — Folio") { viewer.title } == "Tidepool — Folio")
        try viewer.key("f")
        #expect(viewer.wait(for: "1600x1000") { viewer.size } == "1600x1000")
        try viewer.key("Escape")
        #expect(viewer.wait(for: "1280x800") { viewer.size } == "1280x800")
        usleep(1_500_000)
        #expect(viewer.title == "Tidepool — Folio", "Escape left fullscreen and kept the book open")
        try viewer.key("Escape")
        #expect(viewer.wait(for: "Folio") { viewer.title } == "Folio")

        // q quits while a book is opening.
        try viewer.key("Return")
        usleep(200_000)
        try viewer.key("q")
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
        #expect(first.wait(for: "Tidepool — Folio") { first.title } == "Tidepool — Folio")
        usleep(1_000_000)
        let atStart = dir.appendingPathComponent("start.png")
        try desktop.settledScreenshot(atStart)
        try first.key("Right", "Right", "Right")
        usleep(1_000_000)
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
        #expect(second.wait(for: "Tidepool — Folio") { second.title } == "Tidepool — Folio")
        usleep(1_000_000)
        let again = dir.appendingPathComponent("again.png")
        try desktop.settledScreenshot(again)
        #expect(try Self.differingPixels(read, again) < 200, "the book opened where it was left")
        #expect(try Self.differingPixels(atStart, again) > 5000, "and not at its first spread")
        try second.key("q")
        #expect(second.exitStatus() == 0)

        // --fresh starts on the first book at its first spread, and leaves the file alone
        // when nothing is read.
        let before = try Data(contentsOf: file)
        let fresh = try Viewer(desktop, state: state, arguments: ["--fresh"], log: dir.appendingPathComponent("log3"))
        try fresh.key("Return")
        #expect(fresh.wait(for: "Aurora — Folio") { fresh.title } == "Aurora — Folio")
        try fresh.key("q")
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
        try idle.key("Right", "q")
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
        try viewer.key("q")
        #expect(viewer.exitStatus() == 0)
        let lines = viewer.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(viewer.stderr)")
        #expect(lines.first?.hasPrefix("folio: warning: \(file.path): ") == true)
        #expect(lines.first?.contains("spread -1") == true)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("-1"), "the file is left as it was: nothing was read")
    }
}
