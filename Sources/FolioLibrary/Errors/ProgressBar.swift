import FolioCore
import Foundation

/// A one-line progress bar on stderr (only when stderr is a terminal): `record`'s frames,
/// `validate`'s pages. Updated from one thread at a time (`validate`'s from its checks'
/// threads, one after another under a lock).
package final class ProgressBar: @unchecked Sendable {
    private let total: Int
    private let enabled: Bool
    /// What is counted ("frames") and its rate's unit ("fps").
    private let unit: String, rate: String
    private let start = Date()
    private var lastDraw = Date.distantPast

    package init(total: Int, unit: String = "frames", rate: String = "fps", enabled: Bool) {
        self.total = total
        self.unit = unit
        self.rate = rate
        self.enabled = enabled && isatty(2) == 1
    }

    package func update(_ done: Int) {
        guard enabled, Date().timeIntervalSince(lastDraw) > 0.1 || done == total else { return }
        lastDraw = Date()
        let elapsed = Date().timeIntervalSince(start)
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        let left = fps > 0 ? Double(total - done) / fps : 0
        let width = 30
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        let line = String(format: "\r%@ %d/%d %@  %.1f %@  %.0fs left ", bar, done, total, unit, fps, rate, left)
        Console.terminal(line)
    }

    package func finish() {
        guard enabled else { return }
        Console.terminal("\n")
    }
}
