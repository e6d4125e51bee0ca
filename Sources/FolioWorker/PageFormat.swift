import FolioCore
import FolioDecoding
import FolioLibrary

/// A book format's decoding side: what each of its own page references
/// (`ImageSource.formatPage`) is as an image, said in the decoder worker, where the format is
/// known by its name. The worker then measures and decodes that image as any other, so a
/// format brings no operation of its own to the worker's wire.
package protocol PageFormat: BookFormat {
    /// The image that page `page` of the book file at `file` is: a file (inside the book's
    /// folder), an archive's entry, or bytes the format read (within `ImageReader.maxFileSize`).
    /// Runs in the worker; throws a `PageImage.Failure` naming the page when there is none.
    func image(_ page: String, in file: String) throws -> PageImage.Input
}

/// A comic archive's pages are its entries, read from the archive in the worker.
extension ArchiveFormat: PageFormat {
    package func image(_ page: String, in file: String) throws -> PageImage.Input {
        .entry(archive: file, entry: page)
    }
}

extension BookFormats {
    /// `input` as the worker decodes it: a format's page made into its image by the format
    /// registered under its name; every other input as it is.
    package func resolve(_ input: PageImage.Input) throws -> PageImage.Input {
        guard case .formatPage(let name, let file, let page) = input else { return input }
        guard let format = named(name) as? any PageFormat else {
            throw PageImage.Failure(cause: .unsupported,
                                    message: "\(input.name): is a page of a format this program does not read (\(name)).",
                                    detail: "no format \(name)")
        }
        return try format.image(page, in: file)
    }
}
