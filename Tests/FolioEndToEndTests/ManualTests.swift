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
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "KEYS AND POINTER", "FILES", "EXIT STATUS"] {
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
        for code in FolioError.Exit.allCases {
            #expect(lines.contains { $0.hasPrefix("\(code.rawValue) ") || $0 == "\(code.rawValue)" }, "exit code \(code.rawValue)")
        }
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
        let work = dir.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("books"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: work.appendingPathComponent("book.cbz").path, contents: Data())
        _ = FileManager.default.createFile(atPath: work.appendingPathComponent("other.pdf").path, contents: Data())
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let script = """
        cd '\(work.path)' && source '\(dir.appendingPathComponent("folio.bash").path)'
        COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMPREPLY=(); _folio
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        let result = try Folio.runProcess("/bin/bash", ["-c", script])
        #expect(result.status == 0, "\(result.stderr)")
        let offered = result.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted()
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
}
