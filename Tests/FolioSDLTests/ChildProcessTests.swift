import FolioTestFixtures
import FolioThreads
import Foundation
import Glibc
import Testing

/// How Folio starts its decoder workers and ffmpeg: with exactly the descriptors given, in a
/// process group of its own when asked, with this process's ignored signals kept when asked.
@Suite struct ChildProcessTests {
    /// What a shell says of itself: its pid, its process group and the mask of the signals
    /// it ignores.
    private struct Seen {
        let pid: Int32, group: Int32, ignored: UInt64
    }

    private func seen(_ process: ChildProcess) throws -> Seen {
        let (ending, output, _) = process.finish()
        #expect(ending == ChildProcess.Ending(status: 0, exited: true))
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        try #require(lines.count == 3, "\(lines)")
        let stat = lines[1].split(separator: " ")
        return Seen(pid: try #require(Int32(lines[0])), group: try #require(Int32(stat[4])),
                    ignored: try #require(UInt64(lines[2].split(separator: "\t").last ?? "", radix: 16)))
    }

    private static let script = "echo $$; cat /proc/$$/stat; grep SigIgn /proc/$$/status"

    @Test func aChildGetsOnlyTheDescriptorsItIsGiven() throws {
        // Not close-on-exec, and above the one given: inherited unless kept out.
        let opened = open("/dev/null", O_RDONLY)
        let stray = dup2(opened, 40)
        close(opened)
        defer { close(stray) }
        let kept = open("/dev/zero", O_RDONLY | O_CLOEXEC)
        defer { close(kept) }
        // posix_spawn returns once the program is exec'd; its loader then opens its libraries
        // (as descriptor 4, for a moment), so look once it sleeps.
        let sleeper = try ChildProcess("/bin/sleep", ["30"], descriptors: [3: kept])
        waitUntil("sleep to be asleep") {
            (try? String(contentsOfFile: "/proc/\(sleeper.pid)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first == "S"
        }
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(sleeper.pid)/fd").compactMap { Int32($0) }
        sleeper.signal(SIGKILL)
        #expect(sleeper.wait() == ChildProcess.Ending(status: SIGKILL, exited: false))
        #expect(descriptors.sorted() == [0, 1, 2, 3])
        #expect(throws: ChildProcess.Failure.self) { try ChildProcess("/bin/true", [], descriptors: [5: kept]) }
    }

    @Test func ownGroupPutsTheChildInAProcessGroupOfItsOwn() throws {
        let alone = try seen(try ChildProcess("/bin/sh", ["-c", Self.script], stdout: .pipe, ownGroup: true))
        #expect(alone.group == alone.pid)
        let together = try seen(try ChildProcess("/bin/sh", ["-c", Self.script], stdout: .pipe))
        #expect(together.group == getpgrp())
    }

    @Test func ignoredSignalsStayIgnoredOnlyWhenAsked() throws {
        signal(SIGPIPE, SIG_IGN)
        let bit = UInt64(1) << UInt64(SIGPIPE - 1)
        let kept = try seen(try ChildProcess("/bin/sh", ["-c", Self.script], stdout: .pipe, keepIgnored: true))
        #expect(kept.ignored & bit != 0)
        let reset = try seen(try ChildProcess("/bin/sh", ["-c", Self.script], stdout: .pipe))
        #expect(reset.ignored & bit == 0)
    }
}
