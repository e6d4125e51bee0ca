import ArgumentParser
import FolioCore
import FolioDecoding
import FolioLibrary
import FolioSDL
import Foundation

/// Checks a library file by file.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every problem with a library; exit 0 when clean, 1 with problems, 2 when it cannot be read.")

    @Argument(help: "A Books.plist, a folder, a comic archive, a PDF or DjVu book, or an image.", completion: .file()) var path: String

    @Option(name: .customLong("time-limit"), help: "Seconds to spend decoding pages; the pages left are named as not checked (0: no limit, every page is checked).")
    var timeLimit: Double = 60

    @Flag(help: "No progress bar.") var quiet = false

    func validate() throws {
        try check(timeLimit, "--time-limit", 0...86_400, unit: " s")
    }

    func run() throws {
        let start = ProcessInfo.processInfo.systemUptime
        // Nothing is written: Ctrl-C ends it at once, with exit code 130.
        Interrupt.endAtOnce(saying: "interrupted; validate stopped.")
        let decoder = try LibraryOptions.decoder(bounded: true)
        let result = try LibraryLoader.load(path, decoder: decoder)
        // The limit counts from launch; what is left of it goes to the pages.
        let limit = timeLimit > 0 ? LibraryValidator.TimeLimit(seconds: timeLimit, from: start) : nil
        let bar = ProgressBar(total: LibraryValidator.imageCount(result.library), unit: "pages", rate: "pages/s", enabled: !quiet)
        let checked = LibraryValidator.check(result.library, decoder: decoder, limit: limit) { bar.update($0) }
        bar.finish()
        let problems = result.problems + checked
        for problem in problems { Console.output(problem.description) }
        let books = result.library.books
        let pages = books.reduce(0) { $0 + $1.numbering.count }
        let found = problems.isEmpty ? "no problems" : Sentence.count(problems.count, "problem")
        Console.note("\(Sentence.count(books.count, "book")), \(Sentence.count(pages, "page")), \(found).")
        if !problems.isEmpty { throw ExitCode(FolioError.Exit.problems.rawValue) }
    }
}
