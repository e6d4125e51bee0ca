import FolioCore
import Foundation

/// PDFs written by hand (objects, an xref table, a trailer) for the benchmark and the tests:
/// every page filled with its own colour and a few pale lines, so a rendered page shows
/// which page it is. Deterministic; `scripts/make_pdf.py` writes the same files.
public enum PDFWriter {
    /// The fill colour of page `index` (from 0): six clearly different hues first, then a
    /// spread of others.
    public static func colour(ofPage index: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let palette: [(UInt8, UInt8, UInt8)] = [(220, 40, 40), (40, 170, 60), (40, 80, 220), (230, 200, 40), (160, 60, 200), (40, 200, 210)]
        if index < palette.count { return palette[index] }
        return (UInt8((index * 67 + 40) % 256), UInt8((index * 131 + 90) % 256), UInt8((index * 29 + 160) % 256))
    }

    /// A PDF of `pages` pages of `width`×`height` points. `title` and `author` go into the
    /// document information dictionary (UTF-16 with a byte-order mark, as PDF text strings
    /// allow).
    /// `passwordProtected` adds a standard security handler whose password is unknown (its
    /// /O and /U entries match no password), which is what a reader without the password
    /// meets; the content itself is left plain.
    public static func document(pages: Int, width: Int = 362, height: Int = 568, title: String? = nil,
                                author: String? = nil, passwordProtected: Bool = false) -> Data {
        var objects: [String] = []
        objects.append("<< /Type /Catalog /Pages 2 0 R >>")
        let kids = (0..<pages).map { "\(3 + 2 * $0) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>")
        for index in 0..<pages {
            let c = colour(ofPage: index)
            func f(_ v: UInt8) -> String { String(format: "%.4f", Double(v) / 255) }
            // The page's colour over the whole page, and a few pale lines like text.
            var content = "\(f(c.r)) \(f(c.g)) \(f(c.b)) rg 0 0 \(width) \(height) re f\n1 1 1 rg\n"
            for line in 0..<4 { content += "\(width / 8) \(height - height / 8 - line * 12) \(width * 3 / 4) 4 re f\n" }
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents \(4 + 2 * index) 0 R >>")
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream")
        }
        var trailer = "/Root 1 0 R"
        if title != nil || author != nil {
            func hex(_ text: String) -> String {
                ([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }).map { String(format: "%02X", $0) }.joined()
            }
            let fields = [title.map { "/Title <\(hex($0))>" }, author.map { "/Author <\(hex($0))>" }]
            objects.append("<< \(fields.compactMap { $0 }.joined(separator: " ")) /Producer (Folio) >>")
            trailer += " /Info \(objects.count) 0 R"
        }
        if passwordProtected {
            let o = String(repeating: "11", count: 32), u = String(repeating: "22", count: 32)
            objects.append("<< /Filter /Standard /V 1 /R 2 /O <\(o)> /U <\(u)> /P -4 >>")
            let id = String(repeating: "AB", count: 16)
            trailer += " /Encrypt \(objects.count) 0 R /ID [<\(id)> <\(id)>]"
        }
        return file(objects: objects, trailer: trailer)
    }

    /// A PDF file of `objects` (object N is `objects[N - 1]`), its cross-reference table and
    /// a trailer holding `trailer` and the /Size.
    public static func file(objects: [String], trailer: String) -> Data {
        let trailer = trailer + " /Size \(objects.count + 1)"  // object 0 counts too
        var out = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(out.utf8.count)
            out += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = out.utf8.count
        out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { out += String(format: "%010d 00000 n \n", offset) }
        out += "trailer\n<< \(trailer) >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(out.utf8)
    }

    /// The first half of a PDF: what an interrupted download leaves.
    public static func truncated(pages: Int = 4) -> Data {
        let whole = document(pages: pages)
        return whole.prefix(whole.count / 2)
    }
}
