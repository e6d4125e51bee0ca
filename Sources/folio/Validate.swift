import ArgumentParser
import FolioCore
import FolioSDL
import Foundation

/// Checks a library file by file.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every problem with a library; exit 0 when clean, 1 with problems, 2 when it cannot be read.")

    @Argument(help: "A Books.plist, a folder, or a .cbz.") var path: String

    func run() throws {
        let result: LibraryLoader.Result
        do {
            result = try LibraryLoader.load(path)
        } catch let error as LibraryError {
            throw fail(error.description, code: ExitStatus.badInput)
        }
        let problems = result.problems + LibraryValidator.check(result.library)
        for problem in problems { print(problem) }
        let books = result.library.books
        let pages = books.reduce(0) { $0 + $1.pages.count }
        let summary = "\(books.count) books, \(pages) pages, \(problems.isEmpty ? "no problems" : "\(problems.count) problem\(problems.count == 1 ? "" : "s")")."
        FileHandle.standardError.write(Data((summary + "\n").utf8))
        if !problems.isEmpty { throw ExitCode(ExitStatus.problems) }
    }
}
