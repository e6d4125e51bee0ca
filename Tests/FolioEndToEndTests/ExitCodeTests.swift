import FolioTestFixtures
import FolioThreads
import Foundation
import Testing

/// Every documented failure, end to end: its exit code, one sentence on stderr, and nothing
/// rendered or written first when the problem could be known up front.
@Suite(.serialized)
struct ExitCodeTests {
    static let ffmpeg = Folio.which("ffmpeg") != nil

    /// (arguments, what the sentence must name): numbers that once trapped, and flags out of
    /// their ranges, refused by `validate()` before anything runs.
    @Test(arguments: [
        (["record", "--start", "inf", "--trace", "/dev/null"], "--start"),
        (["record", "--start", "nan", "--trace", "/dev/null"], "--start"),
        (["record", "--start", "3601", "--trace", "/dev/null"], "--start"),
        (["record", "--fps", "0", "--trace", "/dev/null"], "--fps"),
        (["record", "--fps", "1e308", "--trace", "/dev/null"], "--fps"),
        (["record", "--duration", "1e18", "--trace", "/dev/null"], "--duration"),
        (["record", "--size", "7681x4320", "--trace", "/dev/null"], "--size"),
        (["record", "--size", "1e308x1e308", "--trace", "/dev/null"], "--size"),
        (["record", "--out", "clip.mov"], "--out"),
        (["record"], "--out"),
        (["record", "--tour", "book", "--script", "demo.json", "--out", "clip.mp4"], "--tour"),
        (["bench", "--flip-rate", "0"], "--flip-rate"),
        (["bench", "--frames", "0"], "--frames"),
        (["bench", "--render-frames", "99999999"], "--render-frames"),
        (["view", "--size", "0x0"], "--size"),
        (["view", "--cache-mb", "-1"], "--cache-mb"),
        (["validate", "/tmp", "--time-limit", "-1"], "--time-limit"),
        (["validate", "/tmp", "--time-limit", "nan"], "--time-limit"),
        (["--no-such-flag"], "--no-such-flag"),
    ])
    func badFlagsExit2WithOneSentence(arguments: [String], names flag: String) throws {
        let result = try Folio.run(arguments, environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("folio: "))
        #expect(result.stderr.contains(flag), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aScriptWithATrappingNumberExits2() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("late.json")
        try #"{"events":[{"t":1e18,"type":"key","key":"right"}]}"#.write(to: script, atomically: true, encoding: .utf8)
        let trace = dir.appendingPathComponent("t.jsonl")
        let result = try Folio.run(["record", "--script", script.path, "--trace", trace.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("late.json") && result.stderr.contains("event 0"))
        #expect(!FileManager.default.fileExists(atPath: trace.path))
    }

    @Test func anUnwritableOutputExits2BeforeAnyFrame() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("t.jsonl")
        // A video is probed only once ffmpeg is known to be there.
        for out in ["/proc/folio-cannot-write/frames/"] + (Self.ffmpeg ? ["/proc/folio-cannot-write/a.mp4"] : []) {
            let result = try Folio.run(["record", "--out", out, "--trace", trace.path, "--quiet"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("/proc/folio-cannot-write"))
            #expect(result.stderr.split(separator: "\n").count == 1)
            // The trace would hold a line per frame rendered.
            #expect(!FileManager.default.fileExists(atPath: trace.path))
        }
    }

    /// An output that is neither a video Folio writes nor a folder is refused before
    /// anything is rendered or created, naming the path and what is accepted.
    @Test(arguments: ["clip.mov", "clip.MKV", "frames.png", "clip.webm.txt"])
    func anUnknownOutputExtensionExits2NamingTheAcceptedOnes(name: String) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent(name).path
        let trace = dir.appendingPathComponent("t.jsonl")
        let result = try Folio.run(["record", "--out", out, "--trace", trace.path, "--quiet"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(out), "\(result.stderr)")
        for ext in [".mp4", ".webm", ".webp", ".gif", "folder"] { #expect(result.stderr.contains(ext)) }
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// The parser's own usage errors (an unknown flag) exit 2 with one line, as documented.
    @Test(arguments: [["record", "--bogus"], ["record", "--bogus", "--trace", "/dev/null"], ["record", "--out"]])
    func usageErrorsExit2(arguments: [String]) throws {
        let result = try Folio.run(arguments, environment: ["SDL_VIDEODRIVER": "offscreen"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("folio: "))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        if arguments.count > 2 { #expect(result.stderr.contains(arguments[1])) }
    }

    /// Without any display the viewer says so and exits 3 at once, rather than falling back
    /// to SDL's invisible offscreen driver and running forever.
    @Test(arguments: [
        ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""],
        ["SDL_VIDEODRIVER": "x11", "DISPLAY": ":99999"],
        ["DISPLAY": ":99999", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""],
    ])
    func withoutADisplayTheViewerExits3(environment: [String: String]) throws {
        let result = try Self.runWithDeadline([], environment: environment, seconds: 10)
        #expect(result?.status == 3, "still running or wrong code: \(String(describing: result))")
        #expect(result?.stderr.contains("no display") == true)
        #expect(result?.stderr.split(separator: "\n").count == 1, "\(result?.stderr ?? "")")
    }

    /// Script text and file names are echoed with control characters and bidi marks escaped.
    @Test func controlCharactersFromAScriptAreEscapedOnStderr() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("evil\u{202E}nosj.json")
        try #"{"events":[{"t":0,"type":"key","key":"\u001b[31mred\u202e\u0007"}]}"#.write(to: script, atomically: true, encoding: .utf8)
        let result = try Folio.run(["record", "--script", script.path, "--trace", dir.appendingPathComponent("t").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\\u{1b}[31mred\\u{202e}\\u{7}"), "\(result.stderr)")
        #expect(result.stderr.contains("evil\\u{202e}nosj.json"))
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 0x07 })
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// A book's title (here its folder's name) is printed escaped; problems exit 1.
    @Test func aTitleWithControlCharactersIsEscapedByValidate() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = dir.appendingPathComponent("Evil\u{1B}[31mbook\u{202E}")
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        let result = try Folio.run(["validate", dir.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("Evil\\u{1b}[31mbook\\u{202e}"), "\(result.stdout)")
        for text in [result.stdout, result.stderr] {
            #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        }
    }

    /// Runs folio, killing it if it is still running after `seconds` (then nil): a hang
    /// guard, not a timing.
    static func runWithDeadline(_ arguments: [String], environment: [String: String], seconds: Double) throws -> Folio.Result? {
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment {
            if v.isEmpty { env.removeValue(forKey: k) } else { env[k] = v }
        }
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let err = dir.appendingPathComponent("stderr.txt").path
        let process = try ChildProcess(Folio.executable, arguments, environment: env, stderr: .file(err))
        guard let ending = process.wait(seconds: seconds) else {
            process.signal(SIGKILL)
            process.wait()
            return nil
        }
        let stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        return Folio.Result(status: ending.status, stdout: "", stderr: stderr)
    }
}
