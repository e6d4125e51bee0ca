import ArgumentParser
import FolioCore
import FolioDecoding
import FolioLibrary
import FolioSDL
import FolioWorker
import Foundation

struct Folio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folio",
        abstract: "A shelf of books that open in 3D and lie flat to read: scroll, pinch with the wheel, turn pages, record demos.",
        usage: """
        folio [PATH] [--page <page>] [--size <size>] [<options>]
        folio <subcommand> [<options>]
        """,
        discussion: """
        Keys and pointer in the window:
        \(KeyBindings.helpText)

        Exit codes: 0 success, \(FolioError.Exit.allCases.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: ", ")).
        """,
        version: FolioVersion.number,
        subcommands: [View.self, Record.self, Bench.self, Validate.self, Thumbnail.self, Icon.self],
        defaultSubcommand: View.self
    )
}

/// Options shared by every command that reads the library.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: "A Books.plist, a folder holding one, a folder of book folders, comic archives (.cbz, .cbr, .cb7, .cbt), PDFs and DjVu books, one archive or document, one folder of images, or one image (default: the bundled library).", completion: .file())
    var library: String?

    @Option(name: .customLong("cache-mb"), parsing: .unconditional, help: "Most megabytes of page textures kept in memory (default 256, or 128 when OpenGL runs on the CPU).")
    var cacheMB: Int?

    var cacheBytes: Int? { cacheMB.map { $0 << 20 } }

    /// Texture budgets from 16 MB to 64 GB.
    static let cacheRange = 16...65_536

    func validate() throws {
        try check(cacheMB, "--cache-mb", Self.cacheRange)
    }

    /// The decoder a command hands down to everything that reads a user's files: confined
    /// worker processes, each this program started as `folio --decoder-worker`. A command that
    /// must end (`bounded`: validate, record) gives the whole library a budget of slow seconds.
    static func decoder(bounded: Bool = false) throws -> DecoderSandbox {
        try DecoderSandbox(executable: DecoderSandbox.worker(of: BundledAssets.executablePath()),
                           libraryBudget: bounded ? DecoderSandbox.libraryBudget : nil)
    }

    /// Loads the library; problems with single files are warnings, an unreadable library
    /// exits with code 2.
    func load(decoder: any PageDecoder) throws -> Library {
        try loadResult(decoder: decoder).library
    }

    /// The library's name as a reader knows it: its folder's or file's, or the bundled one's.
    func displayName(path given: String? = nil) -> String {
        guard let path = given ?? library else { return "the bundled library" }
        let name = (path as NSString).lastPathComponent
        return name.isEmpty || name == "/" ? path : name
    }

    /// The library `loadResult(path:)` loads: `path` (the view's PATH), else --library, else
    /// the bundled books; nil when a path given cannot name a library (loading it says why).
    func identity(path given: String? = nil) -> LibraryIdentity? {
        guard let path = given ?? library else { return .bundled }
        return LibraryIdentity.of(path: path)
    }

    /// Loads `path` (the view's PATH), else --library, else the bundled library, printing
    /// the problems as warnings; its books measured (`BookShapes`) unless `shaped` is false.
    /// `progress` is told of each book as it is read.
    func loadResult(path given: String? = nil, shaped: Bool = true, decoder: any PageDecoder,
                    progress: LibraryLoadProgress? = nil) throws -> LibraryLoader.Result {
        let path: String
        if let library = given ?? library {
            path = library
        } else {
            guard let bundled = BundledAssets.booksPlist() else {
                throw FolioError.badInput(
                    "the bundled library (Assets/Books.plist) was not found; pass --library PATH or set FOLIO_ASSETS.")
            }
            path = bundled
        }
        let result = try LibraryLoader.load(path, decoder: decoder, progress: progress)
        for problem in result.problems { Console.warning(problem.description) }
        guard shaped else { return result }
        var measured = result
        measured.library = BookShapes.measured(result.library, decoder: decoder)
        return measured
    }
}

/// Parses "1280x800" (points; each side rounded), within the one size limit scripts use.
func parseSize(_ text: String) throws -> Size {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite else {
        throw ValidationError("--size \(text) is not WIDTHxHEIGHT, such as 1280x800.")
    }
    let size = Size(width: w.rounded(), height: h.rounded())
    if let problem = InputScript.sizeProblem(width: size.width, height: size.height) {
        throw ValidationError("--size \(text) is refused: \(problem).")
    }
    return size
}

/// Refuses a number flag that is not finite or lies outside `range`, naming the flag.
func check<T: Comparable & CustomStringConvertible>(_ value: T?, _ flag: String, _ range: ClosedRange<T>, unit: String = "") throws {
    guard let value else { return }
    if let x = value as? Double, !x.isFinite { throw ValidationError("\(flag) must be a finite number.") }
    func text(_ x: T) -> String { (x as? Double).map { String(format: "%g", $0) } ?? "\(x)" }
    guard range.contains(value) else {
        throw ValidationError("\(flag) \(text(value)) is outside \(text(range.lowerBound))…\(text(range.upperBound))\(unit).")
    }
}

/// The one edge: a `FolioError` prints its sentence and exits with its code; a bad flag
/// (the parser's own errors and every `validate()`) prints one sentence and exits 2.
func runFolio() -> Never {
    do {
        // The arguments as the system holds them: a file name that is not UTF-8 still opens.
        var command = try Folio.parseAsRoot(Array(FileName.arguments().dropFirst()))
        try command.run()
        exit(0)
    } catch let error as FolioError {
        Console.error(error.message)
        exit(error.exitCode)
    } catch {
        let code = Folio.exitCode(for: error)
        if code == .success || code == .failure && error is ExitCode {
            Folio.exit(withError: error)  // --help, --version, or an ExitCode a command chose
        }
        if let exitCode = error as? ExitCode { exit(exitCode.rawValue) }
        // A bad flag: the parser's first line as one sentence (not the whole usage), escaped
        // like every other message.
        var message = Folio.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
        if !message.hasSuffix("."), !message.hasSuffix("?") { message += "." }
        Console.error(message)
        exit(FolioError.Exit.badInput.rawValue)
    }
}

// Every file of a user's is read in confined child processes: this same program started as
// `folio --decoder-worker` (DecoderSandbox, which each command makes and hands down, starts
// them; DecoderProcess serves in them). Nothing else here calls a decoder.
if CommandLine.arguments.dropFirst().first == DecoderProcess.flag { DecoderProcess.serve() }
// A closed pipe, a full disk or a file-size limit is a failed write to report (exit 4),
// never a signal.
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)
Interrupt.endAtOnceUntilReady()
ProcessHeap.tune()
runFolio()
