import CVips
import FolioCore
import FolioDecoding
import FolioLibrary
import Foundation

/// A DjVu document's pages, bookmarks, hyperlinks, page titles and hidden text, read by
/// DjVuLibre (`folio_djvu.c`) from a document kept open between requests, as a PDF is. The
/// file's bytes are handed over from the worker's descriptor; DjVuLibre opens nothing.
struct DjVuPages: DocumentPages {
    var kind: DocumentKind { .djvu }

    func info(_ fd: Int32) throws -> DocumentInfo {
        var document = folio_vips_document()
        try call { folio_djvu_document_read(fd, &document, $0, $1) == 0 }
        return DocumentReplies.info(document)
    }

    func size(_ fd: Int32, page: Int) throws -> VipsDecoder.Header {
        var width: Int32 = 0, height: Int32 = 0
        try call { folio_djvu_page_size(fd, Int32(clamping: page), &width, &height, $0, $1) == 0 }
        return VipsDecoder.Header(width: Int(width), height: Int(height))
    }

    func draw(_ fd: Int32, page: Int, width: Int, height: Int, crop: Bool, bySplash: Bool) throws -> VipsDecoder.Pixels {
        var outWidth: Int32 = 0, outHeight: Int32 = 0
        var pixels: UnsafeMutablePointer<UInt8>?
        try call {
            pixels = folio_djvu_draw(fd, Int32(clamping: page), Int32(clamping: width), Int32(clamping: height), crop ? 1 : 0,
                                     &outWidth, &outHeight, $0, $1)
            return pixels != nil
        }
        return VipsDecoder.Pixels(base: pixels!, width: Int(outWidth), height: Int(outHeight))
    }

    func outline(_ fd: Int32) throws -> [ContentsEntry] {
        var found: UnsafeMutablePointer<folio_outline_entry>?
        let count = try counted { folio_djvu_outline(fd, Int32(BookContents.maxEntries), Int32(BookContents.maxDepth), &found, $0, $1) }
        defer { folio_pdf_outline_free(found, count) }
        return DocumentReplies.contents(found, count: count)
    }

    func labels(_ fd: Int32) throws -> [String] {
        var buffer = [CChar](repeating: 0, count: PageLabels.maxPages * Int(FOLIO_PAGE_LABEL_BYTES))
        let read = try counted { folio_djvu_page_labels(fd, Int32(PageLabels.maxPages), &buffer, $0, $1) }
        return DocumentReplies.labels(buffer, count: read)
    }

    func links(_ fd: Int32, page: Int) throws -> [PageLink] {
        var found: UnsafeMutablePointer<folio_page_link>?
        var aspect = 0.0
        let count = try counted { folio_djvu_links(fd, Int32(clamping: page), Int32(PageLink.maxPerPage), &found, &aspect, $0, $1) }
        defer { folio_pdf_links_free(found, count) }
        return DocumentReplies.links(found, count: count, aspect: aspect)
    }

    /// Most words read of one page's text layer.
    static let maxWords = 20_000

    /// Page `page`'s hidden text: its words and their boxes, and the page's aspect.
    func words(_ fd: Int32, page: Int) throws -> (words: [TextLayerWord], aspect: Double) {
        var found: UnsafeMutablePointer<folio_djvu_word>?
        var aspect = 0.0
        let count = try counted { folio_djvu_words(fd, Int32(clamping: page), Int32(Self.maxWords), &found, &aspect, $0, $1) }
        defer { folio_djvu_words_free(found, count) }
        guard let found, count > 0 else { return ([], aspect) }
        let words = (0..<Int(count)).map { i in
            TextLayerWord(text: found[i].text.map { String(cString: $0) } ?? "",
                          area: Rect(x: found[i].x, y: found[i].y, width: found[i].width, height: found[i].height))
        }
        return (words, aspect)
    }

    /// Searches page after page of the hidden text for `text` (case and accents ignored,
    /// words may run across lines), until `count` pages, `PDFPages.findSeconds` past the
    /// first page, or `PDFPages.maxHits` hits.
    func find(_ fd: Int32, text: String, first: Int, count: Int) throws -> TextSearchStretch {
        let pages = try info(fd).pageCount
        let started = DispatchTime.now().uptimeNanoseconds
        var hits: [TextHit] = [], searched = 0, hasText = false
        for page in first..<min(pages, first + max(0, count)) {
            let layer = try words(fd, page: page)
            hasText = hasText || !layer.words.isEmpty
            for area in TextLayerWord.find(text, in: layer.words) {
                hits.append(TextHit(number: page + 1, area: area, pageAspect: layer.aspect > 0 ? layer.aspect : nil))
            }
            searched += 1
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            if hits.count >= PDFPages.maxHits || seconds > PDFPages.findSeconds { break }
        }
        return TextSearchStretch(hits: Array(hits.prefix(PDFPages.maxHits)), searched: searched, hasText: hasText)
    }

    /// Runs a C call that fills an error buffer and says whether it succeeded; throws its reason.
    private func call(_ body: (UnsafeMutablePointer<CChar>, Int) -> Bool) throws {
        var error = [CChar](repeating: 0, count: 256)
        let succeeded = error.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
        guard succeeded else { throw VipsDecoder.Failure(reason: Self.plain(VipsDecoder.reason(error))) }
    }

    /// Runs a C call that fills an error buffer and returns a count, -1 on failure; throws its reason.
    private func counted(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws -> Int32 {
        var count: Int32 = -1
        try call {
            count = body($0, $1)
            return count >= 0
        }
        return count
    }

    /// DjVuLibre's reason in a reader's words where it has its own ("unexpected End Of File").
    static func plain(_ reason: String) -> String {
        reason.lowercased().contains("end of file") ? "the file ends early" : reason
    }

    /// Closes the kept document (tests).
    static func forget() {
        folio_djvu_forget()
    }
}

/// A word of a page's text layer and its box (fractions of the page from its top left).
struct TextLayerWord: Equatable {
    var text: String
    var area: Rect

    /// The boxes where `query` is found in `words` read in order with a space between
    /// each: case, accents and runs of spaces ignored; a hit spanning words is their union.
    static func find(_ query: String, in words: [TextLayerWord]) -> [Rect] {
        func folded(_ text: String) -> String {
            text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let needle = folded(query)
        guard !needle.isEmpty, !words.isEmpty else { return [] }
        // The whole text, and which word each of its characters came from.
        var line: [Character] = [], owner: [Int] = []
        for (index, word) in words.enumerated() {
            let text = folded(word.text)
            guard !text.isEmpty else { continue }
            if !line.isEmpty {
                line.append(" ")
                owner.append(index)
            }
            line.append(contentsOf: text)
            owner.append(contentsOf: repeatElement(index, count: text.count))
        }
        let target = Array(needle)
        guard target.count <= line.count else { return [] }
        var found: [Rect] = [], start = 0
        while start + target.count <= line.count {
            if line[start..<(start + target.count)].elementsEqual(target) {
                let touched = Set(owner[start..<(start + target.count)]).sorted()
                found.append(touched.dropFirst().reduce(words[touched[0]].area) { $0.union(words[$1].area) })
                start += target.count
            } else {
                start += 1
            }
        }
        return found
    }
}
