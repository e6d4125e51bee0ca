import ArgumentParser
import FolioCore
import FolioSDL
import Foundation

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Measure frame CPU time and render time; prints one JSON object.")

    @OptionGroup var library: LibraryOptions

    func run() throws {
        throw fail("bench is not built yet.", code: ExitStatus.badInput)
    }
}
