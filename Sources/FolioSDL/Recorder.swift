import CSDL2
import FolioCore
import Foundation

/// Renders a script headless at a fixed time step: PNG frames into a folder, or an MP4 or
/// GIF through ffmpeg, plus an optional state trace (one JSON line per frame).
public struct Recorder {
    public enum Output: Equatable {
        case frames(directory: String)
        case video(path: String, format: VideoEncoder.Format)

        /// `.mp4` and `.gif` files are videos; anything else is a folder of PNG frames.
        public static func parse(_ path: String) -> Output {
            let lower = path.lowercased()
            if lower.hasSuffix(".mp4") { return .video(path: path, format: .mp4) }
            if lower.hasSuffix(".gif") { return .video(path: path, format: .gif) }
            return .frames(directory: path)
        }
    }

    public struct Options {
        public var output: Output?
        public var tracePath: String?
        public var size: Size?
        public var fps: Double?
        public var start = 0.0
        public var duration: Double?
        public var slowMotion = false
        public var quiet = false
        /// Page texture budget, bytes (nil: the renderer's default).
        public var cacheBytes: Int?
        public init() {}
    }

    public let library: Library
    public let script: InputScript
    public let options: Options

    public init(library: Library, script: InputScript, options: Options) {
        self.library = library
        self.script = script
        self.options = options
    }

    /// Renders every frame; returns the number written.
    @discardableResult
    public func run(interrupted: () -> Bool = { false }) throws -> Int {
        let script = options.size.map { self.script.scaled(to: $0) } ?? self.script
        if case .video(let path, _)? = options.output, let resize = script.firstResize {
            throw FolioError.badInput("\(path): a video cannot change size, and the script resizes the window at \(String(format: "%g", resize.t)) s (event \(resize.index)); record PNG frames (--out DIR) instead.")
        }
        let app = FolioApp(library: library, size: script.size, slowMotion: options.slowMotion)
        var player = ScriptPlayer(app: app, script: script, fps: options.fps, start: options.start, duration: options.duration)
        let canvas = try HeadlessCanvas(library: library, width: Int(script.size.width), height: Int(script.size.height),
                                        cacheBytes: options.cacheBytes)

        var encoder: VideoEncoder?
        var directory: String?
        switch options.output {
        case .frames(let dir)?:
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            directory = dir
        case .video(let path, let format)?:
            encoder = try VideoEncoder(path: path, format: format, width: Int(canvas.size.width), height: Int(canvas.size.height), fps: player.fps)
        case nil:
            break
        }
        var trace: FileHandle?
        if let path = options.tracePath {
            guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
                throw FolioError.outputFailed("\(path): cannot be written.")
            }
            trace = handle
        }
        defer { try? trace?.close() }

        let progress = ProgressBar(total: player.frameCount, enabled: !options.quiet)
        var rgb: [UInt8] = []
        var written = 0
        do {
            while let (frame, t) = player.advance() {
                if interrupted() { throw RecordingInterrupted(framesWritten: written) }
                trace?.write(Data((app.trace(frame: frame, t: t).serialized() + "\n").utf8))
                if directory != nil || encoder != nil {
                    try canvas.draw(app)
                    canvas.readRGB(into: &rgb)
                    if let directory {
                        let name = String(format: "frame-%05d.png", frame)
                        try HeadlessCanvas.writePNG(rgb, width: canvas.size.width, height: canvas.size.height,
                                                    to: (directory as NSString).appendingPathComponent(name))
                    }
                    try encoder?.write(rgb)
                }
                written += 1
                progress.update(written)
            }
        } catch {
            progress.finish()
            encoder?.abort()
            throw error
        }
        progress.finish()
        try encoder?.finish()
        return written
    }
}
