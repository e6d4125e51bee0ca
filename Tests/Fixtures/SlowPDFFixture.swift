import FolioCore
import FolioLibrary
import FolioSamples
import Foundation

/// A small PDF that is slow to draw: each page draws a form that draws another `fan` times,
/// four levels deep, so a few kilobytes ask poppler for `fan`⁴ filled squares a page (fan 30:
/// about 800,000, several seconds of a core).
public enum SlowPDFFixture {
    public static func document(pages: Int, fan: Int) -> Data {
        var objects: [String] = []
        func add(_ object: String) -> Int {
            objects.append(object)
            return objects.count
        }
        func stream(_ dictionary: String, _ body: String) -> String {
            "<< \(dictionary) /Length \(body.utf8.count) >>\nstream\n\(body)\nendstream"
        }
        let form = "/Type /XObject /Subtype /Form /BBox [0 0 600 800]"
        var previous = add(stream(form, "0 0 1 1 re f"))
        for _ in 0..<3 {
            let body = (0..<fan).map { "q 1 0 0 1 \($0 % 37) \($0 % 41) cm /X Do Q" }.joined(separator: "\n")
            previous = add(stream("\(form) /Resources << /XObject << /X \(previous) 0 R >> >>", body))
        }
        let content = add(stream("", (0..<fan).map { "q 1 0 0 1 \($0) 0 cm /X Do Q" }.joined(separator: "\n")))
        let pagesID = objects.count + pages + 1
        let kids = (0..<pages).map { _ in
            add("<< /Type /Page /Parent \(pagesID) 0 R /MediaBox [0 0 600 800] /Resources << /XObject << /X \(previous) 0 R >> >> /Contents \(content) 0 R >>")
        }
        _ = add("<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pages) >>")
        let catalog = add("<< /Type /Catalog /Pages \(pagesID) 0 R >>")
        return PDFWriter.file(objects: objects, trailer: "/Root \(catalog) 0 R")
    }
}
