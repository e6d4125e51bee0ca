import Foundation
import Testing

/// The benchmark's idle run (`folio view --mark-at … --quit-after …` on the offscreen
/// driver): it quits on time by itself, prints one line of figures per mark, reads and writes
/// no state, and a book left open at rest stops drawing.
@Suite struct IdleMarksTests {
    @Test func theIdleRunReportsItsMarksAndDrawsNothingAtRest() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state")
        let result = try Folio.run(["view", "--open-first-book", "--mark-at", "4", "--mark-at", "5", "--quit-after", "5.05"],
                                   environment: ["SDL_VIDEODRIVER": "offscreen", "XDG_STATE_HOME": state.path])
        #expect(result.status == 0, "\(result.stderr)")
        let marks = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Double]
        }
        #expect(marks.count == 2)
        guard marks.count == 2 else { return }
        #expect(marks.allSatisfy { ($0["cpu_s"] ?? -1) > 0 && ($0["rss_mb"] ?? -1) > 10 && ($0["t"] ?? -1) > 0 })
        #expect((marks[1]["t"] ?? 0) - (marks[0]["t"] ?? 0) >= 0.99)
        // At rest the loop sleeps: a late page upload may still draw a frame on a busy
        // machine, but not the tens a second of a loop that keeps drawing.
        #expect((marks[1]["frames"] ?? 0) - (marks[0]["frames"] ?? 0) <= 3, "a book at rest kept drawing")
        // Without a display there is no input to wait for: the loop looks at SDL's queue a
        // few times a second (4, and once for the mark), not every millisecond or frame.
        #expect((marks[1]["wakes"] ?? 0) - (marks[0]["wakes"] ?? 0) <= 12, "a book at rest kept waking")
        #expect(!FileManager.default.fileExists(atPath: state.path), "the idle run touched the state")
    }
}
