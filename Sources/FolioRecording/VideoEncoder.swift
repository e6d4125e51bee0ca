import CYUV
import FolioCore
import FolioLibrary
import FolioThreads
import Foundation

/// Feeds raw frames to ffmpeg on its standard input: H.264 MP4, VP9 WebM, animated WebP, or a
/// GIF with one palette for the whole clip. MP4 and WebM frames go as YUV 4:2:0, converted on
/// the writer's thread (`folio_rgbx_to_i420`, 0.7 ms a 1280×800 frame against 1.7 ms in
/// ffmpeg's swscale, and 1.5 bytes a pixel down the pipe instead of 4); WebP and GIF frames
/// as read back, 4 bytes a pixel.
///
/// A GIF takes two ffmpeg runs, so ffmpeg never holds the clip in memory (a palette made and
/// used in one filter graph keeps every frame until the end: 0.9 GB for the 16 s demo at
/// 640×400): the first writes the palette and a lossless FFV1 copy of the frames beside the
/// output, the second maps that copy through the palette.
public final class VideoEncoder: @unchecked Sendable {
    // Unchecked because `process` is replaced for a GIF's second run, and `converted` is
    // rewritten for each frame. Safe: while frames flow, the one writer thread only converts
    // into `converted` and writes to the pipe, and the render thread only stops ffmpeg;
    // `finish` and `abort` run on the render thread after the writer has been joined.
    public enum Format: String, CaseIterable, Equatable, Sendable {
        case mp4, webm, webp, gif

        /// The format a file name asks for by its extension (any case), if any.
        public init?(path: String) {
            self.init(rawValue: (path as NSString).pathExtension.lowercased())
        }

        /// True for the formats stored as YUV 4:2:0, whose frames are converted before ffmpeg.
        var takesYUV: Bool { self == .mp4 || self == .webm }

        /// ".mp4, .webm, .webp or .gif", for messages.
        public static var extensionList: String {
            let names = allCases.map { ".\($0.rawValue)" }
            return names.dropLast().joined(separator: ", ") + " or " + names.last!
        }
    }

    /// Colours in a GIF's palette, made for the whole recording (`palettegen=stats_mode=diff`).
    /// The covers and plates take most of them, so the pages' paper gets a handful of tones a
    /// few levels apart; with 32 or 48 colours and hardly any dithering (Bayer at scale 5, as
    /// before) the shading of every page showed as flat bands. 64 colours put the paper tones
    /// close enough that Bayer dithering at `gifBayerScale` mixes neighbours smoothly; 48
    /// still leaves a step. Past `largeGIFPixels`, 160 (at `gifMaxRate`'s 10 fps) keep every
    /// flat area within 3 levels of the rendered frames (the built-in demo at 1280×800: 99th
    /// percentile 2.8, against 10.3 with the 56 colours at 14.3 fps before; docs/BENCHMARKS.md,
    /// "GIF colours").
    static func gifColours(width: Int, height: Int) -> Int {
        width * height > largeGIFPixels ? 160 : 64
    }

    /// `paletteuse`'s `bayer_scale`: ordered dithering whose pattern is fixed to the pixel, so
    /// what does not move stays the same from frame to frame (no crawling patches, and the
    /// GIF encoder leaves it out). 4 spans the paper tones' steps with the faintest pattern;
    /// 3 shows the pattern and is 12–19 % larger, 5 leaves bands. Error diffusion
    /// (Floyd–Steinberg, Sierra) re-dithers every changed area differently each frame: the
    /// demo at 1280×800 was 14.5–15.9 MB with 32 colours.
    static let gifBayerScale = 4

    /// Pixels a GIF frame may have before it takes fewer colours and plays at a lower rate.
    static let largeGIFPixels = 2 * 640 * 400

    /// The fastest a GIF of this size plays unless --fps asks for more: 25 fps, and 10 past
    /// `largeGIFPixels`, which keeps the 16 s demo at 1280×800 under 6 MB with the colours its
    /// flat areas need (5.8 MB with 160 colours; at 14.3 fps, 96 or more colours made 6.6 MB
    /// and over, and 56 left flat areas 10 levels off).
    public static func gifMaxRate(width: Int, height: Int) -> Double {
        width * height > largeGIFPixels ? 10 : 25
    }

