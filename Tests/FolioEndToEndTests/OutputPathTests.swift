import FolioCore
import FolioLibrary
import FolioTestFixtures
import FolioThreads
import Foundation
import Testing

/// Outputs never replace what is not theirs: a trace goes into a FIFO or a device as it is,
/// a link or a FIFO named as a video is refused and left alone, a failed write is exit 4 and
/// one sentence (never a signal), and the viewer and validate end with 130 on a signal.
@Suite(.serialized)
struct OutputPathTests {
    static let offscreen = ["SDL_VIDEODRIVER": "offscreen"]
    static let ffmpeg = Folio.which("ffmpeg") != nil

    /// The file type of `path` itself (not what a link points to).
    static func type(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// A trace named by a symbolic link is refused; the link and its target stay as they were.
    @Test func aTraceAtASymlinkIsRefusedAndTheTargetUntouched() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("target.txt"), link = dir.appendingPathComponent("trace.jsonl")
        try Data("mine\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        let result = try Folio.run(["record", "--trace", link.path, "--duration", "0.1"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(link.path) && result.stderr.contains("symbolic link"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(Self.type(link.path) == S_IFLNK)
        #expect(try Data(contentsOf: target) == Data("mine\n".utf8))
    }

    /// A trace into a FIFO is written into it: a reader gets the lines, and the FIFO stays one.
    @Test func aTraceIntoAFIFOReachesItsReader() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("trace.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reader's text is handed over through the semaphore it signals once done.
        final class Lines: @unchecked Sendable { var text = "" }
        let lines = Lines(), done = DispatchSemaphore(value: 0)
        let reader = startDetachedThread(named: "folio-test") {
            defer { done.signal() }
            let fd = open(fifo, O_RDONLY)
            guard fd >= 0 else { return }
            var data = Data()
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(fd, &chunk, chunk.count)
                if n <= 0 { break }
                data.append(contentsOf: chunk[0..<n])
            }
            close(fd)
            lines.text = String(decoding: data, as: UTF8.self)
        }
        try #require(reader, "no thread to read the FIFO")
        let result = try Folio.run(["record", "--trace", fifo, "--duration", "0.2", "--fps", "10"])
        #expect(done.wait(timeout: .now() + 10) == .success, "the trace's reader never saw its end")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(lines.text.split(separator: "\n").count == 2, "\(lines.text)")
        #expect(lines.text.hasPrefix("{\"frame\":0"))
        #expect(Self.type(fifo) == S_IFIFO)
    }

