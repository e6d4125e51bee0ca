import FolioLibrary
import FolioTestFixtures
import Foundation
import Testing
import FolioThreads

/// The live window under Xvfb with every decoder worker stopped (SIGSTOP): nothing on the
/// input or render path waits for one, so the viewer still opens a book, turns a page (its
/// pages placeholders), goes back to the shelf and quits, drawing frames all the while.
@Suite(.serialized)
struct StalledDecoderTests {
    static let tools = ["Xvfb", "xdotool", "ffmpeg"].allSatisfy { Folio.which($0) != nil }
    /// Longest wait between two frames while something moves, seconds.
    static let longestGap = 0.25

    /// Stops every decoder worker of `viewer` (its children), those it starts later too, as
    /// soon as they are seen, until `release()` lets them all go on.
    final class WorkerStopper: @unchecked Sendable {
        // Unchecked: `stopped` and `releasing` are only touched with `lock` held.
        private let lock = NSLock()
        private var stopped: Set<pid_t> = []
        private var releasing = false
        private let finished = DispatchSemaphore(value: 0)

        init(viewer: pid_t) {
            startDetachedThread(named: "folio-test") { [self] in
                _ = poll(seconds: 120) { stopNew(of: viewer) ? true : nil }
                finished.signal()
            }
        }

        /// Stops the workers not stopped yet; true once released.
        private func stopNew(of viewer: pid_t) -> Bool {
            lock.withLock {
                guard !releasing else { return true }
                // Decoder workers only: not a helper SDL starts as the window opens (a D-Bus
                // launcher), which the window would then wait on.
                for child in ProcessMemory.children(of: viewer).compactMap(pid_t.init) where !stopped.contains(child) && Self.isWorker(child) {
                    if kill(child, SIGSTOP) == 0 { stopped.insert(child) }
                }
                return false
            }
        }

        /// Whether process `pid` is a decoder worker (its command line says so).
        static func isWorker(_ pid: pid_t) -> Bool {
            guard let line = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else { return false }
            return line.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "--decoder-worker" }
        }

        /// The workers stopped so far.
        var workers: Set<pid_t> { lock.withLock { stopped } }

        /// True when every worker stopped so far is in the stopped state ("T" in /proc).
        var allHeld: Bool {
            workers.allSatisfy { pid in
                guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { return true }  // gone
                return stat[stat.index(after: close)...].split(separator: " ").first == "T"
            }
        }

