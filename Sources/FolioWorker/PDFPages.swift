import CVips
import FolioCore
import FolioDecoding
import FolioLibrary
import Foundation

/// A PDF's pages drawn by poppler from a document kept open between them (`folio_pdf.c`):
/// the decoder worker serves a book's pages one request after another, and parsing the
/// document once for all of them, rather than about three times a page through libvips'
/// loader, is what makes flipping fast. The document is opened again whenever the file is
/// not the same one (another inode, size or time, other bytes at its ends), and a different
/// document closes it: one is kept at a time. The pixels are libvips' thumbnail of the page,
/// as its PDF loader draws it (on white, at the scale the box needs).
struct PDFPages: DocumentPages {
    var kind: DocumentKind { .pdf }

    /// The page count, the first page's size, the title and the author (`folio_pdf.c`).
    func info(_ fd: Int32) throws -> DocumentInfo {
        guard VipsDecoder.started else { throw VipsDecoder.Failure(reason: "libvips could not start") }
        var document = folio_vips_document()
        var error = [CChar](repeating: 0, count: 256)
        guard folio_pdf_document_read(fd, &document, &error, error.count) == 0 else {
            throw VipsDecoder.Failure(reason: VipsDecoder.reason(error))
        }
        return DocumentReplies.info(document)
    }

    /// Page `page`'s size in points, each side rounded to a whole point (as libvips gives
    /// it); throws a `VipsDecoder.Failure` with poppler's reason ("Document is encrypted",
    /// "PDF document is damaged", "pages out of range") or "not a PDF".
    func size(_ fd: Int32, page: Int) throws -> VipsDecoder.Header {
        guard VipsDecoder.started else { throw VipsDecoder.Failure(reason: "libvips could not start") }
        var width: Int32 = 0, height: Int32 = 0
        var error = [CChar](repeating: 0, count: 256)
        guard folio_pdf_page_size(fd, Int32(clamping: page), &width, &height, &error, error.count) == 0 else {
            throw VipsDecoder.Failure(reason: VipsDecoder.reason(error))
        }
        return VipsDecoder.Header(width: Int(width), height: Int(height))
    }

    /// Page `page` drawn into `width`×`height` pixels: fitted inside the box, or covering it
    /// and cropped centred when `crop`; by cairo, with poppler's Splash (as pdftoppm draws) as
    /// the second opinion when cairo fails, or by Splash alone when `bySplash`. Throws as
    /// `size` does.
    func draw(_ fd: Int32, page: Int, width: Int, height: Int, crop: Bool, bySplash: Bool) throws -> VipsDecoder.Pixels {
        guard VipsDecoder.started else { throw VipsDecoder.Failure(reason: "libvips could not start") }
        var outWidth: Int32 = 0, outHeight: Int32 = 0
        var error = [CChar](repeating: 0, count: 256)
        guard let pixels = folio_pdf_draw(fd, Int32(clamping: page), Int32(clamping: width), Int32(clamping: height), crop ? 1 : 0,
                                          bySplash ? 1 : 0, &outWidth, &outHeight, &error, error.count) else {
            throw VipsDecoder.Failure(reason: VipsDecoder.reason(error))
        }
        return VipsDecoder.Pixels(base: pixels, width: Int(outWidth), height: Int(outHeight))
    }

    /// Seconds the worker may spend walking one outline (poppler's own parse of its first
    /// level comes before, bounded by the request's time).
    static let outlineSeconds = 2.0

    /// The document's outline, bounded as `BookContents` says (at most its entries, its
    /// levels, `outlineSeconds`), each entry's page by the reader's numbering (page 0 is 1);
    /// entries with no page in the document are left out. Throws as `size` does.
    func outline(_ fd: Int32) throws -> [ContentsEntry] {
        guard VipsDecoder.started else { throw VipsDecoder.Failure(reason: "libvips could not start") }
        var error = [CChar](repeating: 0, count: 256)
        var found: UnsafeMutablePointer<folio_outline_entry>?
        let count = folio_pdf_outline(fd, Int32(BookContents.maxEntries), Int32(BookContents.maxDepth), Self.outlineSeconds,
                                      &found, &error, error.count)
        guard count >= 0 else { throw VipsDecoder.Failure(reason: VipsDecoder.reason(error)) }
        defer { folio_pdf_outline_free(found, count) }
        return DocumentReplies.contents(found, count: count)
    }

