import FolioTestFixtures
import FolioThreads
import Foundation
import Testing

/// MP4, WebM, WebP and GIF through ffmpeg, checked with ffprobe (WebP by its chunks);
/// interruption and bad outputs.
@Suite(.serialized)
struct VideoTests {
    static let ffmpeg = Folio.which("ffmpeg") != nil && Folio.which("ffprobe") != nil
    static let script = """
    {"size":[320,200],"fps":30,"duration":1.0,"events":[{"t":0.1,"type":"key","key":"return"}]}
    """

    static func probe(_ path: String) throws -> [String: Any] {
        let result = try Folio.runProcess(Folio.which("ffprobe")!, [
            "-v", "error", "-count_frames", "-select_streams", "v:0",
            "-show_entries", "stream=codec_name,width,height,pix_fmt,nb_read_frames,color_space,color_primaries,color_transfer,color_range:format=duration",
            "-of", "json", path])
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "ffprobe printed no object")
    }

    /// The packet durations of the first video stream, in its time base's units, and that
    /// time base.
    static func packetDurations(_ path: String) throws -> (durations: [Int], timeBase: String) {
        let packets = try Folio.runProcess(Folio.which("ffprobe")!, [
            "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=duration", "-of", "csv=p=0", path])
        let base = try Folio.runProcess(Folio.which("ffprobe")!, [
            "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=time_base", "-of", "csv=p=0", path])
        return (packets.stdout.split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) },
                base.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Records `script` (written to the folder as s.json) with `arguments` into `name`;
    /// returns the output's path.
    static func record(_ script: String, to name: String, in dir: URL, _ arguments: [String] = []) throws -> String {
        let scriptURL = dir.appendingPathComponent("s.json")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent(name).path
        let result = try Folio.run(["record", "--script", scriptURL.path, "--out", out, "--quiet"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return out
    }

    @Test(.enabled(if: ffmpeg, "needs ffmpeg and ffprobe (installed by .ci/run)"),
          arguments: [("mp4", "h264", 30), ("webm", "vp9", 30), ("gif", "gif", 25)])
    func videoHasTheCodecSizeFramesAndDuration(ext: String, codec: String, frames: Int) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.record(Self.script, to: "clip.\(ext)", in: dir)
        let info = try Self.probe(out)
        let stream = try #require((info["streams"] as? [[String: Any]])?.first)
        #expect(stream["codec_name"] as? String == codec)
        #expect(stream["width"] as? Int == 320)
        #expect(stream["height"] as? Int == 200)
        // The script runs 1 s at 30 fps; a GIF plays at 25 fps (4/100 s a frame) there.
        #expect(Int(stream["nb_read_frames"] as? String ?? "") == frames)
        if ext != "gif" {
            #expect(stream["pix_fmt"] as? String == "yuv420p")
            // Tagged as the pixels are made: BT.709's matrix, primaries and transfer, limited
            // range (players would otherwise guess, and shift the colours).
            for key in ["color_space", "color_primaries", "color_transfer"] { #expect(stream[key] as? String == "bt709", "\(key): \(stream[key] ?? "none")") }
            #expect(stream["color_range"] as? String == "tv")
        }
        let duration = Double((info["format"] as? [String: Any])?["duration"] as? String ?? "") ?? 0
        #expect(abs(duration - 1.0) < (ext == "gif" ? 1e-6 : 0.05))
        // No partial file (nor a GIF's palette or intermediate frames) is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["clip.\(ext)", "s.json"])
    }

    /// A GIF's delays add up to the recording's length exactly, at a rate GIF can say, also
    /// when the length is not a whole number of frames: the last delay takes the rest.
    @Test(.enabled(if: ffmpeg, "needs ffmpeg and ffprobe (installed by .ci/run)"), arguments: [
        ([] as [String], 25, 4, 100),                            // 1 s at 30 fps → 25 fps
        (["--duration", "1.37"], 34, 4, 137),                    // 41 frames, 1.3667 s: 33 × 4 + 5
        (["--fps", "60", "--duration", "1.03"], 51, 2, 103),     // --fps asks for more: 50 fps; 50 × 2 + 3
        (["--fps", "20", "--duration", "0.55"], 11, 5, 55),      // 20 fps stays 20 fps
    ])
    func gifDelaysAddUpToTheDuration(arguments: [String], frames: Int, hundredths: Int, total: Int) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.record(Self.script, to: "clip.gif", in: dir, arguments)
        let (durations, base) = try Self.packetDurations(out)
        #expect(base == "1/100")
        #expect(durations.count == frames)
        #expect(durations.dropLast().allSatisfy { $0 == hundredths }, "\(durations)")
        #expect((2...hundredths + 1).contains(durations.last ?? 0))
        #expect(durations.reduce(0, +) == total)
    }

    /// An animated WebP (which this ffprobe cannot decode), read chunk by chunk: the canvas
    /// size, VP8 frames, and their durations in milliseconds adding up to the length.
    @Test(.enabled(if: ffmpeg, "needs ffmpeg (installed by .ci/run)"))
    func webpIsAnAnimationOfTheScriptsLength() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.record(Self.script, to: "clip.webp", in: dir)
        let webp = try WebPFile(Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(webp.canvas == [320, 200])
        #expect(webp.loops == 0)
        // libwebp merges frames that did not change, so there are at most 30, and the key
        // press makes them more than one.
        #expect(webp.frames.count > 1 && webp.frames.count <= 30)
        #expect(webp.frames.allSatisfy { $0.codec == "VP8 " || $0.codec == "VP8L" })
        // Whole milliseconds: within a frame (33 ms) of 1 s.
        let total = webp.frames.map(\.milliseconds).reduce(0, +)
        #expect(abs(total - 1000) <= 33, "\(webp.frames.map(\.milliseconds))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["clip.webp", "s.json"])
    }

    /// A resize in a script recorded to a video keeps the first size (or --size): the new
    /// shape is letterboxed into it (the pixels are checked in FolioSDLTests' LetterboxTests).
    @Test(.enabled(if: ffmpeg, "needs ffmpeg and ffprobe (installed by .ci/run)"), arguments: [
        ("mp4", [] as [String], [320, 240]),
        ("webm", [], [320, 240]),
        ("gif", [], [320, 240]),
        ("mp4", ["--size", "640x480"], [640, 480]),
    ])
    func aResizeRecordedToAVideoKeepsTheFirstSize(ext: String, arguments: [String], size: [Int]) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = """
        {"size":[320,240],"fps":10,"duration":2,"events":[{"t":0.5,"type":"key","key":"right"},
         {"t":1,"type":"resize","size":[640,240]},{"t":1.5,"type":"resize","size":[200,400]}]}
        """
        let out = try Self.record(script, to: "v.\(ext)", in: dir, arguments)
        let stream = try #require((try Self.probe(out)["streams"] as? [[String: Any]])?.first)
        #expect([stream["width"] as? Int, stream["height"] as? Int] == size.map { $0 })
        #expect(Int(stream["nb_read_frames"] as? String ?? "") == 20)
    }

    @Test func withoutFFmpegVideoStopsBeforeRenderingButPNGWorks() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scriptURL = dir.appendingPathComponent("s.json")
        try Self.script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let env = ["PATH": "/nonexistent"]
        let video = try Folio.run(["record", "--script", scriptURL.path, "--out", dir.appendingPathComponent("a.mp4").path], environment: env)
        #expect(video.status == 2)
        #expect(video.stderr.contains("apt-get install ffmpeg"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("a.mp4").path))
        let frames = try Folio.run(["record", "--script", scriptURL.path, "--out", dir.appendingPathComponent("frames").path + "/", "--quiet"], environment: env)
        #expect(frames.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("frames").path).count == 30)
    }

    /// A folder named like a video is never replaced by one (nor emptied).
    @Test(.enabled(if: ffmpeg, "needs ffmpeg (installed by .ci/run)"))
    func aFolderNamedLikeAVideoIsRefused() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("clip.gif")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let result = try Folio.run(["record", "--out", folder.path, "--duration", "0.1", "--quiet"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(folder.path) && result.stderr.contains("folder"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
    }

    @Test func anUnwritableOutputFailsBeforeRendering() throws {
        let result = try Folio.run(["record", "--out", "/proc/folio-cannot-write/frames/", "--quiet"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/proc/folio-cannot-write"))
    }

    /// (the output, the file ffmpeg writes first): a GIF's first run writes lossless frames.
    @Test(.enabled(if: ffmpeg, "needs ffmpeg (installed by .ci/run)"), arguments: [
        ("demo.mp4", ".demo.mp4.partial.mp4"), ("demo.gif", ".demo.gif.partial.frames.nut"),
    ])
    func ctrlCLeavesNoCorruptVideo(name: String, partialName: String) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent(name).path
        let process = try ChildProcess(Folio.executable, ["record", "--out", out, "--quiet"], stderr: .pipe)
        // Interrupt once recording is under way (ffmpeg has written frames to its partial file).
        let partial = dir.appendingPathComponent(partialName).path
        waitUntil("a frame in \(partialName)", seconds: 20) {
            ((try? FileManager.default.attributesOfItem(atPath: partial)[.size] as? Int) ?? 0) > 0
        }
        process.signal(SIGINT)
        let (ending, _, err) = process.finish()
        let message = String(decoding: err, as: UTF8.self)
        #expect(ending == ChildProcess.Ending(status: 130, exited: true))
        #expect(message.contains("interrupted"))
        #expect(message.contains("was not written"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// Writes an executable `ffmpeg` shell script into `dir` (for PATH) and returns `dir`.
    static func fakeFFmpeg(_ body: String, in dir: URL) throws -> String {
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let path = bin.appendingPathComponent("ffmpeg").path
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    /// What reaches ffmpeg is every frame, in order, with the pixels of the PNG frames the
    /// same script records (ffmpeg itself reads the PNGs back for the comparison), laid out
    /// as the `-pix_fmt` folio tells ffmpeg.
    @Test(.enabled(if: ffmpeg, "needs ffmpeg (installed by .ci/run)"), arguments: ["mp4", "webm", "webp"])
    func framesReachFFmpegInOrderAsDrawn(ext: String) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let raw = dir.appendingPathComponent("raw").path
        // Keeps the stream and the arguments, and leaves an output (the last argument) for
        // folio to move.
        let path = try Self.fakeFFmpeg("printf '%s\\n' \"$@\" > \"$FOLIO_TEST_RAW.args\"\nfor last; do :; done\ncat > \"$FOLIO_TEST_RAW\"\n: > \"$last\"", in: dir)
        let scriptPath = dir.appendingPathComponent("s.json").path
        try Self.script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let piped = try Folio.run(["record", "--script", scriptPath, "--out", dir.appendingPathComponent("clip.\(ext)").path, "--quiet"],
                                  environment: ["PATH": path, "FOLIO_TEST_RAW": raw])
        #expect(piped.status == 0, "\(piped.stderr)")
        let frames = dir.appendingPathComponent("frames").path + "/"
        let png = try Folio.run(["record", "--script", scriptPath, "--out", frames, "--quiet"])
        #expect(png.status == 0, "\(png.stderr)")
        // The input's pixel format: the -pix_fmt before -i.
        let args = try String(contentsOfFile: raw + ".args", encoding: .utf8).split(separator: "\n").map(String.init)
        let input = try #require(args.firstIndex(of: "-i"))
        let format = try #require(args[..<input].lastIndex(of: "-pix_fmt").map { args[$0 + 1] })
        // ffmpeg converts the PNG frames to that format: the reference.
        let decoded = dir.appendingPathComponent("decoded").path
        let matrix = format == "rgb0" ? [] : ["-vf", "scale=out_color_matrix=bt709:out_range=tv"]
        let convert = try Folio.runProcess(Folio.which("ffmpeg")!, ["-v", "error", "-i", frames + "frame-%05d.png"] + matrix
                                           + ["-f", "rawvideo", "-pix_fmt", format == "rgb0" ? "rgb24" : format, decoded])
        #expect(convert.status == 0, "\(convert.stderr)")
        let s = [UInt8](try #require(FileManager.default.contents(atPath: raw)))
        let e = [UInt8](try #require(FileManager.default.contents(atPath: decoded)))
        let pixels = 320 * 200
        switch format {
        case "rgb0":
            // 30 frames, 4 bytes a pixel (the fourth is padding) against 3: exactly the same.
            try #require(s.count == 30 * pixels * 4 && e.count == 30 * pixels * 3)
            var mismatches = 0
            for p in 0..<(30 * pixels) where s[p * 4] != e[p * 3] || s[p * 4 + 1] != e[p * 3 + 1] || s[p * 4 + 2] != e[p * 3 + 2] {
                mismatches += 1
            }
            #expect(mismatches == 0)
        case "yuv420p":
            // 30 frames of a luma plane and two quarter-size chroma planes. Luma within one
            // step of ffmpeg's (rounding); chroma the same but where ffmpeg's vertical filter,
            // wider than a 2 × 2 mean, reaches across an edge.
            let frame = pixels * 3 / 2
            try #require(s.count == 30 * frame && e.count == 30 * frame)
            var lumaOff = 0, chromaOff = 0
            for f in 0..<30 {
                for i in 0..<frame where abs(Int(s[f * frame + i]) - Int(e[f * frame + i])) > 1 {
                    if i < pixels { lumaOff += 1 } else { chromaOff += 1 }
                }
            }
            #expect(lumaOff == 0)
            #expect(Double(chromaOff) < 0.01 * Double(30 * pixels / 2))
        default:
            Issue.record("ffmpeg is sent \(format)")
        }
    }

    /// An MP4 and a WebM, decoded, show the colours of the PNG frames of the same script: no
    /// channel swapped, no shift of the whole picture (only what compression loses).
    @Test(.enabled(if: ffmpeg, "needs ffmpeg (installed by .ci/run)"), arguments: ["mp4", "webm"])
    func videoColoursAreTheFramesColours(ext: String) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let video = try Self.record(Self.script, to: "clip.\(ext)", in: dir)
        let png = try Folio.run(["record", "--script", dir.appendingPathComponent("s.json").path,
                                 "--out", dir.appendingPathComponent("frames").path + "/", "--quiet"])
        #expect(png.status == 0, "\(png.stderr)")
        func rgb(_ input: String, _ name: String) throws -> [UInt8] {
            let out = dir.appendingPathComponent(name).path
            let result = try Folio.runProcess(Folio.which("ffmpeg")!, ["-v", "error", "-i", input, "-f", "rawvideo", "-pix_fmt", "rgb24", out])
            #expect(result.status == 0, "\(result.stderr)")
            return [UInt8](try #require(FileManager.default.contents(atPath: out)))
        }
        let decoded = try rgb(video, "video.rgb")
        let frames = try rgb(dir.appendingPathComponent("frames").path + "/frame-%05d.png", "frames.rgb")
        try #require(decoded.count == frames.count && frames.count == 30 * 320 * 200 * 3)
        var signed = [0, 0, 0], absolute = 0
        for i in 0..<frames.count {
            let d = Int(decoded[i]) - Int(frames[i])
            signed[i % 3] += d
            absolute += abs(d)
        }
        let n = Double(frames.count / 3)
        for channel in signed { #expect(abs(Double(channel) / n) < 1.5) }
        #expect(Double(absolute) / Double(frames.count) < 3)
    }

    /// ffmpeg dies after a few frames: one sentence, exit 4, no partial file, and no hang.
    @Test func anEncoderThatDiesMidRunFailsCleanly() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.fakeFFmpeg("head -c 1000000 > /dev/null\nexit 3", in: dir)
        let scriptURL = dir.appendingPathComponent("s.json")
        try Self.script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let started = Date()
        let result = try Folio.run(["record", "--script", scriptURL.path, "--out", dir.appendingPathComponent("clip.mp4").path, "--quiet"],
                                   environment: ["PATH": path])
        #expect(result.status == 4)
        #expect(result.stderr.contains("ffmpeg stopped with status 3"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["bin", "s.json"])
    }

    /// ffmpeg takes no frames at all: Ctrl-C still ends the recording at once.
    @Test func ctrlCIsHeardWhileTheEncoderIsStuck() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let started = dir.appendingPathComponent("started").path
        let path = try Self.fakeFFmpeg(": > '\(started)'\nexec sleep 60", in: dir)
        let process = try ChildProcess(Folio.executable, ["record", "--out", dir.appendingPathComponent("clip.mp4").path, "--quiet"],
                                       environment: ChildProcess.environment(["PATH": path]), stderr: .pipe)
        // Interrupted once the encoder that never reads is running (Folio is then writing into it).
        waitUntil("the stand-in encoder to start", seconds: 20) { FileManager.default.fileExists(atPath: started) }
        let interrupted = Date()
        process.signal(SIGINT)
        let (ending, _, err) = process.finish()
        let message = String(decoding: err, as: UTF8.self)
        #expect(ending == ChildProcess.Ending(status: 130, exited: true), "\(message)")
        #expect(message.contains("was not written"))
        #expect(Date().timeIntervalSince(interrupted) < 5)
    }
}
