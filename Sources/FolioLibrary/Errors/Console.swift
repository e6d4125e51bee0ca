import FolioCore
import Foundation

/// Everything Folio prints for a person goes through here, so names, titles and script text
/// from outside can never move the cursor, recolour the terminal or reorder a line: control
/// characters and bidirectional marks are written as `\u{…}` escapes (`Sentence.escaped`).
public enum Console {
    /// "folio: MESSAGE" on standard error.
    public static func error(_ message: String) {
        writeError("folio: " + Sentence.escaped(message))
    }

    /// "folio: warning: MESSAGE" on standard error.
    public static func warning(_ message: String) {
        writeError("folio: warning: " + Sentence.escaped(message))
    }

    /// A line on standard error, escaped (summaries, progress).
    public static func note(_ message: String) {
        writeError(Sentence.escaped(message))
    }

    /// A line on standard output, escaped (`validate`'s list of problems). A failed write
    /// (a full disk, a closed pipe) ends the program with exit code 4 and one sentence.
    public static func output(_ line: String) {
        if let code = OutputFile.writeAll(1, Sentence.escaped(line) + "\n") {
            writeError("folio: " + Sentence.escaped("standard output could not be written (\(OutputFile.reason(code)))."))
            endAfterFailedWrite()
        }
    }

    /// `text` as it is on standard error, with no newline (the progress bar's own
    /// carriage returns); a failed write ends the program as `note`'s does.
    public static func terminal(_ text: String) {
        if OutputFile.writeAll(2, text) != nil { endAfterFailedWrite() }
    }

    /// Runs `cleanup` if a failed write to the terminal ends the program before
    /// `removeCleanup(token)` (a recording's unfinished files are removed, its encoder
    /// stopped). Returns the token.
    public static func onFailedWrite(_ cleanup: @escaping () -> Void) -> Int {
        cleanups.add(cleanup)
    }

    public static func removeCleanup(_ token: Int) {
        cleanups.remove(token)
    }

    private static let cleanups = Cleanups()

    /// Exit code 4, after the cleanups (each runs once; one that writes to the failed
    /// terminal again finds the list empty).
    private static func endAfterFailedWrite() -> Never {
        for cleanup in cleanups.takeAll() { cleanup() }
        exit(FolioError.Exit.outputFailed.rawValue)
    }

    /// The work to do before a failed write ends the program, by token.
    private final class Cleanups: @unchecked Sendable {
        // Unchecked because the dictionary is mutable. Safe: only touched under `lock`.
        private let lock = NSLock()
        private var pending: [Int: () -> Void] = [:]
        private var next = 0

        func add(_ cleanup: @escaping () -> Void) -> Int {
            lock.lock(); defer { lock.unlock() }
            next += 1
            pending[next] = cleanup
            return next
        }

        func remove(_ token: Int) {
            lock.lock(); defer { lock.unlock() }
            pending[token] = nil
        }

        func takeAll() -> [() -> Void] {
            lock.lock(); defer { lock.unlock() }
            let all = pending.sorted { $0.key < $1.key }.map(\.value)
            pending = [:]
            return all
        }
    }

    /// A line on standard error. A failed write cannot be reported anywhere, so it ends the
    /// program quietly with exit code 4.
    private static func writeError(_ line: String) {
        terminal(line + "\n")
    }
}
