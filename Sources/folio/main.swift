import ArgumentParser
import FolioCore
import FolioSDL
import Foundation

struct Folio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folio",
        abstract: "A shelf of books that open in 3D: scroll, pinch with the wheel, turn pages, record demos.",
        discussion: """
        Keys in the window:
          Left/Right         scroll the shelf; turn pages in a book
          PageUp/PageDown    turn pages
          Home/End           first/last book or spread
          Enter/Space        open the centred book (Space turns a page in a book)
          Escape/Backspace   close the book (Escape on the shelf quits)
          Wheel up/down      pinch: up opens the centred book, down closes it
          Ctrl+wheel         the same pinch
          Shift+wheel, horizontal wheel, drag: scroll the shelf, turn pages
          Click              centred book: open it; side book: centre it;
                             in a book: right half forward, left half back
          S                  slow motion (animations 10x slower)
          R                  start/stop capturing input to a replayable script

        Exit codes: 0 success, \(FolioError.Exit.allCases.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: ", ")).
        """,
        subcommands: [View.self, Record.self, Bench.self, Validate.self],
        defaultSubcommand: View.self
    )
}

/// Options shared by every command that reads the library.
struct LibraryOptions: ParsableArguments {
    @Option(name: .long, help: "A Books.plist, a folder holding one, a folder of book folders or .cbz files, one .cbz, or one folder of images (default: the bundled library).")
    var library: String?

    @Option(name: .customLong("cache-mb"), help: "Most megabytes of page textures kept in memory (default 256, or 128 when OpenGL runs on the CPU).")
    var cacheMB: Int?

    var cacheBytes: Int? { cacheMB.map { max(16, $0) << 20 } }

    /// Loads the library; problems with single files are warnings, an unreadable library
    /// exits with code 2.
    func load() throws -> Library {
        let path: String
        if let library {
            path = library
        } else {
            guard let bundled = BundledAssets.booksPlist() else {
                throw FolioError.badInput("the bundled library (Assets/Books.plist) was not found; pass --library PATH or set FOLIO_ASSETS.")
            }
            path = bundled
        }
        let result = try LibraryLoader.load(path)
        for problem in result.problems { Console.warning(problem.description) }
        return result.library
    }
}

/// Parses "1280x800".
func parseSize(_ text: String) throws -> Size {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
          w >= 1, h >= 1, w <= DemoScript.maxDimension, h <= DemoScript.maxDimension else {
        throw FolioError.badInput("--size \(text) is not WIDTHxHEIGHT with each side from 1 to \(Int(DemoScript.maxDimension)).")
    }
    return Size(width: w.rounded(), height: h.rounded())
}

/// The one edge: a `FolioError` prints its sentence and exits with its code; the argument
/// parser's own errors keep its message, and usage errors exit 2 as documented.
func runFolio() -> Never {
    do {
        var command = try Folio.parseAsRoot()
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
        let message = Folio.fullMessage(for: error)
        FileHandle.standardError.write(Data((message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Console.escaped(String($0)) }.joined(separator: "\n") + "\n").utf8))
        exit(FolioError.Exit.badInput.rawValue)
    }
}

SDLVideo.tuneMemory()
runFolio()
