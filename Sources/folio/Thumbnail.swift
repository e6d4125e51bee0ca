import ArgumentParser
import FolioCore
import FolioDecoding
import FolioLibrary

/// `folio thumbnail INPUT OUTPUT [SIZE]`: a book's cover as a PNG, for file managers (the
/// freedesktop thumbnailer `make install` puts in share/thumbnailers runs it). The book is
/// listed and its cover decoded in confined workers, as everywhere.
struct Thumbnail: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a book's cover as a PNG of at most SIZE pixels a side (what file managers show).",
        discussion: "A file manager runs it through Folio's thumbnailer for comic archives. Exits 2 when INPUT holds no book with a readable cover or OUTPUT is there already with something in it (unless --overwrite); nothing is written then.")

    @Argument(help: "The book: a comic archive, a PDF or DjVu book, a folder of images.", completion: .file())
    var input: String
    @Argument(help: "The PNG to write (a new or empty file).", completion: .file(extensions: ["png"]))
    var output: String
    @Argument(help: "Most pixels on the cover's longer side, 16 to 1024 (file managers ask 128, 256, 512 or 1024).")
    var size: Int = 256
    @Flag(help: "Replace OUTPUT when it holds something (else refused, exit 2).")
    var overwrite = false

    static let sizeRange = 16...1024

    func validate() throws {
        try check(size, "SIZE", Self.sizeRange)
    }

    func run() throws {
        let decoder = try LibraryOptions.decoder(bounded: true)
        let result = try LibraryLoader.load(input, decoder: decoder)
        guard let cover = result.library.books.first?.cover else {
            let why = result.problems.first.map { ": \($0.message)" } ?? ""
            throw FolioError.badInput("\(input): holds no book whose cover Folio can read\(why)")
        }
        do {
            try CoverThumbnails.write(cover, box: size, decoder: decoder, to: output, overwrite: overwrite)
        } catch let error as PageImage.Failure {
            throw FolioError.badInput(error.message)
        }
    }
}
