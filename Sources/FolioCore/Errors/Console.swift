import Foundation

/// Everything Folio prints for a person goes through here, so names, titles and script text
/// from outside can never move the cursor, recolour the terminal or reorder a line: control
/// characters and bidirectional marks are written as `\u{…}` escapes.
public enum Console {
    /// `text` with C0/C1 controls, DEL and bidirectional formatting marks escaped.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL, C1 (tab and newline included)
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidi marks
        case 0x2028, 0x2029: return true  // line and paragraph separators
        default: return false
        }
    }

    /// "folio: MESSAGE" on standard error.
    public static func error(_ message: String) {
        writeError("folio: " + escaped(message))
    }

    /// "folio: warning: MESSAGE" on standard error.
    public static func warning(_ message: String) {
        writeError("folio: warning: " + escaped(message))
    }

    /// A line on standard error, escaped (summaries, progress).
    public static func note(_ message: String) {
        writeError(escaped(message))
    }

    /// A line on standard output, escaped (`validate`'s list of problems). A failed write
    /// (a full disk, a closed pipe) ends the program with exit code 4 and one sentence.
    public static func output(_ line: String) {
        if let code = OutputFile.writeAll(1, escaped(line) + "\n") {
            writeError("folio: " + escaped("standard output could not be written (\(OutputFile.reason(code)))."))
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

    /// "1 book", "3 books".
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : (plural ?? singular + "s"))"
    }
}
