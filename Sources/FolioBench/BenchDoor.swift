import FolioCore
import FolioLibrary
import Foundation
import Glibc

extension Benchmarks {
    /// At the door, as `folio BOOK` is used, with the offscreen driver (no display: the
    /// window's own start is in the filmed figures of docs/BENCHMARKS.md), the machine as it
    /// is: `launch_to_readable_ms`, process start to the reading view at rest with every page
    /// on screen drawn at its own size (`view --exit-when-readable`), for the 200-page PDF and
    /// CBZ of the reading case; and `quit_ms`, from the viewer's loop ending (`--quit-after`)
    /// to the process gone (its output closed), at rest (3 s in) and mid-decode (0.3 s in, a
    /// page still decoding: `mid_decode_runs` says in how many runs one was). Medians of
    /// `runs` launches, the books alternating.
    public func measureDoor(runs: Int = 5) throws -> [(String, JSONValue)] {
        let (pdf, cbz) = try readingBooks()
        var readable: [String: [Double]] = [:], quitRest: [Double] = [], quitDecoding: [Double] = []
        var midDecode = 0
        for _ in 0..<runs {
            for (name, book) in [("pdf", pdf), ("cbz", cbz)] {
                if interrupted() { throw FolioError.interrupted("interrupted; the benchmark stopped.") }
                if let launch = try timeLaunch(["view", book.path, "--exit-when-readable"], until: "readable") {
                    readable[name, default: []].append(launch.untilLine)
                }
                if let rest = try timeLaunch(["view", book.path, "--quit-after", "3"], until: "quit") {
                    quitRest.append(rest.afterLine)
                }
                if let busy = try timeLaunch(["view", book.path, "--quit-after", "0.3"], until: "quit") {
                    quitDecoding.append(busy.afterLine)
                    if busy.line == "quit decoding" { midDecode += 1 }
                }
            }
        }
        func ms(_ samples: [Double]) -> JSONValue { .number((median(samples) * 10).rounded() / 10) }
        let launch: [(String, JSONValue)] = [("pdf", ms(readable["pdf"] ?? [])), ("cbz", ms(readable["cbz"] ?? []))]
        let quit: [(String, JSONValue)] = [("at_rest", ms(quitRest)), ("mid_decode", ms(quitDecoding)),
                                           ("mid_decode_runs", .number(Double(midDecode))), ("runs", .number(Double(quitDecoding.count)))]
        return [("launch_to_readable_ms", .object(launch)), ("quit_ms", .object(quit))]
    }

    /// Starts `folio arguments` offscreen and reads its output: milliseconds from the start
    /// to the first line beginning with `prefix`, that line, and milliseconds from it to the
    /// output's end (the process gone; its decoder workers hold none of it). Nil when the
    /// line never came (the process ended first, or 60 s passed).
    func timeLaunch(_ arguments: [String], until prefix: String) throws -> (untilLine: Double, line: String, afterLine: Double)? {
        let (process, pipe) = offscreenChild(arguments)
        let fd = pipe.fileHandleForReading.fileDescriptor
        let begin = seconds()
        try process.run()
        defer { process.waitUntilExit() }
        var text = "", found: (Double, String)?
        var buffer = [UInt8](repeating: 0, count: 4096)
        while seconds() - begin < 60 {
            let count = Glibc.read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
            if found == nil, let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) {
                found = (seconds(), String(line))
            }
        }
        if process.isRunning, found == nil { process.terminate() }
        guard let (at, line) = found else { return nil }
        return ((at - begin) * 1000, line, (seconds() - at) * 1000)
    }
}
