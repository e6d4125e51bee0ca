import FolioCore
import FolioLibrary
import FolioSDL
import Foundation

extension Benchmarks {
    /// `idle_cpu_percent` and `rss_mb.shelf` (with `pss_mb.shelf`, `private_mb.shelf`, `private_written_mb.shelf`): the live
    /// viewer on the offscreen driver, in a
    /// process of its own (so its memory is the viewer's alone), left at rest. After 5 s (the
    /// covers or the spread decoded, the fades done), the CPU its every thread used over the
    /// next 10 s, from getrusage, as a percentage of one core; and the frames it drew meanwhile
    /// (at rest: none).
    public func measureIdle(libraryPath: String?) throws
        -> (cpu: [(String, JSONValue)], frames: [(String, JSONValue)], shelf: ProcessMemory.Rollup) {
        var cpu: [(String, JSONValue)] = [], frames: [(String, JSONValue)] = []
        var shelf = ProcessMemory.Rollup()
        for (name, open) in [("shelf", false), ("book", true)] {
            var arguments = ["view", "--size", "1280x800", "--mark-at", "5", "--mark-at", "15", "--quit-after", "15.05"]
            if let libraryPath { arguments += ["--library", libraryPath] }
            if open { arguments.append("--open-first-book") }
            let (process, output) = offscreenChild(arguments)
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let marks = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Double]
            }
            guard process.terminationStatus == 0, marks.count == 2,
                  let t0 = marks[0]["t"], let t1 = marks[1]["t"], let c0 = marks[0]["cpu_s"], let c1 = marks[1]["cpu_s"],
                  let f0 = marks[0]["frames"], let f1 = marks[1]["frames"], t1 > t0 else {
                throw FolioError.outputFailed("the idle viewer (\(name)) did not report its marks.")
            }
            cpu.append((name, .number(((c1 - c0) / (t1 - t0) * 100 * 100).rounded() / 100)))
            frames.append((name, .number(f1 - f0)))
            if name == "shelf" {
                func mb(_ key: String) -> Double { ((marks[1][key] ?? 0) * 10).rounded() / 10 }
                shelf = ProcessMemory.Rollup(rss: mb("rss_mb"), pss: mb("pss_mb"), private: mb("private_mb"),
                                             written: mb("private_written_mb"))
            }
        }
        return (cpu, frames, shelf)
    }
}