        /// Stops looking and lets every stopped worker go on (SIGCONT).
        func release() {
            let all = lock.withLock {
                releasing = true
                return stopped
            }
            finished.wait()
            for pid in all { kill(pid, SIGCONT) }
        }
    }

    /// Two books of two images each in a folder: a cover, a page, and a back cover close by.
    static func library(in dir: URL) throws -> URL {
        let root = dir.appendingPathComponent("library")
        for book in ["first", "second"] {
            let folder = root.appendingPathComponent(book)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for page in 1...2 { try Folio.makeImage(folder.appendingPathComponent("\(page).png"), width: 300, height: 450) }
        }
        return root
    }

    @Test(.enabled(if: tools, "needs Xvfb, xdotool and ffmpeg (installed by .ci/run)"))
    func theWindowKeepsDrawingWithEveryDecoderStopped() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let library = try Self.library(in: dir)
        let screen = try VirtualDisplay(number: 70 + Int(getpid() % 9))
        defer { screen.stop() }
        let traceURL = dir.appendingPathComponent("live.jsonl")
        let log = dir.appendingPathComponent("stderr.txt")
        let app = try screen.launch([library.path, "--trace", traceURL.path], state: dir.appendingPathComponent("state"), log: log)
        defer { if app.isRunning { app.signal(SIGKILL) } }
        func key(_ name: String) throws {
            _ = try Folio.runProcess(Folio.which("timeout")!, ["10", Folio.which("xdotool")!, "key", name],
                                     environment: ["DISPLAY": screen.name])
        }
        func state(_ what: String, _ condition: @escaping ([String: Any]) -> Bool) -> [String: Any]? {
            Folio.waitForState(traceURL, what, seconds: 10, condition)
        }
        func stack(_ s: [String: Any]) -> [String] { s["stack"] as? [String] ?? [] }
        func offset(_ s: [String: Any]) -> Double? { (s["book"] as? [String: Any])?["offset"] as? Double }

        let shelf = state("the shelf at rest") { stack($0) == ["shelf"] && $0["transition"] is NSNull }
        try #require(shelf != nil, "no shelf in the trace: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        #expect((shelf?["shelf"] as? [String: Any])?["covers"] != nil)
        _ = try Folio.runProcess(Folio.which("timeout")!, ["10", Folio.which("xdotool")!, "search", "--sync", "--name", "^Folio$",
                                                          "windowfocus", "--sync"], environment: ["DISPLAY": screen.name])
        // The covers on the shelf came through a worker: it is there to be stopped.
        waitUntil("a decoder worker") { !ProcessMemory.children(of: app.pid).isEmpty }
        let stopper = WorkerStopper(viewer: app.pid)
        var released = false
        defer { if !released { stopper.release() } }
        waitUntil("every decoder worker stopped") { !stopper.workers.isEmpty && stopper.allHeld }
        let before = try #require(Folio.lastState(traceURL)?["t"] as? Double)

        try key("Return")
        let opened = state("the book open") { stack($0) == ["shelf", "book"] && $0["transition"] is NSNull }
        try #require(opened != nil)
        let closedOffset = offset(opened!) ?? 0

        try key("Right")
        let turned = state("a page turned") { stack($0) == ["shelf", "book"] && (offset($0) ?? 0) > closedOffset }
        #expect(turned != nil)

        try key("Escape")
        let back = state("the shelf again") { stack($0) == ["shelf"] && $0["transition"] is NSNull }
        #expect(back != nil)

        // Every worker it had is still stopped: nothing was decoded meanwhile.
        #expect(stopper.allHeld)

        try key("ctrl+q")
        let quit = Date()
        waitUntil("the viewer to quit", seconds: 5) { !app.isRunning }
        #expect(Date().timeIntervalSince(quit) < 1, "Ctrl+Q took \(Date().timeIntervalSince(quit)) s")
        if !app.isRunning { #expect(app.wait().status == 0) }
        stopper.release()
        released = true

        // Frames kept coming while anything moved: during each transition, and while the page
        // turned (its offset between where it rested before and after).
        let lines = try Folio.trace(traceURL).filter { ($0["t"] as? Double ?? 0) >= before }
        let turnEnd = lines.last { stack($0) == ["shelf", "book"] && $0["transition"] is NSNull }.flatMap(offset)
        func moving(_ s: [String: Any]) -> Bool {
            if !(s["transition"] is NSNull) { return true }
            guard let o = offset(s), let end = turnEnd else { return false }
            return o > closedOffset && o < end
        }
        #expect(lines.contains { !($0["transition"] is NSNull) })
        var gaps: [Double] = []
        for (a, b) in zip(lines, lines.dropFirst()) where moving(a) {
            gaps.append((b["t"] as? Double ?? 0) - (a["t"] as? Double ?? 0))
        }
        #expect(gaps.count > 20, "too few frames while moving: \(gaps.count)")
        #expect(gaps.allSatisfy { $0 <= Self.longestGap }, "a frame came \(gaps.max() ?? 0) s after the last")
    }

    /// Every worker stopped from launch on (a hung network mount does so): the window still
    /// shows, naming the books as they are read, and Ctrl+Q ends the program at once, long
    /// before a single book's listing could give up (its two bounds, 12 s).
    @Test(.enabled(if: tools, "needs Xvfb, xdotool and ffmpeg (installed by .ci/run)"))
    func aLaunchWithEveryWorkerStoppedShowsTheWindowAndQuitsAtOnce() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let library = try Self.library(in: dir)
        // A display of its own: the suite's other test has just killed its server on 70 + n.
        let screen = try VirtualDisplay(number: 120 + Int(getpid() % 9))
        defer { screen.stop() }
        let log = dir.appendingPathComponent("stderr.txt")
        let launched = Date()
        let app = try screen.launch([library.path], state: dir.appendingPathComponent("state"), log: log)
        defer { if app.isRunning { app.signal(SIGKILL) } }
        let stopper = WorkerStopper(viewer: app.pid)
        defer { stopper.release() }
        let shown = waitUntil("the window to show", seconds: 10) {
            (try? Folio.runProcess(Folio.which("timeout")!, ["5", Folio.which("xdotool")!, "search", "--onlyvisible", "--name", "^Folio$"],
                                   environment: ["DISPLAY": screen.name]))?.status == 0
        }
        try #require(shown, "no window: \((try? String(contentsOf: log, encoding: .utf8)) ?? ""), running \(app.isRunning)")
        #expect(Date().timeIntervalSince(launched) < 5, "the window showed \(Date().timeIntervalSince(launched)) s after launch")
        #expect(!stopper.workers.isEmpty && stopper.allHeld, "the books are being read by stopped workers")
        _ = try Folio.runProcess(Folio.which("timeout")!, ["10", Folio.which("xdotool")!, "search", "--sync", "--name", "^Folio$",
                                                          "windowfocus", "--sync", "key", "ctrl+q"], environment: ["DISPLAY": screen.name])
        let asked = Date()
        waitUntil("the viewer to quit", seconds: 10) { !app.isRunning }
        #expect(Date().timeIntervalSince(asked) < 1, "Ctrl+Q took \(Date().timeIntervalSince(asked)) s")
        if !app.isRunning { #expect(app.wait().status == 0) }
        #expect(Date().timeIntervalSince(launched) < 12, "quit before any book's listing gave up")
    }
}
