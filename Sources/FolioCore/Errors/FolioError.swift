/// The one error type of the whole program: a sentence for the user and the exit code it
/// means. Every command catches nothing but this at its edge; the sentence names the file
/// (or flag) and the problem, and is printed through `Console`, which escapes it.
public struct FolioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Exit codes, documented in `--help` and the README.
    public enum Exit: Int32, Sendable, CaseIterable {
        /// `validate` found problems.
        case problems = 1
        /// A bad flag, script, library, image or output path (refused before any work).
        case badInput = 2
        /// No window, renderer or video driver could be had.
        case noDisplay = 3
        /// Writing an output failed part-way (disk full, the encoder died).
        case outputFailed = 4
        /// Ctrl-C or SIGTERM.
        case interrupted = 130

        /// What the code means, for `--help` and the README.
        public var meaning: String {
            switch self {
            case .problems: return "problems found (validate)"
            case .badInput: return "bad input (flag, script, library, output path)"
            case .noDisplay: return "no display or renderer"
            case .outputFailed: return "an output could not be finished"
            case .interrupted: return "interrupted"
            }
        }
    }

    /// Why a file could not be read, for what shows in its place (a page's placeholder).
    public enum Cause: String, Hashable, Sendable {
        case missing, refused, encrypted, unreadable, unsupported
        case tooLarge = "too large"
    }

    public let exit: Exit
    /// One sentence, unescaped; `Console` escapes it when printing.
    public let message: String
    /// Set by the readers of files and archives; nil for every other failure.
    public let cause: Cause?

    public init(_ exit: Exit, _ message: String, cause: Cause? = nil) {
        self.exit = exit
        self.message = message
        self.cause = cause
    }

    public static func badInput(_ message: String, cause: Cause? = nil) -> FolioError { FolioError(.badInput, message, cause: cause) }
    public static func noDisplay(_ message: String) -> FolioError { FolioError(.noDisplay, message) }
    public static func outputFailed(_ message: String) -> FolioError { FolioError(.outputFailed, message) }
    public static func interrupted(_ message: String) -> FolioError { FolioError(.interrupted, message) }

    public var exitCode: Int32 { exit.rawValue }
    public var description: String { message }
}