    /// A trace into /dev/null is written and /dev/null is still the character device.
    @Test func aTraceIntoDevNullLeavesTheDevice() throws {
        let result = try Folio.run(["record", "--trace", "/dev/null", "--duration", "0.1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.type("/dev/null") == S_IFCHR)
    }

    /// A video cannot go into a FIFO (it is made beside the name and moved into place): exit
    /// 2 before anything runs, saying why, and the FIFO stays.
    @Test(.enabled(if: ffmpeg, "needs ffmpeg (installed by .ci/run)"))
    func aVideoIntoAFIFOIsRefused() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("clip.mp4").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try Folio.run(["record", "--out", fifo, "--duration", "0.1", "--quiet"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(fifo) && result.stderr.contains("FIFO") && result.stderr.contains("regular file"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(Self.type(fifo) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["clip.mp4"])
    }

    /// A name with no extension that is not a folder is refused rather than made a folder.
    @Test func anOutputWithoutExtensionIsRefused() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("o").path
        let result = try Folio.run(["record", "--out", out, "--duration", "0.1", "--quiet"])
        #expect(result.status == 2)
        for word in [out, ".mp4", ".gif", "folder"] { #expect(result.stderr.contains(word), "\(result.stderr)") }
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// Short and relative names are paths like any other: a one-letter trace, a GIF and a
    /// frame folder named with a trailing slash, in the working directory, with ./ and ../.
    @Test(arguments: [["--out", "s/", "--trace", "t"], ["--out", "./f/../a.gif", "--trace", "../x/t"]])
    func shortAndRelativeOutputsAreWritten(_ outputs: [String]) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let work = dir.appendingPathComponent("x")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("f"), withIntermediateDirectories: true)
        let result = try Folio.run(["record", "--duration", "0.1", "--size", "160x100", "--quiet"] + outputs, in: work)
        #expect(result.status == 0, "\(result.stderr)")
        let trace = try String(contentsOf: work.appendingPathComponent("t"), encoding: .utf8)
        #expect(trace.split(separator: "\n").count >= 3 && trace.hasPrefix("{"))
        if outputs[1] == "s/" {
            #expect(try FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("s").path).contains { $0.hasSuffix(".png") })
        } else {
            #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("a.gif").path))
        }
    }

    /// A file Folio did not write is never replaced without --overwrite: `--out` (a video)
    /// and `--trace` onto an existing file exit 2 with one sentence naming it, the file byte
    /// for byte as it was; with --overwrite both are replaced. An empty file holds nothing
    /// to lose and is written.
    @Test(arguments: ["--out", "--trace"])
    func anExistingFileIsReplacedOnlyWithOverwrite(flag: String) throws {
        if flag == "--out", !Self.ffmpeg { return }
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let precious = dir.appendingPathComponent(flag == "--out" ? "precious.gif" : "precious.jsonl")
        let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: precious)
        let command = ["record", "--duration", "0.2", "--fps", "10", "--size", "160x100", "--quiet", flag, precious.path]
        let refused = try Folio.run(command)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains(precious.path) && refused.stderr.contains("--overwrite"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(try Data(contentsOf: precious) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [precious.lastPathComponent])

        let replaced = try Folio.run(command + ["--overwrite"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        let written = try Data(contentsOf: precious)
        #expect(written != bytes)
        #expect(flag == "--out" ? written.starts(with: Data("GIF8".utf8)) : written.starts(with: Data("{\"frame\":0".utf8)))

        let empty = dir.appendingPathComponent(flag == "--out" ? "empty.gif" : "empty.jsonl")
        try Data().write(to: empty)
        let intoEmpty = try Folio.run(["record", "--duration", "0.2", "--fps", "10", "--size", "160x100", "--quiet", flag, empty.path])
        #expect(intoEmpty.status == 0, "\(intoEmpty.stderr)")
        #expect(try !Data(contentsOf: empty).isEmpty)
    }

    /// The viewer's --trace and --capture follow the same rule: an existing file is refused
    /// before the window opens, and left as it was.
    @Test(arguments: ["--trace", "--capture"])
    func theViewersOutputsRefuseAnExistingFile(flag: String) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let precious = dir.appendingPathComponent("precious.json")
        try Data("mine\n".utf8).write(to: precious)
        let refused = try Folio.run([flag, precious.path, "--exit-after-first-frame"], environment: Self.offscreen)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains(precious.path) && refused.stderr.contains("--overwrite"), "\(refused.stderr)")
        #expect(try Data(contentsOf: precious) == Data("mine\n".utf8))
        let replaced = try Folio.run([flag, precious.path, "--overwrite", "--exit-after-first-frame"], environment: Self.offscreen)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try Data(contentsOf: precious) != Data("mine\n".utf8))
    }

    /// An output in a folder that does not exist is refused, naming the path.
    @Test func anOutputInAMissingFolderIsRefused() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("missing/t.jsonl").path
        let result = try Folio.run(["record", "--trace", trace, "--duration", "0.1"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(trace) && result.stderr.contains("does not exist"), "\(result.stderr)")
    }

    /// `validate`'s list on a full disk: exit 4 and one sentence, not a signal.
    @Test func validateIntoAFullDiskExits4() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // An empty book folder is a problem, so validate has a line to print.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        let result = try Self.run(["validate", dir.path], stdout: "/dev/full")
        #expect(result.status == 4, "\(result)")
        #expect(result.stderr.contains("standard output") && result.stderr.contains("no space left"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    /// A trace into /dev/full: exit 4 with a sentence naming it.
    @Test func aTraceIntoAFullDiskExits4() throws {
        let result = try Folio.run(["record", "--trace", "/dev/full", "--duration", "0.1"])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("/dev/full") && result.stderr.contains("no space left"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// `--page -1` is a page out of range, not a missing value.
    @Test func aNegativePageIsOutOfRange() throws {
        let result = try Folio.run(["--page", "-1", "--exit-after-first-frame"], environment: Self.offscreen)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--page -1 is outside 1…") && result.stderr.contains("pages start at 1"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// Negative numbers reach the range checks of the other numeric options too.
    @Test(arguments: [["record", "--fps", "-5", "--trace", "/dev/null"], ["record", "--duration", "-1", "--trace", "/dev/null"],
                      ["view", "--cache-mb", "-1"]])
    func negativeNumbersAreOutOfRange(arguments: [String]) throws {
        let result = try Folio.run(arguments, environment: Self.offscreen)
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(arguments[1]) -") && result.stderr.contains("outside"), "\(result.stderr)")
    }

    /// SIGTERM, Ctrl-C, SIGHUP (the terminal closed) and SIGUSR1 end a running viewer with
    /// 130, as documented, quickly, and its capture is written whole, never left empty.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGUSR1])
    func theViewerExits130OnASignalAndKeepsItsCapture(signal: Int32) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("t.jsonl").path
        let capture = dir.appendingPathComponent("capture.json").path
        let process = try ChildProcess(Folio.executable, ["--trace", trace, "--capture", capture], environment: ChildProcess.environment([
            "SDL_VIDEODRIVER": "offscreen", "XDG_STATE_HOME": dir.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]))
        // Running once the first frame is traced.
        waitUntil("the first frame traced", seconds: 30) {
            !process.isRunning || !((try? Data(contentsOf: URL(fileURLWithPath: trace)))?.isEmpty ?? true)
        }
        process.signal(signal)
        if process.wait(seconds: 10) == nil { process.signal(SIGKILL) }
        #expect(process.wait() == ChildProcess.Ending(status: 130, exited: true))
        let script = try InputScript.load(path: capture)
        #expect(script.size == Size(width: 1280, height: 800), "the capture was written whole")
    }

    /// Ctrl-C or SIGTERM during `validate` ends it at once with 130 and one sentence, a
    /// page being decoded or not.
    @Test(arguments: [SIGINT, SIGTERM])
    func validateExits130OnAnInterrupt(signal: Int32) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = dir.appendingPathComponent("book")
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        let page = Folio.root.appendingPathComponent("Assets/Books/night-sky/cover.png")
        for i in 0..<150 { try FileManager.default.copyItem(at: page, to: book.appendingPathComponent(String(format: "p%03d.png", i))) }
        let process = try ChildProcess(Folio.executable, ["validate", dir.path], stderr: .pipe)
        // At work: a page is in a decoder worker.
        waitUntil("a decoder worker") { !ProcessMemory.children(of: process.pid).isEmpty || !process.isRunning }
        #expect(process.isRunning, "validate was still at work")
        let sent = Date()
        process.signal(signal)
        let (ending, _, err) = process.finish()
        #expect(Date().timeIntervalSince(sent) < 2)
        #expect(ending == ChildProcess.Ending(status: 130, exited: true))
        let said = String(decoding: err, as: UTF8.self)
        #expect(said.contains("interrupted; validate stopped."), "\(said)")
    }

    /// Runs folio under a file-size limit of `kilobytes` (each write past it fails with
    /// EFBIG, as on a full disk).
    static func runLimited(kilobytes: Int, _ arguments: [String]) throws -> Folio.Result {
        let quoted = ([Folio.executable] + arguments).map { "'\($0)'" }.joined(separator: " ")
        // dash counts ulimit -f in 512-byte blocks.
        return try Folio.runProcess("/bin/sh", ["-c", "ulimit -f \(kilobytes * 2); exec \(quoted)"])
    }

    /// A frame that cannot be written whole is not left truncated, nor its partial file.
    @Test func aFailedFrameLeavesNoTruncatedFile() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        let result = try Self.runLimited(kilobytes: 8, ["record", "--out", out.path + "/", "--size", "640x400", "--duration", "1", "--quiet"])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("frame-0") && result.stderr.contains("could not be written"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    /// ffmpeg's own lines never reach the terminal: a failed video is one sentence of
    /// Folio's, summarising what ffmpeg said, and no file is left.
    @Test(.enabled(if: ffmpeg, "needs ffmpeg (installed by .ci/run)"))
    func aFailedVideoIsOneSentenceOfFolios() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("clip.mp4").path
        let result = try Self.runLimited(kilobytes: 8, ["record", "--out", out, "--size", "640x400", "--duration", "1", "--quiet"])
        #expect(result.status == 4, "\(result.stderr)")
        // Every line is Folio's (the decoders, under the same limit, add warnings).
        for line in result.stderr.split(separator: "\n") { #expect(line.hasPrefix("folio: "), "\(line)") }
        #expect(result.stderr.contains("\(out): ffmpeg failed") && result.stderr.contains("File too large"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// The terminal failing mid-recording (standard error at /dev/full when a damaged page's
    /// warning is written, once the book opens and its cover turns): exit 4, ffmpeg stopped, and no unfinished
    /// video left beside the output.
    @Test(.enabled(if: ffmpeg, "needs ffmpeg (installed by .ci/run)"))
    func aTerminalThatFailsMidRecordingLeavesNoPartialVideo() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = dir.appendingPathComponent("book"), out = dir.appendingPathComponent("clips")
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Folio.makeImage(book.appendingPathComponent("cover.jpg"), width: 200, height: 300)
        try Folio.makeImage(book.appendingPathComponent("p2.jpg"), width: 200, height: 300)
        try Data(try Data(contentsOf: book.appendingPathComponent("p2.jpg")).prefix(300)).write(to: book.appendingPathComponent("p1.jpg"))
        let script = dir.appendingPathComponent("open.json")
        try #"{"size":[320,200],"fps":10,"duration":3,"events":[{"t":0.5,"type":"key","key":"return"},{"t":1.7,"type":"key","key":"right"}]}"#
            .write(to: script, atomically: true, encoding: .utf8)
        let process = try ChildProcess(Folio.executable, ["record", "--library", book.path, "--script", script.path, "--out", out.appendingPathComponent("clip.mp4").path],
                                       environment: ChildProcess.environment(["SDL_VIDEODRIVER": "offscreen"]), stderr: .file("/dev/full"))
        #expect(process.wait() == ChildProcess.Ending(status: 4, exited: true))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    /// Runs folio with standard output at `stdout` (a path) and waits.
    static func run(_ arguments: [String], stdout: String) throws -> Folio.Result {
        let process = try ChildProcess(Folio.executable, arguments, stdout: .file(stdout), stderr: .pipe)
        let (ending, _, err) = process.finish()
        #expect(ending.exited, "ended by a signal")
        return Folio.Result(status: ending.status, stdout: "", stderr: String(decoding: err, as: UTF8.self))
    }
}
