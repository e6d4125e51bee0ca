import FolioLibrary
import FolioTestFixtures
import FolioThreads
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

    @Test(arguments: [SIGTERM, SIGINT, SIGQUIT])
    func recordEndsAtOnceMidDecode(signal: Int32) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Each page asks poppler for about 2.5 million squares: many seconds of a core.
        let pdf = dir.appendingPathComponent("slow.pdf")
        try SlowPDFFixture.document(pages: 2, fan: 40).write(to: pdf)
        let frames = dir.appendingPathComponent("frames").path + "/"
        let process = try ChildProcess(Folio.executable, ["record", "--library", pdf.path, "--out", frames, "--quiet"],
                                       environment: ChildProcess.environment(["SDL_VIDEODRIVER": "offscreen"]), stderr: .pipe)
        // Mid-decode: a worker has spent a second of processor time on a page (reading the
        // PDF's header as the library loads takes milliseconds).
        _ = waitUntil("a decoder worker busy on a page", seconds: 60) {
            !process.isRunning || ProcessMemory.children(of: process.pid).contains { Self.cpuSeconds($0) > 1 }
        }
        #expect(process.isRunning, "record was still at work")
        let sent = Date()
        process.signal(signal)
        let (ending, _, err) = process.finish()
        #expect(Date().timeIntervalSince(sent) < 2, "record took \(Date().timeIntervalSince(sent)) s to end")
        #expect(ending == ChildProcess.Ending(status: 130, exited: true))
        let said = String(decoding: err, as: UTF8.self)
        #expect(said.contains("interrupted; the frames written so far are complete"), "\(said)")
    }

    /// Ctrl+\ (SIGQUIT) ends a video's recording as SIGTERM does: exit 130, its partial
    /// file removed, nothing left in the folder.
    @Test(.enabled(if: VideoTests.ffmpeg, "needs ffmpeg (installed by .ci/run)"))
    func sigquitEndsAVideoCleanly() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("demo.mp4").path
        let process = try ChildProcess(Folio.executable, ["record", "--out", out, "--quiet", "--size", "320x200"],
                                       environment: ChildProcess.environment(["SDL_VIDEODRIVER": "offscreen"]), stderr: .pipe)
        _ = waitUntil("the partial video begun", seconds: 60) {
            !process.isRunning || ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).contains { $0.hasSuffix(".mp4") }
        }
        #expect(process.isRunning, "record was still at work")
        process.signal(SIGQUIT)
        let (ending, _, err) = process.finish()
        #expect(ending == ChildProcess.Ending(status: 130, exited: true), "\(String(decoding: err, as: UTF8.self))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "no partial file is left")
    }
}