    /// Seconds the worker may spend reading one document's page labels.
    static let labelSeconds = 2.0

    /// The labels printed on the document's pages, from the first (at most
    /// `PageLabels.maxPages`, `labelSeconds`), unchecked. Throws as `size` does.
    func labels(_ fd: Int32) throws -> [String] {
        guard VipsDecoder.started else { throw VipsDecoder.Failure(reason: "libvips could not start") }
        var error = [CChar](repeating: 0, count: 256)
        var buffer = [CChar](repeating: 0, count: PageLabels.maxPages * Int(FOLIO_PAGE_LABEL_BYTES))
        let read = folio_pdf_page_labels(fd, Int32(PageLabels.maxPages), Self.labelSeconds, &buffer, &error, error.count)
        guard read >= 0 else { throw VipsDecoder.Failure(reason: VipsDecoder.reason(error)) }
        return DocumentReplies.labels(buffer, count: read)
    }

    /// Page `page`'s links (at most `PageLink.maxPerPage`) in the page's order (poppler lists
    /// them last first), their pages by the reader's numbering, unchecked. Throws as `size`
    /// does.
    func links(_ fd: Int32, page: Int) throws -> [PageLink] {
        guard VipsDecoder.started else { throw VipsDecoder.Failure(reason: "libvips could not start") }
        var error = [CChar](repeating: 0, count: 256)
        var found: UnsafeMutablePointer<folio_page_link>?
        var aspect = 0.0
        let count = folio_pdf_links(fd, Int32(clamping: page), Int32(PageLink.maxPerPage), &found, &aspect, &error, error.count)
        guard count >= 0 else { throw VipsDecoder.Failure(reason: VipsDecoder.reason(error)) }
        defer { folio_pdf_links_free(found, count) }
        return DocumentReplies.links(found, count: count, aspect: aspect).reversed()
    }

    /// Most hits one stretch of a search returns, and the seconds it searches for (past
    /// one page).
    static let maxHits = 2000
    static let findSeconds = 0.3

    /// Searches for `text` from page `first` (from 0), at most `count` pages or
    /// `findSeconds`; hits by the reader's numbering. Throws as `size` does.
    func find(_ fd: Int32, text: String, first: Int, count: Int) throws -> TextSearchStretch {
        guard VipsDecoder.started else { throw VipsDecoder.Failure(reason: "libvips could not start") }
        var error = [CChar](repeating: 0, count: 256)
        var found: UnsafeMutablePointer<folio_text_hit>?
        var searched: Int32 = 0, hasText: Int32 = 0
        let hits = folio_pdf_find(fd, text, Int32(clamping: first), Int32(clamping: count), Int32(Self.maxHits), Self.findSeconds,
                                  &found, &searched, &hasText, &error, error.count)
        guard hits >= 0 else { throw VipsDecoder.Failure(reason: VipsDecoder.reason(error)) }
        defer { folio_pdf_hits_free(found) }
        let list = found.map { found in
            (0..<Int(hits)).map { i in
                TextHit(number: Int(found[i].page) + 1,
                        area: Rect(x: found[i].x, y: found[i].y, width: found[i].width, height: found[i].height),
                        pageAspect: found[i].aspect > 0 ? found[i].aspect : nil)
            }
        } ?? []
        return TextSearchStretch(hits: list, searched: Int(searched), hasText: hasText != 0)
    }

    /// Closes the document kept between pages (tests: the next page is drawn from a fresh one).
    static func forget() {
        folio_pdf_forget()
    }

    /// How many documents this process has opened to draw pages (tests: one per document
    /// read in a row; none in the viewer when a worker draws them).
    static var documentsOpened: Int { Int(folio_pdf_documents_opened()) }
}
