import FolioCore
import FolioSDL
import Foundation

/// Frames per second of recording the built-in demo at 1280×800 (60 fps, 960 frames):
/// PNG frames, MP4, WebM and GIF. Frames of the recording over the seconds taken, so a GIF,
/// which draws only the 400 frames it keeps at 25 fps, can beat real time more easily.
func measureRecording(library: Library) throws -> [(String, JSONValue)] {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bench-\(getpid())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    var out: [(String, JSONValue)] = []
    var outputs: [(String, Recorder.Output)] = [("png", .frames(directory: dir.appendingPathComponent("frames").path))]
    if VideoEncoder.ffmpegPath() != nil {
        for format in [VideoEncoder.Format.mp4, .webm, .gif] {
            outputs.append((format.rawValue, .video(path: dir.appendingPathComponent("demo.\(format.rawValue)").path, format: format)))
        }
    }
    for (name, output) in outputs {
        var options = Recorder.Options()
        options.output = output
        options.quiet = true
        let start = seconds()
        let frames = try Recorder(library: library, script: .builtInDemo, options: options).run()
        out.append((name, .number(Double(frames) / (seconds() - start))))
    }
    return out
}
