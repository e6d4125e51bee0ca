import FolioTestFixtures
import FolioThreads
import Foundation
import Testing

/// Paths and process helpers for tests that run the real `folio` executable.
enum Folio {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var executable: String {
        for config in ["debug", "release"] {
            let path = root.appendingPathComponent(".build/\(config)/folio").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return root.appendingPathComponent(".build/debug/folio").path
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs folio with `arguments` and waits.
    @discardableResult
    static func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws -> Result {
        try runProcess(executable, arguments, environment: environment, in: directory)
    }

    /// `directory`: the working directory (nil: the tests').
    static func runProcess(_ path: String, _ arguments: [String], environment: [String: String] = [:],
                           in directory: URL? = nil) throws -> Result {
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let child = try ChildProcess(path, arguments, environment: env, directory: directory?.path, stdout: .pipe, stderr: .pipe)
        let (ending, out, err) = child.finish()
        return Result(status: ending.status, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    /// Parses a JSON-lines trace.
    static func trace(_ url: URL) throws -> [[String: Any]] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "a trace line is not an object")
        }
    }
}

extension Folio {
    /// Resident kilobytes of `pid` and every process under it, each page shared between
    /// them counted once (proportional set sizes, summed).
    static func treeKB(_ pid: pid_t) -> Int {
        func field(_ name: String, of pid: pid_t) -> Int {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8),
                  let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return 0 }
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        let children = ((try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? "")
            .split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return field("Pss:", of: pid) + children.reduce(0) { $0 + treeKB($1) }
    }

    /// Runs folio and waits, returning its exit status and the peak resident memory of its
    /// process tree in megabytes (Folio and its decoder workers together, their proportional set sizes summed),
    /// sampled every 2 ms until it exits. (`wait4`'s `ru_maxrss` will not do: a spawned
    /// child inherits the high-water mark of the test process it was spawned from.)
    static func runMeasuringMemory(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, peakMB: Double) {
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let argv = [executable] + arguments
        var cArgs = argv.map { strdup($0) } + [nil]
        var cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, &cArgs, &cEnv)
        guard spawned == 0 else { throw NSError(domain: "spawn", code: Int(spawned)) }
        var status: Int32 = 0
        var peakKB = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid || (done < 0 && errno != EINTR) { break }
            // The whole tree: Folio and its decoder workers, resident at this moment.
            peakKB = max(peakKB, treeKB(pid))
            usleep(2000)
        }
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : -(status & 0x7F), Double(peakKB) / 1024)
    }

    /// Writes one frame of ffmpeg's test colour as an image (its format from the name).
    static func makeImage(_ url: URL, width: Int, height: Int) throws {
        let ffmpeg = try #require(which("ffmpeg"))
        let result = try runProcess(ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "color=c=0x8040c0:s=\(width)x\(height)",
                                             "-frames:v", "1", "-y", url.path])
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// A folder `book` in `dir` of `pages` pictures (1.png …), 300×450: one book.
    static func pictureBook(in dir: URL, pages: Int) throws -> URL {
        let book = dir.appendingPathComponent("book")
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        for page in 1...pages { try makeImage(book.appendingPathComponent("\(page).png"), width: 300, height: 450) }
        return book
    }
}

extension Folio {
    /// The last whole line of a live trace, parsed (nil before the first is written): the
    /// viewer's state at its latest frame that changed anything.
    static func lastState(_ url: URL) -> [String: Any]? {
        guard let data = try? Data(contentsOf: url), let end = data.lastIndex(of: UInt8(ascii: "\n")) else { return nil }
        let start = data[..<end].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? data.startIndex
        return try? JSONSerialization.jsonObject(with: data[start..<end]) as? [String: Any]
    }

    /// Waits until the live trace's latest state satisfies `condition`; that state, or nil
    /// (and an issue naming `what`) when it does not come within `seconds`.
    @discardableResult
    static func waitForState(_ url: URL, _ what: @autoclosure () -> String, seconds: Double = 10,
                             sourceLocation: SourceLocation = #_sourceLocation,
                             _ condition: ([String: Any]) -> Bool) -> [String: Any]? {
        waitFor("\(what()) in the trace (its last line: \(lastState(url).map { "\($0)" } ?? "none"))", seconds: seconds,
                sourceLocation: sourceLocation) {
            lastState(url).flatMap { condition($0) ? $0 : nil }
        }
    }
}
