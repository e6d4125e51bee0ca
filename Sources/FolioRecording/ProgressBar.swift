import FolioCore
import FolioLibrary
import Foundation

/// A one-line progress bar on stderr (only when stderr is a terminal).
package final class ProgressBar {
    private let total: Int
    private let enabled: Bool
    private let start = Date()
    private var lastDraw = Date.distantPast

    package init(total: Int, enabled: Bool) {
        self.total = total
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
        let line = String(format: "\r%@ %d/%d frames  %.1f fps  %.0fs left ", bar, done, total, fps, left)
        Console.terminal(line)
    }

    package func finish() {
        guard enabled else { return }
        Console.terminal("\n")
    }
}
