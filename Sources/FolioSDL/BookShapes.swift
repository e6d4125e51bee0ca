import FolioCore
import FolioLibrary
import Foundation
import Glibc

/// Gives each book of images the page shape of its content and finds its spreads: the
/// headers (never the pixels) of its pages are read; `PageGeometry.aspect(ofPageSizes:)`
/// picks the most common shape among the cover and first pages, and a page about twice as
/// wide as that shape spans a spread (`PageGeometry.spansSpread`). A PDF's shape comes with
/// its header (`DocumentInfo`); a book whose pages cannot be read keeps the tutorial's page.
public enum BookShapes {
    /// The cover and this many pages after it give the shape.
    public static let sampledPages = 7
    /// Most page headers read for spreads as a library loads, all books together; a book
    /// past them is shaped from its first pages and shows no spreads.
    public static let spreadScanPages = 2_000

    /// `library` with `pageAspect` set and the spreads found added to `spreads`, on every book
    /// that has no shape yet.
    public static func measured(_ library: Library, reader: ImageReader = ImageReader()) -> Library {
        var library = library
        var budget = spreadScanPages
        for i in library.books.indices where library.books[i].pageAspect == nil {
            let book = library.books[i]
            let scanned = book.pages.count <= budget
            if scanned { budget -= book.pages.count }
            let pages = scanned ? book.pages[...] : book.pages.prefix(sampledPages)
            let sizes = pages.map { $0.flatMap { size(of: $0, reader: reader) } }
            let cover = book.cover.flatMap { size(of: $0, reader: reader) }
            let aspect = PageGeometry.aspect(ofPageSizes: ([cover] + sizes.prefix(sampledPages)).compactMap { $0 })
            library.books[i].pageAspect = aspect
            guard scanned else { continue }
            // Added to the spreads the book's metadata named (a ComicInfo.xml's DoublePage
            // pages), never in place of them.
            library.books[i].spreads.formUnion(sizes.indices.filter { index in
                sizes[index].map { PageGeometry.spansSpread($0, pageAspect: aspect ?? PageGeometry.aspect) } ?? false
            })
        }
        return library
    }

    /// An image's size from its header, or nil when it cannot be read (documents are
    /// measured by their inspector, not here). In the app the header is read by a decoder
    /// worker (`DecoderSandbox`), as every other part of a user's file is.
    static func size(of source: ImageSource, reader: ImageReader) -> Size? {
        let input: PageImage.Input, sandboxPath: String
        switch source {
        case .file(let path):
            (input, sandboxPath) = (.file(path), path)
        case .archiveEntry(let archive, _):
            guard let bytes = try? reader.data(for: source) else { return nil }
            (input, sandboxPath) = (.bytes(bytes, name: source.name), archive)
        case .documentPage, .unavailable:
            return nil
        }
        let measured = DecoderSandbox.measure(path: sandboxPath, name: input.name, bytes: input.bytes)
        return measured.measured ? measured.size : sizeHere(of: input, reader: reader)
    }

    /// `size(of:reader:)` read in this process (what a decoder worker runs).
    static func sizeHere(of input: PageImage.Input, reader: ImageReader) -> Size? {
        let kind = (input.name as NSString).pathExtension.lowercased()
        func measure(_ input: VipsDecoder.Input) -> Size? {
            if let header = try? VipsDecoder.header(input, slot: .forImage(kind: kind)), header.width > 0, header.height > 0 {
                return Size(width: Double(header.width), height: Double(header.height))
            }
            let head = PageImage.prefix(of: input, count: 32)
            guard let format = ImageHeader.sniff(head, fileExtension: kind),
                  let size = ImageHeader.size(of: head, format: format), size.width > 0, size.height > 0 else { return nil }
            return Size(width: Double(size.width), height: Double(size.height))
        }
        switch input {
        case .file(let path):
            guard let fd = try? reader.descriptor(forFile: path) else { return nil }
            defer { close(fd) }
            return measure(.descriptor(fd))
        case .bytes(let data, _):
            return measure(.bytes(data))
        }
    }
}