    /// How MP4 and WebM say what their pixels are: BT.709's matrix (as `folio_rgbx_to_i420`
    /// makes them), primaries and transfer (sRGB's, which BT.709 shares), limited range. An
    /// untagged video is guessed at by players (BT.601 for small ones, BT.709 for HD), and
    /// shifts colours when the guess is wrong.
    static let colourTags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]

    /// x264's threads for a frame of this size. Up to 1280×800 one thread keeps up with the
    /// renderer and saves what splitting frames between threads costs (0.4 ms of CPU a frame,
    /// which the renderer needs on two cores); past it, one thread would hold the recording
    /// back, so x264 chooses (at 1920×1080, 58 frames a second on one thread against 63).
    static func x264Threads(width: Int, height: Int) -> [String] {
        width * height <= 1280 * 800 ? ["-threads", "1"] : []
    }

    public let path: String
    public let format: Format
    public let width: Int
    public let height: Int
    /// Which frames a GIF keeps; nil for the other formats, which keep every frame.
    public let gifTiming: GIFTiming?
    private let ffmpeg: String
    /// The running ffmpeg (nil until it starts), in a process group of its own: the
    /// terminal's Ctrl-C reaches Folio alone, which finishes or removes the video.
    private var process: ChildProcess?
    /// The writing end of ffmpeg's standard input (-1 once closed).
    private var input: Int32 = -1
    /// The end of what the running ffmpeg says on its standard error: never shown as it is,
    /// only summarised in Folio's own sentence when ffmpeg fails.
    private var complaints = OutputTail()
    private let temporary: String
    /// Registered with `Console`: a failed write to the terminal stops ffmpeg and removes the
    /// unfinished files before the program ends.
    private var cleanup: Int?
    /// The GIF's palette and lossless frames between its two runs.
    private let palette: String
    private let frames: String
    /// A frame converted to YUV 4:2:0; only the one writer thread touches it.
    private var converted: [UInt8] = []

    /// The ffmpeg executable on PATH, if any.
    public static func ffmpegPath() -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for dir in paths {
            let candidate = "\(dir)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    public static let missingMessage = "ffmpeg is not installed, so videos (MP4, WebM, WebP, GIF) cannot be written; install it with `sudo apt-get install ffmpeg` (PNG frames into a folder still work)."

    /// `frameCount` frames at `fps` will come; a GIF plays them at its own rate (`gifTiming`).
    package init(path: String, format: Format, width: Int, height: Int, fps: Double, frameCount: Int, gifMaxRate: Double = 25) throws {
        guard let ffmpeg = VideoEncoder.ffmpegPath() else { throw FolioError.badInput(VideoEncoder.missingMessage) }
        self.ffmpeg = ffmpeg
        self.path = path
        self.format = format
        self.width = width
        self.height = height
        // Written beside the target and renamed at the end, so an interrupted run never
        // leaves a half file under the real name.
        let url = URL(fileURLWithPath: path)
        let hidden = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial").path
        temporary = hidden + "." + format.rawValue
        palette = hidden + ".palette.png"
        frames = hidden + ".frames.nut"
        gifTiming = format == .gif ? GIFTiming(fps: fps, sourceFrames: frameCount, maxRate: gifMaxRate) : nil

        let rate = gifTiming.map { "100/\($0.hundredths)" } ?? String(format: "%g", fps)
        // -xerror: without it ffmpeg 5.1 exits 0 after failing to write the file's end
        // (a full disk), leaving a truncated video.
        var args = ["-hide_banner", "-loglevel", "error", "-xerror", "-y",
                    "-f", "rawvideo", "-pix_fmt", format.takesYUV ? "yuv420p" : "rgb0", "-s", "\(width)x\(height)",
                    "-r", rate, "-i", "pipe:0"]
        switch format {
        case .mp4:
            // x264 needs even dimensions (the pad filter copies every frame, so only when it must).
            if width % 2 != 0 || height % 2 != 0 { args += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"] }
            args += ["-c:v", "libx264", "-preset", "veryfast", "-crf", "20"] + Self.x264Threads(width: width, height: height)
            args += ["-pix_fmt", "yuv420p"] + Self.colourTags + ["-movflags", "+faststart", "-f", "mp4", temporary]
        case .webm:
            // libvpx's fastest setting: the renderer, not the encoder, sets the pace.
            args += ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1",
                     "-b:v", "0", "-crf", "32", "-pix_fmt", "yuv420p"] + Self.colourTags + ["-f", "webm", temporary]
        case .webp:
            args += ["-c:v", "libwebp_anim", "-quality", "80", "-loop", "0", "-f", "webp", temporary]
        case .gif:
            args += ["-vf", "palettegen=stats_mode=diff:max_colors=\(Self.gifColours(width: width, height: height))",
                     "-update", "1", "-frames:v", "1", palette,
                     "-c:v", "ffv1", "-f", "nut", frames]
        }
        // A closed pipe is an error to report, not a signal to die of.
        signal(SIGPIPE, SIG_IGN)
        let frames = try Self.pipe(for: path)
        defer { close(frames.read) }
        input = frames.write
        try start(args, stdin: .descriptor(frames.read))
        cleanup = Console.onFailedWrite { [weak self] in self?.abort() }
    }

    deinit {
        if let cleanup { Console.removeCleanup(cleanup) }
        if input >= 0 { close(input) }
    }

    /// A pipe for ffmpeg, both ends closed on exec (the child gets its end by dup2).
    private static func pipe(for path: String) throws -> (read: Int32, write: Int32) {
        do { return try ChildProcess.pipe() } catch let failure as ChildProcess.Failure {
            throw FolioError.outputFailed("\(path): ffmpeg could not start (\(failure.description)).")
        }
    }

    /// Starts ffmpeg with `arguments`, what it says on its standard error read into `complaints`.
    private func start(_ arguments: [String], stdin: ChildProcess.Stream) throws {
        let errors = try Self.pipe(for: path)
        defer { close(errors.write) }
        do {
            process = try ChildProcess(ffmpeg, arguments, stdin: stdin, stderr: .descriptor(errors.write), ownGroup: true,
                                       keepIgnored: true)
        } catch let failure as ChildProcess.Failure {
            close(errors.read)
            throw FolioError.outputFailed("\(path): ffmpeg could not start (\(failure.description)).")
        }
        complaints = OutputTail(reading: errors.read)
    }

    /// " (ffmpeg's last complaint)", or nothing when it said nothing.
    private var said: String {
        complaints.lastLine.map { " (\($0))" } ?? ""
    }

    /// Whether the recording's frame `index` goes into the video (a GIF skips some).
    public func wants(frame index: Int) -> Bool {
        gifTiming?.includes(index) ?? true
    }

    /// Hands one frame (as read back, 4 bytes a pixel) to ffmpeg, converted first when the
    /// format takes YUV; waits while ffmpeg's pipe is full. Called from one thread only.
    package func write(_ frame: FrameBuffer) throws {
        guard format.takesYUV else { return try send(UnsafeRawBufferPointer(frame.pixels)) }
        let size = folio_i420_size(Int32(frame.width), Int32(frame.height))
        if converted.count != size { converted = [UInt8](repeating: 0, count: size) }
        let source = UnsafeRawBufferPointer(frame.pixels)
        try converted.withUnsafeMutableBytes { out in
            folio_rgbx_to_i420(source.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(frame.width), Int32(frame.height),
                               frame.width * 4, out.baseAddress?.assumingMemoryBound(to: UInt8.self))
            try send(UnsafeRawBufferPointer(out))
        }
    }

    private func send(_ pixels: UnsafeRawBufferPointer) throws {
        let fd = input
        var offset = 0
        while offset < pixels.count {
            let n = Foundation.write(fd, pixels.baseAddress! + offset, pixels.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw stopped(reason: String(cString: strerror(errno)))
            }
            offset += n
        }
    }

    /// The error for ffmpeg no longer taking frames: its exit status once it has gone
    /// (waited for up to 2 s), else the pipe's complaint.
    private func stopped(reason: String) -> FolioError {
        if let ending = process?.wait(seconds: 2) {
            return FolioError.outputFailed("\(path): ffmpeg stopped with status \(ending.status) before the last frame\(said).")
        }
        return FolioError.outputFailed("\(path): ffmpeg stopped taking frames (\(reason)).")
    }

    /// Kills ffmpeg at once (the recording is being abandoned), so a write waiting on its
    /// pipe returns.
    package func kill() {
        process?.signal(SIGKILL)
    }

    /// Closes the stream, waits for ffmpeg (and runs a GIF's second pass) and moves the file
    /// into place.
    package func finish() throws {
        defer {
            removeIntermediates()
            if let cleanup { Console.removeCleanup(cleanup) }
            cleanup = nil
        }
        closeInput()
        try check()
        if let timing = gifTiming {
            try start(["-hide_banner", "-loglevel", "error", "-xerror", "-y", "-i", frames, "-i", palette,
                       "-lavfi", "[0:v][1:v]paletteuse=dither=bayer:bayer_scale=\(Self.gifBayerScale):diff_mode=rectangle",
                       "-loop", "0", "-final_delay", "\(timing.finalDelay)", "-f", "gif", temporary], stdin: .null)
            try check()
        }
        // rename(2) replaces a file in one step and refuses to replace a folder.
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw FolioError.outputFailed("\(path): the finished video could not be moved into place (\(reason)).")
        }
    }

    /// Closes ffmpeg's input: the stream ends.
    private func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Waits for ffmpeg to end; a failure, the partial file removed, unless it ended well.
    private func check() throws {
        let ending = process?.wait()
        guard let ending, ending.exited, ending.status == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw FolioError.outputFailed("\(path): ffmpeg failed with status \(ending?.status ?? -1)\(said).")
        }
    }

    private func removeIntermediates() {
        guard format == .gif else { return }
        try? FileManager.default.removeItem(atPath: palette)
        try? FileManager.default.removeItem(atPath: frames)
    }

    /// Stops ffmpeg and removes the partial file.
    package func abort() {
        if let cleanup { Console.removeCleanup(cleanup) }
        cleanup = nil
        closeInput()
        process?.signal(SIGTERM)
        _ = process?.wait()
        try? FileManager.default.removeItem(atPath: temporary)
        removeIntermediates()
    }
}

