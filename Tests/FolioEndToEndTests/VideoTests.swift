import Foundation
import Testing

/// MP4 and GIF through ffmpeg, checked with ffprobe; interruption and bad outputs.
@Suite(.serialized)
struct VideoTests {
    static let ffmpeg = Folio.which("ffmpeg") != nil && Folio.which("ffprobe") != nil
    static let script = """
    {"size":[320,200],"fps":30,"duration":1.0,"events":[{"t":0.1,"type":"key","key":"return"}]}
    """

    static func probe(_ path: String) throws -> [String: Any] {
        let result = try Folio.runProcess(Folio.which("ffprobe")!, [
            "-v", "error", "-count_frames", "-select_streams", "v:0",
            "-show_entries", "stream=codec_name,width,height,pix_fmt,nb_read_frames:format=duration",
            "-of", "json", path])
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
    }

    @Test(.enabled(if: ffmpeg, "needs ffmpeg and ffprobe (installed by .ci/run)"),
          arguments: [("mp4", "h264"), ("gif", "gif")])
    func videoHasTheCodecSizeFramesAndDuration(ext: String, codec: String) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scriptURL = dir.appendingPathComponent("s.json")
        try Self.script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("clip.\(ext)").path
        let result = try Folio.run(["record", "--script", scriptURL.path, "--out", out, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let info = try Self.probe(out)
        let stream = (info["streams"] as! [[String: Any]])[0]
        #expect(stream["codec_name"] as? String == codec)
        #expect(stream["width"] as? Int == 320)
        #expect(stream["height"] as? Int == 200)
        // The script runs 1 s at 30 fps; a GIF can only say 25 fps (4/100 s a frame) there.
        #expect(Int(stream["nb_read_frames"] as? String ?? "") == (ext == "gif" ? 25 : 30))
        if ext == "mp4" { #expect(stream["pix_fmt"] as? String == "yuv420p") }
        let duration = Double((info["format"] as! [String: Any])["duration"] as? String ?? "") ?? 0
        #expect(abs(duration - 1.0) < (ext == "gif" ? 1e-6 : 0.05))
        // No partial file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["clip.\(ext)", "s.json"])
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
        let frames = try Folio.run(["record", "--script", scriptURL.path, "--out", dir.appendingPathComponent("frames").path, "--quiet"], environment: env)
        #expect(frames.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("frames").path).count == 30)
    }

    @Test func anUnwritableOutputFailsBeforeRendering() throws {
        let result = try Folio.run(["record", "--out", "/proc/folio-cannot-write/frames", "--quiet"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/proc/folio-cannot-write"))
    }

    @Test(.enabled(if: ffmpeg, "needs ffmpeg (installed by .ci/run)"))
    func ctrlCLeavesNoCorruptVideo() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("demo.mp4").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Folio.executable)
        process.arguments = ["record", "--out", out, "--quiet"]
        let err = Pipe()
        process.standardError = err
        try process.run()
        // Interrupt once recording is under way (ffmpeg has created its partial file).
        let partial = dir.appendingPathComponent(".demo.mp4.partial.mp4").path
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: partial) && Date() < deadline { usleep(50_000) }
        usleep(300_000)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130)
        #expect(message.contains("interrupted"))
        #expect(message.contains("was not written"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
