import FolioLibrary
import FolioTestFixtures
import Foundation
import Testing

/// SIGTERM or Ctrl-C ends `record` at once, even while a page takes seconds to decode: the
/// decoder workers are killed, not waited for, and the command exits 130 with one sentence.
@Suite(.serialized)
struct RecordInterruptTests {
    /// Seconds of processor time process `pid` has used (user and system), from /proc.
    static func cpuSeconds(_ pid: String) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state is field 0, utime 11 and stime 12 (clock ticks).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func recordEndsAtOnceMidDecode(signal: Int32) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Each page asks poppler for about 2.5 million squares: many seconds of a core.
        let pdf = dir.appendingPathComponent("slow.pdf")
        try SlowPDFFixture.document(pages: 2, fan: 40).write(to: pdf)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Folio.executable)
        let frames = dir.appendingPathComponent("frames").path + "/"
        process.arguments = ["record", "--library", pdf.path, "--out", frames, "--quiet"]
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "offscreen"
        process.environment = environment
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        // Mid-decode: a worker has spent a second of processor time on a page (reading the
        // PDF's header as the library loads takes milliseconds).
        _ = waitUntil("a decoder worker busy on a page", seconds: 60) {
            !process.isRunning || ProcessMemory.children(of: process.processIdentifier).contains { Self.cpuSeconds($0) > 1 }
        }
        #expect(process.isRunning, "record was still at work")
        let sent = Date()
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(Date().timeIntervalSince(sent) < 2, "record took \(Date().timeIntervalSince(sent)) s to end")
        #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said.contains("interrupted; the frames written so far are complete"), "\(said)")
    }
}
