import FolioCore
import Foundation

/// Feeds raw RGB frames to ffmpeg on its standard input: H.264/yuv420p MP4, or a GIF with a
/// palette computed from the whole clip.
public final class VideoEncoder {
    public enum Format: Equatable {
        case mp4, gif
    }

    public let path: String
    public let width: Int
    public let height: Int
    private let process = Process()
    private let input = Pipe()
    private let temporary: String

    /// The ffmpeg executable on PATH, if any.
    public static func ffmpegPath() -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for dir in paths {
            let candidate = "\(dir)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    public static let missingMessage = "ffmpeg is not installed, so MP4 and GIF cannot be written; install it with `sudo apt-get install ffmpeg` (PNG frames into a folder still work)."

    /// The GIF frame rate for a recording at `fps`: 100/n with n ≥ 2 the smallest whole
    /// number of hundredths at least one source frame long (60 → 50, 30 → 25, 20 → 20).
    static func gifRate(for fps: Double) -> Double {
        let hundredths = max(2, (100 / max(fps, 1)).rounded(.up))
        return 100 / hundredths
    }

    init(path: String, format: Format, width: Int, height: Int, fps: Double) throws {
        guard let ffmpeg = VideoEncoder.ffmpegPath() else { throw FolioError.badInput(VideoEncoder.missingMessage) }
        self.path = path
        self.width = width
        self.height = height
        // Written beside the target and renamed at the end, so an interrupted run never
        // leaves a half file under the real name.
        let url = URL(fileURLWithPath: path)
        temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial.\(url.pathExtension)").path
        var args = ["-hide_banner", "-loglevel", "error", "-y",
                    "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "\(width)x\(height)",
                    "-r", String(format: "%g", fps), "-i", "pipe:0"]
        switch format {
        case .mp4:
            // Even dimensions for yuv420p.
            args += ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-preset", "veryfast", "-crf", "20",
                     "-pix_fmt", "yuv420p", "-movflags", "+faststart"]
        case .gif:
            // GIF delays are whole hundredths of a second, and players stretch delays under
            // 2/100 s to 1/10 s: resample to 100/n frames per second, n ≥ 2.
            let rate = VideoEncoder.gifRate(for: fps)
            args += ["-vf", "fps=\(rate),split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a:diff_mode=rectangle",
                     "-loop", "0"]
        }
        args += ["-f", format == .mp4 ? "mp4" : "gif", temporary]
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = args
        process.standardInput = input
        try process.run()
    }

    func write(_ rgb: [UInt8]) throws {
        // Lent to the pipe, not copied: at 7680×4320 a copy would be another 100 MB.
        try rgb.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            let frame = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none)
            try input.fileHandleForWriting.write(contentsOf: frame)
        }
    }

    /// Closes the stream, waits for ffmpeg and moves the file into place.
    func finish() throws {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw FolioError.outputFailed("\(path): ffmpeg failed with status \(process.terminationStatus).")
        }
        _ = try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: temporary, toPath: path)
    }

    /// Stops ffmpeg and removes the partial file.
    func abort() {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: temporary)
    }
}