/// The last few kilobytes a child process writes to a pipe, read on a thread of its own until
/// the pipe closes, so the child never blocks on a full pipe and nothing it says reaches the
/// terminal.
final class OutputTail: Sendable {
    /// Bytes kept: the end of what was said, where the reason for a failure is.
    static let limit = 4096
    /// What was read, and whether the pipe has ended (every writer gone).
    private let kept = Monitor((text: Data(), ended: true))

    /// A tail that reads nothing (before the first child starts).
    init() {}

    /// Starts reading the pipe's end `fd` (its writing end already handed to the child, and
    /// closed here), and closes it when the pipe ends.
    init(reading fd: Int32) {
        kept.withLock { $0.ended = false }
        let kept = self.kept
        let started = startDetachedThread(named: "folio-ffmpeglog") {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(fd, &chunk, chunk.count)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                kept.withLock { kept in
                    kept.text.append(contentsOf: chunk[0..<n])
                    if kept.text.count > Self.limit { kept.text.removeFirst(kept.text.count - Self.limit) }
                }
            }
            close(fd)
            kept.withLock { $0.ended = true }
        }
        if !started {
            close(fd)
            kept.withLock { $0.ended = true }
        }
    }

    /// The last line that says something, at most 200 characters (nil when none). Asked once
    /// the child has ended: waits (half a second at most) for the reader to reach the pipe's end.
    var lastLine: String? {
        let text = kept.wait(until: { $0.ended }, deadline: Date().addingTimeInterval(0.5)) { kept, _ in
            String(decoding: kept.text, as: UTF8.self)
        }
        guard let line = text.split(whereSeparator: \.isNewline).last(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.count > 200 ? String(trimmed.prefix(200)) + "…" : trimmed
    }
}
