import ArgumentParser
import FolioCore
import FolioDecoding
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
        let decoder = try LibraryOptions.decoder()
        try IconPainter.paint(library: library.load(decoder: decoder), decoder: decoder, size: size, to: out)
    }
}
