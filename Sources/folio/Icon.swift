import ArgumentParser
import FolioCore
import FolioLibrary
import FolioSDL

/// Draws the application icon (`make install` runs it for each hicolor size).
struct Icon: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw Folio's icon, the first bundled book half open, as a square PNG.",
        shouldDisplay: false)

    @OptionGroup var library: LibraryOptions
    @Option(help: "Side in pixels.") var size: Int
    @Option(help: "The PNG to write.", completion: .file(extensions: ["png"])) var out: String

    func validate() throws {
        try check(size, "--size", IconPainter.sizeRange)
    }

    func run() throws {
        try IconPainter.paint(library: library.load(), size: size, to: out)
    }
}
