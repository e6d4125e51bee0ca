import FolioCore
import FolioSDL
import Foundation

/// The document benchmark: every page of a PDF rendered to a page texture's pixels, one
/// thread, as the viewer's decode thread does (header read and checked, then the page drawn
/// at the scale the target needs), at 1280×800 pixels and at the page size a 1280×800 window
/// draws. Pages per second, median of `runs`.
func measureDocument(_ path: String, runs: Int = 3) throws -> [(String, JSONValue)] {
    let library = try LibraryLoader.load(path, documents: VipsDocumentInspector()).library
    guard let book = library.books.first else { throw FolioError.badInput("\(path): holds no document to measure.") }
    let canvas = try HeadlessCanvas(library: library, width: 1280, height: 800, backgroundDecoding: false, cacheBytes: nil)
    let layout = BookLayout(size: Size(width: 1280, height: 800), pageCount: 2)
    let pageSize = (Int32(layout.pageSize.width.rounded()), Int32(layout.pageSize.height.rounded()))
    let count = book.pages.count
    func rate(_ pixels: (Int32, Int32)) -> Double {
        median((0..<runs).map { _ in canvas.renderer.measureDecoding(book: 0, count: count, pixelSize: pixels) })
    }
    return [
        ("pages", .number(Double(count))),
        ("pages_per_s_1280x800", .number(rate((1280, 800)))),
        ("pages_per_s_\(pageSize.0)x\(pageSize.1)", .number(rate(pageSize))),
    ]
}
