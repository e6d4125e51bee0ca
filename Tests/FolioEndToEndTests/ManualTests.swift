import Foundation
import Testing
@testable import FolioCore

/// The man page and the completions `make install` puts in place, made from the built folio
/// by scripts/manual.py: the man page renders with no warning and holds every key, and the
/// bash completion completes paths where a path is expected and every option.
@Suite(.serialized) struct ManualTests {
    /// The generated files, in a new folder.
    static func made() throws -> URL {
        let dir = try Folio.temporaryDirectory()
        let script = Folio.root.appendingPathComponent("scripts/manual.py").path
        let result = try Folio.runProcess("/usr/bin/env", ["python3", script, Folio.executable, dir.path, "--date", "2026-01-01"])
        try #require(result.status == 0, "scripts/manual.py: \(result.stderr)")
        return dir
    }

    /// groff with every warning on, and mandoc's lint: nothing but style notes. The rendered
    /// page has its headings on lines of their own and the usage folio [PATH].
    @Test func theManPageRendersWithoutAWarning() throws {
        let dir = try Self.made()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("folio.1").path
        let groff = try #require(Folio.which("groff"), "groff is in groff-base (make deps installs it)")
        let rendered = try Folio.runProcess(groff, ["-man", "-Tutf8", "-ww", page], environment: ["MANWIDTH": "80"])
        #expect(rendered.status == 0 && rendered.stderr.isEmpty, "groff: \(rendered.stderr)")
        let mandoc = try #require(Folio.which("mandoc"), "mandoc is in mandoc (make deps installs it)")
        let lint = try Folio.runProcess(mandoc, ["-T", "lint", "-W", "warning", page])
        #expect(lint.stdout.isEmpty && lint.stderr.isEmpty, "mandoc: \(lint.stdout)\(lint.stderr)")
        // Plain text, without groff's bold and underline.
        let text = rendered.stdout.replacingOccurrences(of: ".\u{8}", with: "", options: .regularExpression)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "KEYS AND POINTER", "FILES", "ENVIRONMENT", "EXIT STATUS"] {
            #expect(lines.contains(heading), "no heading \(heading) on a line of its own")
        }
        for context in ["On the shelf", "In a book (3D)", "Reading (the book flat)", "Anywhere", "Pointer"] {
            #expect(lines.contains(context), "no heading \(context) on a line of its own")
        }
        #expect(lines.contains("folio [PATH] [OPTIONS]"))
        // Every binding and pointer row, whole: the page cannot drift from the key table.
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ").replacingOccurrences(of: "\u{2010} ", with: "")
        for binding in KeyBindings.all {
            #expect(words.contains(binding.help), "the man page lacks \"\(binding.help)\"")
        }
        for row in KeyBindings.pointer {
            #expect(words.contains(row.help), "the man page lacks \"\(row.help)\"")
        }
        // Keys named elsewhere on the page are the table's: slow motion, captures.
        #expect(words.contains("slower (toggle with \(KeyBindings.names(of: .slowMotion)))"), "the --slow-motion flag names the table's key")
        #expect(words.contains("captures started with \(KeyBindings.names(of: .capture))"))
        for file in ["places.json", "settings.conf", "thumbnails/", "mesa-shaders/", "XDG_STATE_HOME", "FOLIO_ASSETS", "SDL_VIDEODRIVER"] {
            #expect(words.contains(file), "the man page names \(file)")
        }
        for code in FolioError.Exit.allCases {
            #expect(lines.contains { $0.hasPrefix("\(code.rawValue) ") || $0 == "\(code.rawValue)" }, "exit code \(code.rawValue)")
        }
    }

    /// A folder `work` in `dir` holding empty `files` and `folders`, for completions to offer.
    static func folder(in dir: URL, folders: [String], files: [String]) throws -> URL {
        let work = dir.appendingPathComponent("work")
        for folder in folders { try FileManager.default.createDirectory(at: work.appendingPathComponent(folder), withIntermediateDirectories: true) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        for file in files { _ = FileManager.default.createFile(atPath: work.appendingPathComponent(file).path, contents: Data()) }
        return work
    }

    /// What the bash completion made in `made` offers for `words` typed in `work` (after
    /// `first`, a line run before it), sorted, and bash's result.
    static func bashOffers(_ words: [String], made: URL, in work: URL, first: String = "") throws -> ([String], Folio.Result) {
        let line = words.joined(separator: " ")
        let script = """
        \(first)
        cd '\(work.path)' && source '\(made.appendingPathComponent("folio.bash").path)'
        COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
        COMP_LINE='\(line)'; COMP_POINT=\(line.utf8.count); COMPREPLY=(); _folio
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        let result = try Folio.runProcess("/bin/bash", ["-c", script])
        return (result.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted(), result)
    }

    /// The bash completion function, called as bash calls it: a path where one is expected
    /// (never a command name that does not match), the commands that match, every option.
    @Test(arguments: [
        (["folio", "book"], ["book.cbz", "books"]),
        (["folio", "re"], ["record"]),
        (["folio", "--pa"], ["--page"]),
        (["folio", "--page", ""], []),
        (["folio", "record", "--sc"], ["--script"]),
        (["folio", "record", "--script", "bo"], ["book.cbz", "books"]),
        (["folio", "--capture", "b"], ["book.cbz", "books"]),
        (["folio", "validate", "b"], ["book.cbz", "books"]),
        (["folio", "bench", "--fl"], ["--flip-rate"]),
    ])
    func bashCompletesPathsAndOptions(words: [String], expected: [String]) throws {
        let dir = try Self.made()
        defer { try? FileManager.default.removeItem(at: dir) }
        let work = try Self.folder(in: dir, folders: ["books"], files: ["book.cbz", "other.pdf"])
        let (offered, result) = try Self.bashOffers(words, made: dir, in: work)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(offered == expected.sorted(), "\(words) offers \(offered)")
    }

    /// Every option of every command is offered after "--".
    @Test func everyOptionIsCompleted() throws {
        let dir = try Self.made()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (command, options) in [("record", ["--script", "--out", "--fps", "--overwrite"]), ("", ["--page", "--fresh", "--library", "--capture"])] {
            let words = (["folio"] + (command.isEmpty ? [] : [command]) + ["--"]).map { "'\($0)'" }.joined(separator: " ")
            let script = """
            source '\(dir.appendingPathComponent("folio.bash").path)'
            COMP_WORDS=(\(words)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _folio
            printf '%s\\n' "${COMPREPLY[@]}"
            """
            let offered = Set(try Folio.runProcess("/bin/bash", ["-c", script]).stdout.split(separator: "\n").map(String.init))
            for option in options + ["--help", "--version"] { #expect(offered.contains(option), "folio \(command) -- lacks \(option)") }
        }
    }

    /// Names with spaces and quotes stay one word each, with bash-completion loaded (its
    /// `_filedir`, as an interactive shell on Debian has it) and without.
    @Test(arguments: [false, true])
    func bashKeepsNamesWithSpacesWhole(withBashCompletion: Bool) throws {
        let dir = try Self.made()
        defer { try? FileManager.default.removeItem(at: dir) }
        let work = try Self.folder(in: dir, folders: ["My Comics"], files: ["My Comic's Vol 1.cbz", "Other.pdf"])
        let loader = "/usr/share/bash-completion/bash_completion"
        if withBashCompletion { try #require(FileManager.default.fileExists(atPath: loader), "bash-completion is missing (make deps installs it)") }
        let (offered, result) = try Self.bashOffers(["folio", "My"], made: dir, in: work, first: withBashCompletion ? "source \(loader)" : "")
        #expect(offered == ["My Comic's Vol 1.cbz", "My Comics"], "\(offered) \(result.stderr)")
    }

    /// zsh's completion, called with `_arguments` and `_alternative` standing in (they print
    /// what they are given): every option of every command reaches `_arguments` as a spec of
    /// its own, whole (a glob for a file's extension quoted inside it), and zsh reads the file.
    @Test func zshGetsEveryOptionWhole() throws {
        let zsh = try #require(Folio.which("zsh"), "zsh is missing (make deps installs it)")
        let dir = try Self.made()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("_folio").path
        let syntax = try Folio.runProcess(zsh, ["-n", file])
        #expect(syntax.status == 0 && syntax.stderr.isEmpty, "\(syntax.stderr)")
        for (command, options) in [("record", ["--script", "--out", "--trace", "--fps", "--overwrite", "--library"]),
                                   ("view", ["--page", "--fresh", "--library", "--capture", "--trace"]),
                                   ("thumbnail", [])] {
            let script = """
            _arguments() { print -rl -- "$@" }; _alternative() { print -rl -- "$@" }
            source '\(file)' 2>/dev/null
            words=(folio \(command) ''); CURRENT=3; _folio
            """
            let result = try Folio.runProcess(zsh, ["-f", "-c", script])
            #expect(result.stderr.isEmpty, "\(command): \(result.stderr)")
            let specs = result.stdout.split(separator: "\n").map(String.init)
            for option in options {
                #expect(specs.contains { $0.hasPrefix(option + "[") || $0.hasPrefix(option + "=[") }, "folio \(command) lacks \(option): \(specs)")
            }
            #expect(!specs.contains { $0.hasPrefix("*.") }, "a glob fell out of its spec: \(specs)")
        }
    }
}
