import CWorker
import FolioCore
import FolioDecoding
import FolioLibrary
import FolioWorker
import Foundation

/// A stand-in document format, registered by `StandInFormatTests` and its worker program
/// alone (`folio-stand-in-worker`): a sketch, a text file (`.sketch`, or any name when it
/// starts with `folio-sketch`) whose lines give a title, pages (a size in points, a colour and
/// a line of text) and an outline. It renders its pages at the size asked, a page of one
/// colour, and searches their text: what the document protocol asks of PDF and DjVu, with
/// nothing of its own on the wire.
///
///     folio-sketch
///     title A Sketchbook
///     page 300 400 255 0 0 the red page
///     outline 0 3 The third page
package struct SketchDocument: DocumentPages {
    package static let kind = DocumentKind(name: "sketch", label: "sketch", extensions: ["sketch"], magic: Array("folio-sketch\n".utf8))
    static let maxBytes = 1 << 20

    package init() {}

    package var kind: DocumentKind { Self.kind }

    struct Page {
        var width: Int, height: Int, colour: [UInt8], text: String
    }

    struct Sketch {
        var title = "", pages: [Page] = [], outline: [ContentsEntry] = []
    }

    /// The sketch behind `fd`, its lines parsed (a line it does not know is skipped).
    func read(_ fd: Int32) throws -> Sketch {
        var data = Data(count: Self.maxBytes)
        let count = data.withUnsafeMutableBytes { pread(fd, $0.baseAddress, Self.maxBytes, 0) }
        guard count > 0 else { throw VipsDecoder.Failure(reason: "an empty sketch") }
        var sketch = Sketch()
        for line in String(decoding: data.prefix(count), as: UTF8.self).split(separator: "\n").dropFirst() {
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            switch words.first {
            case "title": sketch.title = words.dropFirst().joined(separator: " ")
            case "page" where words.count >= 6:
                let numbers = words[1...5].compactMap { Int($0) }
                guard numbers.count == 5, numbers[0] > 0, numbers[1] > 0, numbers[0] <= 5000, numbers[1] <= 5000 else { continue }
                sketch.pages.append(Page(width: numbers[0], height: numbers[1], colour: numbers[2...4].map { UInt8(clamping: $0) },
                                         text: words.dropFirst(6).joined(separator: " ")))
            case "outline" where words.count >= 4:
                guard let level = Int(words[1]), let number = Int(words[2]) else { continue }
                sketch.outline.append(ContentsEntry(title: words.dropFirst(3).joined(separator: " "), level: level, number: number))
            default: continue
            }
        }
        return sketch
    }

    func page(_ fd: Int32, _ index: Int) throws -> Page {
        let pages = try read(fd).pages
        guard pages.indices.contains(index) else { throw VipsDecoder.Failure(reason: "pages out of range") }
        return pages[index]
    }

    package func info(_ fd: Int32) throws -> DocumentInfo {
        let sketch = try read(fd)
        let first = sketch.pages.first.map { Size(width: Double($0.width), height: Double($0.height)) }
        return DocumentInfo(pageCount: sketch.pages.count, title: sketch.title, firstPageSize: first)
    }

    package func size(_ fd: Int32, page: Int) throws -> VipsDecoder.Header {
        let page = try self.page(fd, page)
        return VipsDecoder.Header(width: page.width, height: page.height)
    }

    /// The page's colour, fitted inside the box (or covering it, cropped).
    package func draw(_ fd: Int32, page: Int, width: Int, height: Int, crop: Bool, bySplash: Bool) throws -> VipsDecoder.Pixels {
        let page = try self.page(fd, page)
        let across = Double(width) / Double(page.width), down = Double(height) / Double(page.height)
        let scale = crop ? max(across, down) : min(across, down)
        let w = min(width, max(1, Int((Double(page.width) * scale).rounded())))
        let h = min(height, max(1, Int((Double(page.height) * scale).rounded())))
        guard let pixels = folio_pixels_alloc(w * h * 4) else { throw VipsDecoder.Failure(reason: "out of memory") }
        for i in 0..<(w * h) {
            pixels[i * 4] = page.colour[0]
            pixels[i * 4 + 1] = page.colour[1]
            pixels[i * 4 + 2] = page.colour[2]
            pixels[i * 4 + 3] = 255
        }
        return VipsDecoder.Pixels(base: pixels, width: w, height: h)
    }

    package func outline(_ fd: Int32) throws -> [ContentsEntry] {
        try read(fd).outline
    }

    /// Each page whose text holds `text` (case ignored) is one hit, its text's line across the
    /// top tenth of the page.
    package func find(_ fd: Int32, text: String, first: Int, count: Int) throws -> TextSearchStretch {
        let pages = try read(fd).pages
        let searched = pages.indices.dropFirst(first).prefix(count)
        let hits = searched.filter { pages[$0].text.localizedCaseInsensitiveContains(text) }.map {
            TextHit(number: $0 + 1, area: Rect(x: 0.1, y: 0.05, width: 0.8, height: 0.1))
        }
        return TextSearchStretch(hits: hits, searched: searched.count, hasText: searched.contains { !pages[$0].text.isEmpty })
    }
}
