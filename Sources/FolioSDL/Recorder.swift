import CSDL2
import FolioCore
import FolioDecoding
import FolioLibrary
import FolioRecording
import Foundation

/// Renders a script headless at a fixed time step: PNG frames into a folder, or an MP4,
/// WebM, WebP or GIF through ffmpeg, plus an optional state trace (one JSON line per frame).
public struct Recorder {
    public enum Output: Equatable {
        case frames(directory: String)
        case video(path: String, format: VideoEncoder.Format)

        /// `.mp4`, `.webm`, `.webp` and `.gif` files are videos; anything else is a folder of
        /// PNG frames.
        public static func parse(_ path: String) -> Output {
            if !path.hasSuffix("/"), let format = VideoEncoder.Format(path: path) { return .video(path: path, format: format) }
            return .frames(directory: path)
        }
    }

    /// Whether `name` is one of the frame files a recording writes (`frame-00042.png`).
    public static func isFrameName(_ name: String) -> Bool {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst("frame-".count).dropLast(".png".count)
        return digits.count >= 5 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The frame files already in `directory` (none when it cannot be listed).
    public static func existingFrames(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter(isFrameName).sorted()
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
        /// An existing trace or video file is replaced, and frame files already in the output
        /// folder are removed first; without it a file that holds anything, or such a folder,
        /// is refused.
        public var overwrite = false
        /// Page texture budget, bytes (nil: the renderer's default).
        public var cacheBytes: Int?
        public init() {}
    }

    public let library: Library
    public let script: InputScript
    public let options: Options
    /// What decodes and measures every page.
    let decoder: any PageDecoder

    package init(library: Library, script: InputScript, decoder: any PageDecoder, options: Options) {
        self.library = library
        self.decoder = decoder
        self.script = script
        self.options = options
    }

    /// Renders every frame; returns the number written.
    @discardableResult
    public func run(interrupted: () -> Bool = { false }) throws -> Int {
        let script = options.size.map { self.script.scaled(to: $0) } ?? self.script
        if case .frames(let dir)? = options.output {
            try clearFrames(in: dir)
        }
        let app = FolioApp(library: library, size: script.size, slowMotion: options.slowMotion)
        // Links and searches are read as they are asked for, so every run shows the same.
        app.documents = DocumentReader.stepped(inspector: decoder)
        if let start = script.start { app.begin(at: start) }
        var player = ScriptPlayer(app: app, script: script, fps: options.fps, start: options.start, duration: options.duration,
                                  measure: { [decoder] in BookShapes.shaped($0, decoder: decoder) })
        player.measureWanted()
        // A video keeps its first size: a resize in the script is letterboxed into it.
        var isVideo = false
        if case .video? = options.output { isVideo = true }
        let canvas = try HeadlessCanvas(library: library, decoder: decoder, width: Int(script.size.width), height: Int(script.size.height),
                                        cacheBytes: options.cacheBytes, keepsFrameSize: isVideo)

        var encoder: VideoEncoder?
        var directory: String?
        switch options.output {
        case .frames(let dir)?:
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            directory = dir
        case .video(let path, let format)?:
            // The finished video is moved over the name: a file that holds anything only
            // with --overwrite.
            try OutputFile.checkFile(path, streams: false, overwrite: options.overwrite)
            // A GIF runs at 25 fps (20 when large) unless --fps asks for more (then up to 50).
            let (w, h) = (Int(canvas.size.width), Int(canvas.size.height))
            encoder = try VideoEncoder(path: path, format: format, width: w, height: h, fps: player.fps, frameCount: player.frameCount,
                                       gifMaxRate: options.fps == nil ? VideoEncoder.gifMaxRate(width: w, height: h) : 50)
        case nil:
            break
        }
        // Written in place: a FIFO or a device stays what it is.
        var trace: OutputFile.Writer?
        if let path = options.tracePath {
            do {
                trace = try OutputFile.Writer(path: path, streams: true, overwrite: options.overwrite)
            } catch {
                encoder?.abort()
                throw error
            }
        }

        let pipeline: FramePipeline?
        do {
            pipeline = try Self.pipeline(directory: directory, encoder: encoder,
                                         frameBytes: Int(canvas.size.width) * Int(canvas.size.height) * 4)
        } catch {
            encoder?.abort()
            throw error
        }
        var traceWriter = trace.map { file in TraceWriter { try file.write($0) } }
        let progress = ProgressBar(total: player.frameCount, enabled: !options.quiet)
        var written = 0
        do {
            while let (frame, t) = player.advance() {
                if interrupted() { throw RecordingInterrupted(framesWritten: written) }
                try traceWriter?.write(app.trace(frame: frame, t: t))
                if let pipeline, encoder?.wants(frame: frame) ?? true {
                    // Drawing waits here while the writers are a few frames behind.
                    let buffer = try pipeline.nextBuffer {
                        if interrupted() { throw RecordingInterrupted(framesWritten: written) }
                    }
                    try canvas.draw(app)
                    canvas.readPixels(into: buffer)
                    pipeline.submit(buffer, index: frame)
                }
                written += 1
                progress.update(written)
            }
            try pipeline?.finish()
            try trace?.close()
        } catch {
            progress.finish()
            // ffmpeg goes first, so a writer waiting on its pipe returns and can be joined.
            encoder?.kill()
            pipeline?.cancel()
            encoder?.abort()
            throw error
        }
        progress.finish()
        try encoder?.finish()
        return written
    }

    /// The writers behind the render thread: ffmpeg's pipe is fed by one thread, in order;
    /// PNG files are compressed by one thread per core. Nil when nothing is drawn (a trace
    /// alone).
    static func pipeline(directory: String?, encoder: VideoEncoder?, frameBytes: Int) throws -> FramePipeline? {
        if let encoder {
            return try FramePipeline(writers: 1, buffers: FramePipeline.bufferCount(writers: 1, frameBytes: frameBytes),
                                     frameBytes: frameBytes, name: "folio-encode") { _, frame in
                try encoder.write(frame)
            }
        }
        guard let directory else { return nil }
        let writers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        return try FramePipeline(writers: writers, buffers: FramePipeline.bufferCount(writers: writers, frameBytes: frameBytes),
                                 frameBytes: frameBytes, name: "folio-png") { index, frame in
            let name = String(format: "frame-%05d.png", index)
            try PNGFrame.write(frame, to: (directory as NSString).appendingPathComponent(name))
        }
    }

    /// Refuses a folder that already holds frames, or with `overwrite` removes them (only
    /// files named like frames), so a shorter recording never leaves old frames after its own.
    private func clearFrames(in directory: String) throws {
        let old = Recorder.existingFrames(in: directory)
        guard !old.isEmpty else { return }
        guard options.overwrite else {
            throw FolioError.badInput("\(directory) already holds \(Sentence.count(old.count, "frame")) (\(old[0]), …); pass --overwrite to replace them, or choose another folder.")
        }
        for name in old {
            do {
                try FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name))
            } catch {
                throw FolioError.badInput("\(directory): the old frame \(name) cannot be removed.")
            }
        }
    }
}
