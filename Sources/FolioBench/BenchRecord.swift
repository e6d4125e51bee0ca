import FolioCore
import FolioLibrary
import FolioRecording
import FolioSDL
import Foundation

extension Benchmarks {
    /// Frames per second of recording the built-in demo (60 fps, 960 frames) at 1280×800: PNG
    /// frames, MP4, WebM and GIF; MP4 also at 1920×1080, and at 3840×2160 for its first 8 s
    /// (480 frames). Frames of the recording over the seconds taken, so a GIF, which draws only
    /// the 400 frames it keeps at 25 fps, can beat real time more easily.
    public func measureRecording(library: Library) throws -> [(String, JSONValue)] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bench-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var out: [(String, JSONValue)] = []
        var cases: [(name: String, output: Recorder.Output, size: Size?, duration: Double?)] = [
            ("png", .frames(directory: dir.appendingPathComponent("frames").path), nil, nil),
        ]
        if VideoEncoder.ffmpegPath() != nil {
            for format in [VideoEncoder.Format.mp4, .webm, .gif] {
                cases.append((format.rawValue, .video(path: dir.appendingPathComponent("demo.\(format.rawValue)").path, format: format),
                              nil, nil))
            }
            let mp4 = Recorder.Output.video(path: dir.appendingPathComponent("large.mp4").path, format: .mp4)
            cases.append(("mp4_1080p", mp4, Size(width: 1920, height: 1080), nil))
            cases.append(("mp4_2160p", mp4, Size(width: 3840, height: 2160), 8))
        }
        for c in cases {
            var options = Recorder.Options()
            options.output = c.output
            options.size = c.size
            options.duration = c.duration
            options.quiet = true
            options.overwrite = true
            let start = seconds()
            let frames: Int
            do {
                frames = try Recorder(library: library, script: .builtInDemo, decoder: decoder, options: options)
                    .run(interrupted: interrupted)
            } catch is RecordingInterrupted {
                throw FolioError.interrupted("interrupted; the benchmark stopped.")
            }
            out.append((c.name, .number(Double(frames) / (seconds() - start))))
        }
        return out
    }
}

extension Benchmarks {
    /// Where a recorded frame's time goes, one stage after another on one thread (medians over
    /// every fourth frame of the built-in demo at 1280×800, ms): drawing it (until the renderer
    /// has finished), reading it back as the recorder does (4 bytes a pixel, the target's own
    /// order), reading it back as RGB (SDL converting each pixel), and writing it as a PNG.
    public func measureRecordingStages(library: Library) throws -> [(String, JSONValue)] {
        let script = InputScript.builtInDemo
        let app = FolioApp(library: library, size: script.size)
        var player = ScriptPlayer(app: app, script: script)
        let canvas = try HeadlessCanvas(library: library, decoder: decoder, width: Int(script.size.width), height: Int(script.size.height),
                                        keepsFrameSize: true)
        let frame = FrameBuffer(count: Int(canvas.size.width) * Int(canvas.size.height) * 4)
        var rgb: [UInt8] = []
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bench-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var draw: [Double] = [], read: [Double] = [], readRGB: [Double] = [], png: [Double] = []
        while let (index, _) = player.advance() {
            guard index % 4 == 0 else { continue }
            var start = seconds()
            try canvas.draw(app)
            canvas.finish()
            draw.append((seconds() - start) * 1000)
            start = seconds()
            canvas.readPixels(into: frame)
            read.append((seconds() - start) * 1000)
            start = seconds()
            canvas.readRGB(into: &rgb)
            readRGB.append((seconds() - start) * 1000)
            start = seconds()
            try PNGFrame.write(frame, to: path)
            png.append((seconds() - start) * 1000)
        }
        return [("draw", .number(median(draw))), ("read_back", .number(median(read))),
                ("read_back_rgb24", .number(median(readRGB))), ("png", .number(median(png)))]
    }
}
