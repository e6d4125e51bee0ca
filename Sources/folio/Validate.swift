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

    @Argument(help: "A Books.plist, a folder, a comic archive, a PDF or an image.", completion: .file()) var path: String

    func run() throws {
        // Nothing is written: Ctrl-C ends it at once, with exit code 130.
        Interrupt.endAtOnce(saying: "interrupted; validate stopped.")
        let decoder = try LibraryOptions.decoder(bounded: true)
        let result = try LibraryLoader.load(path, decoder: decoder)
        let problems = result.problems + LibraryValidator.check(result.library, decoder: decoder)
        for problem in problems { Console.output(problem.description) }
        let books = result.library.books
        let pages = books.reduce(0) { $0 + $1.numbering.count }
        let found = problems.isEmpty ? "no problems" : Sentence.count(problems.count, "problem")
        Console.note("\(Sentence.count(books.count, "book")), \(Sentence.count(pages, "page")), \(found).")
        if !problems.isEmpty { throw ExitCode(FolioError.Exit.problems.rawValue) }
    }
}
