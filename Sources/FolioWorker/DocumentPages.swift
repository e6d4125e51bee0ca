import CVips
import FolioCore
import FolioDecoding
import FolioLibrary
import Foundation

/// What a document format does in the decoder worker: the calls zathura gives every format
/// plugin. A format lists its pages with their sizes and draws a page at a size; it may also
/// read an outline (contents), links, page labels and a text layer (search). Every call takes
/// the descriptor of a file the worker opened (`SafeFile`), never a path, and throws a
/// `VipsDecoder.Failure` with the format's own reason. Confinement, budgets and kept
/// documents are the worker's, the same for every format.
///
/// A new format of Folio's own is a type conforming here, a line in `DocumentFormats.standard`,
/// and its `DocumentKind` (the library's side) in `DocumentKind.all`; a program's own format
/// is registered with its worker (`DecoderProcess.serve(adding:documents:)`) and its loader
/// (`BookFormats.register(DocumentFormat(kind, documents:))`), a line each.
package protocol DocumentPages: Sendable {
    /// The format as the library knows it (its name, extensions, first bytes).
    var kind: DocumentKind { get }
    /// The page count, the first page's size in points, the title and author.
    func info(_ fd: Int32) throws -> DocumentInfo
    /// Page `page`'s (from 0) size in points.
    func size(_ fd: Int32, page: Int) throws -> VipsDecoder.Header
    /// Page `page` drawn fitted inside `width`×`height`, or covering it cropped centred when
    /// `crop`; `bySplash` asks a format with a second renderer for it (PDF), others ignore it.
    func draw(_ fd: Int32, page: Int, width: Int, height: Int, crop: Bool, bySplash: Bool) throws -> VipsDecoder.Pixels
    /// The outline as contents, each entry's page by the reader's numbering, unchecked.
    func outline(_ fd: Int32) throws -> [ContentsEntry]
    /// The labels printed on the pages, from the first, unchecked.
    func labels(_ fd: Int32) throws -> [String]
    /// Page `page`'s links, their pages by the reader's numbering, unchecked.
    func links(_ fd: Int32, page: Int) throws -> [PageLink]
    /// A stretch of a search for `text` from page `first` (from 0), at most `count` pages and
    /// a bounded time; hits by the reader's numbering.
    func find(_ fd: Int32, text: String, first: Int, count: Int) throws -> TextSearchStretch
}

extension DocumentPages {
    package func outline(_ fd: Int32) throws -> [ContentsEntry] { [] }
    package func labels(_ fd: Int32) throws -> [String] { [] }
    package func links(_ fd: Int32, page: Int) throws -> [PageLink] { [] }
    package func find(_ fd: Int32, text: String, first: Int, count: Int) throws -> TextSearchStretch {
        TextSearchStretch(hits: [], searched: max(0, count), hasText: false)
    }
}

/// The document formats a worker reads, each picked by a file's first bytes.
package struct DocumentFormats: Sendable {
    package private(set) var all: [any DocumentPages]

    /// Folio's own: one line each.
    package static let standard = DocumentFormats(all: [PDFPages(), DjVuPages()])

    /// Adds `format`, tried after those already known.
    package mutating func register(_ format: any DocumentPages) {
        all.append(format)
    }

    /// The format of the file behind `fd`, by its first bytes (`DocumentKind.magic`); PDF
    /// for a file no format claims, whose reader then names what is wrong with it (poppler's
    /// check, as libvips sniffs a PDF, comes before it parses anything).
    package func of(_ fd: Int32) -> any DocumentPages {
        var head = Data(count: 16)
        let read = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 16, 0) }
        let bytes = head.prefix(max(0, read))
        return all.first { $0.kind.claims(head: bytes) } ?? all[0]
    }
}

/// What the C readers hand back, as Folio keeps it (shared by every format's bridge).
enum DocumentReplies {
    /// A document's header as the C readers fill it.
    static func info(_ document: folio_vips_document) -> DocumentInfo {
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let size = document.width > 0 && document.height > 0 ? Size(width: Double(document.width), height: Double(document.height)) : nil
        let author = text(document.author)
        return DocumentInfo(pageCount: Int(document.pages), title: text(document.title), firstPageSize: size,
                            author: author.isEmpty ? nil : author)
    }

    /// Outline entries (freed by the caller), each page by the reader's numbering.
    static func contents(_ found: UnsafeMutablePointer<folio_outline_entry>?, count: Int32) -> [ContentsEntry] {
        guard let found, count > 0 else { return [] }
        return (0..<Int(count)).map { i in
            let entry = found[i]
            return ContentsEntry(title: entry.title.map { String(cString: $0) } ?? "", level: Int(entry.level), number: Int(entry.page) + 1,
                                 top: entry.top >= 0 ? entry.top : nil)
        }
    }

    /// Labels of `FOLIO_PAGE_LABEL_BYTES` each, `count` of them.
    static func labels(_ buffer: [CChar], count: Int32) -> [String] {
        let size = Int(FOLIO_PAGE_LABEL_BYTES)
        return (0..<Int(max(0, count))).map { i in
            let slice = buffer[(i * size)..<((i + 1) * size)]
            return String(decoding: slice.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// Links (freed by the caller) on a page of width over height `aspect`.
    static func links(_ found: UnsafeMutablePointer<folio_page_link>?, count: Int32, aspect: Double) -> [PageLink] {
        guard let found, count > 0 else { return [] }
        return (0..<Int(count)).map { i in
            let link = found[i]
            let area = Rect(x: link.x, y: link.y, width: link.width, height: link.height)
            // An address too long to keep is named by its length only (never cut short).
            let target: PageLink.Target = link.unkept_bytes > 0 ? .unkept(bytes: Int(clamping: link.unkept_bytes))
                : link.uri.map { .address(String(cString: $0)) } ?? .page(Int(link.page) + 1)
            return PageLink(area: area, target: target, pageAspect: aspect > 0 ? aspect : nil, top: link.top >= 0 ? link.top : nil)
        }
    }
}
