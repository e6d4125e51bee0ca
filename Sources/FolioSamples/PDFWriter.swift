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
    /// meets; the content itself is left plain. `outline`, when given, is the document's
    /// outline (its bookmarks), shown when it opens. `text` puts lines of real text (in
    /// Helvetica, 14 points, from the top of the page down) on the pages it names (from 0);
    /// `links` puts link annotations on them, and `destinations` names pages for links
    /// that go to a name. `pageLabels` is the catalog's /PageLabels number tree's /Nums array
    /// as written (`0 << /S /r >> 4 << /S /D >>`: roman front matter, then 1, 2, …).
    public static func document(pages: Int, width: Int = 362, height: Int = 568, title: String? = nil,
                                author: String? = nil, passwordProtected: Bool = false, outline: [OutlineItem] = [],
                                text: [Int: [String]] = [:], links: [Int: [Link]] = [:], destinations: [String: Int] = [:],
                                pageLabels: String? = nil) -> Data {
        var objects: [String] = []
        objects.append("<< /Type /Catalog /Pages 2 0 R >>")
        // Objects after the pages: the font (with text), then each page's link annotations.
        let font = 3 + 2 * pages
        var annotations: [Int: [Int]] = [:]
        var extra: [String] = text.isEmpty ? [] : ["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"]
        for index in links.keys.sorted() where (0..<pages).contains(index) {
            for link in links[index] ?? [] {
                annotations[index, default: []].append(font + extra.count)
                extra.append(annotation(link, width: width, height: height, pages: pages))
            }
        }
        let kids = (0..<pages).map { "\(3 + 2 * $0) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>")
        for index in 0..<pages {
            let c = colour(ofPage: index)
            func f(_ v: UInt8) -> String { String(format: "%.4f", Double(v) / 255) }
            // The page's colour over the whole page, and a few pale lines like text.
            var content = "\(f(c.r)) \(f(c.g)) \(f(c.b)) rg 0 0 \(width) \(height) re f\n1 1 1 rg\n"
            for line in 0..<4 { content += "\(width / 8) \(height - height / 8 - line * 12) \(width * 3 / 4) 4 re f\n" }
            for (line, words) in (text[index] ?? []).enumerated() {
                content += "0 0 0 rg BT /F1 14 Tf \(width / 8) \(height - height / 8 - 60 - line * 20) Td \(literal(words)) Tj ET\n"
            }
            let annots = annotations[index].map { " /Annots [" + $0.map { "\($0) 0 R" }.joined(separator: " ") + "]" } ?? ""
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents \(4 + 2 * index) 0 R"
                           + (text.isEmpty ? "" : " /Resources << /Font << /F1 \(font) 0 R >> >>") + "\(annots) >>")
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream")
        }
        objects += extra
        var catalog = "/Type /Catalog /Pages 2 0 R"
        if !destinations.isEmpty {
            let named = destinations.keys.sorted().map { "/\($0) [\(3 + 2 * min(max(destinations[$0]!, 0), pages - 1)) 0 R /Fit]" }
            catalog += " /Dests << \(named.joined(separator: " ")) >>"
        }
        if let pageLabels { catalog += " /PageLabels << /Nums [\(pageLabels)] >>" }
        if !outline.isEmpty {
            catalog += " /Outlines \(objects.count + 1) 0 R /PageMode /UseOutlines"
            appendOutline(outline, pages: pages, height: height, to: &objects)
        }
        objects[0] = "<< \(catalog) >>"
        var trailer = "/Root 1 0 R"
        if title != nil || author != nil {
            let fields = [title.map { "/Title \(hexText($0))" }, author.map { "/Author \(hexText($0))" }]
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

    /// An outline entry (a bookmark): its title, the page it goes to (from 0; a page the
    /// document does not have is written as a reference to no object, nil as no /Dest at
    /// all), where on it (`top`, a fraction of its height from the top: an /XYZ destination;
    /// nil: /Fit) and the entries under it.
    public struct OutlineItem: Sendable {
        public var title: String
        public var page: Int?
        public var top: Double?
        public var children: [OutlineItem]

        public init(_ title: String, page: Int?, top: Double? = nil, _ children: [OutlineItem] = []) {
            self.title = title
            self.page = page
            self.top = top
            self.children = children
        }
    }

    /// A destination array: page `page` (from 0; one past the document's `pages` as a
    /// reference to no object), whole (/Fit) or at `top` (a fraction of the `height`-point
    /// page from its top: /XYZ null y null).
    static func destination(page: Int, top: Double?, pages: Int, height: Int) -> String {
        let object = page >= 0 && page < pages ? 3 + 2 * page : 999_999
        guard let top else { return "[\(object) 0 R /Fit]" }
        return "[\(object) 0 R /XYZ null \(String(format: "%.2f", (1 - top) * Double(height))) null]"
    }

    /// A link annotation: its area (fractions of the page from its top-left corner) and where
    /// it goes: a page (from 0; one the document does not have is written as a reference to
    /// no object), a named destination, or an address.
    public struct Link: Sendable {
        public enum Target: Sendable {
            case page(Int)
            /// A page (from 0) and where on it, a fraction of its height from the top.
            case place(Int, top: Double)
            case name(String)
            case address(String)
        }

        public var area: Rect
        public var target: Target

        public init(_ area: Rect, to target: Target) {
            self.area = area
            self.target = target
        }
    }

    /// A link annotation's dictionary on a `width`×`height` page.
    static func annotation(_ link: Link, width: Int, height: Int, pages: Int) -> String {
        let w = Double(width), h = Double(height), a = link.area
        let box = String(format: "%.2f %.2f %.2f %.2f", a.minX * w, (1 - a.maxY) * h, a.maxX * w, (1 - a.minY) * h)
        let goes: String
        switch link.target {
        case .page(let page): goes = "/Dest " + destination(page: page, top: nil, pages: pages, height: height)
        case .place(let page, let top): goes = "/Dest " + destination(page: page, top: top, pages: pages, height: height)
        case .name(let name): goes = "/Dest /\(name)"
        case .address(let address): goes = "/A << /S /URI /URI \(literal(address)) >>"
        }
        return "<< /Type /Annot /Subtype /Link /Rect [\(box)] /Border [0 0 0] \(goes) >>"
    }

    /// A PDF literal string of ASCII text, its parentheses and backslashes escaped.
    static func literal(_ text: String) -> String {
        "(" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(")
            .replacingOccurrences(of: ")", with: "\\)") + ")"
    }

    /// A PDF text string: UTF-16 with a byte-order mark, in hex.
    static func hexText(_ text: String) -> String {
        "<" + ([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }).map { String(format: "%02X", $0) }.joined() + ">"
    }

    /// The outline's root and its items as objects after `objects` (the root first), each
    /// item with /Parent, /Prev, /Next, /First, /Last, /Count and /Dest.
    static func appendOutline(_ items: [OutlineItem], pages: Int, height: Int, to objects: inout [String]) {
        let root = objects.count + 1
        objects.append("")
        func place(_ items: [OutlineItem], parent: Int) -> (first: Int, last: Int, count: Int) {
            // Numbers first (each item, then its children), so siblings can name each other.
            var numbers: [Int] = []
            var total = 0
            for item in items {
                numbers.append(objects.count + 1)
                objects.append("")
                let kids = item.children.isEmpty ? nil : place(item.children, parent: numbers.last!)
                var dict = "/Title \(hexText(item.title)) /Parent \(parent) 0 R"
                if let kids { dict += " /First \(kids.first) 0 R /Last \(kids.last) 0 R /Count \(kids.count)" }
                if let page = item.page { dict += " /Dest " + destination(page: page, top: item.top, pages: pages, height: height) }
                objects[numbers.last! - 1] = dict
                total += 1 + (kids?.count ?? 0)
            }
            for (i, number) in numbers.enumerated() {
                var links = ""
                if i > 0 { links += " /Prev \(numbers[i - 1]) 0 R" }
                if i + 1 < numbers.count { links += " /Next \(numbers[i + 1]) 0 R" }
                objects[number - 1] = "<< " + objects[number - 1] + links + " >>"
            }
            return (numbers.first ?? 0, numbers.last ?? 0, total)
        }
        let top = place(items, parent: root)
        objects[root - 1] = "<< /Type /Outlines /First \(top.first) 0 R /Last \(top.last) 0 R /Count \(top.count) >>"
    }

    /// A PDF of `pages` pages whose outline is hostile: `siblings` entries on its first level
    /// (their pages running past the document's end, one title thousands of characters long
    /// and full of control characters), the last one's /Next the first (a loop), and under
    /// the first a chain `depth` levels deep whose deepest entry's /First is the first entry
    /// again (a loop through its parents).
    public static func hostileOutline(pages: Int, siblings: Int, depth: Int) -> Data {
        var objects = [String](repeating: "", count: 2)
        let kids = (0..<pages).map { "\(3 + 2 * $0) 0 R" }.joined(separator: " ")
        objects[1] = "<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>"
        for index in 0..<pages {
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 362 568] /Contents \(4 + 2 * index) 0 R >>")
            objects.append("<< /Length 0 >>\nstream\n\nendstream")
        }
        let root = objects.count + 1, first = root + 1, chain = first + siblings
        objects[0] = "<< /Type /Catalog /Pages 2 0 R /Outlines \(root) 0 R >>"
        objects.append("<< /Type /Outlines /First \(first) 0 R /Last \(first + siblings - 1) 0 R /Count \(siblings) >>")
        for i in 0..<siblings {
            let page = i % (pages + 3)
            let dest = page < pages ? "\(3 + 2 * page) 0 R" : "\(900_000 + i) 0 R"
            let title = i == 1 ? String(repeating: "Long\u{7}\n\u{202E}title ", count: 700) : "Entry \(i)"
            let next = i + 1 < siblings ? first + i + 1 : first
            let below = i == 0 && depth > 0 ? " /First \(chain) 0 R /Last \(chain) 0 R /Count 1" : ""
            objects.append("<< /Title \(hexText(title)) /Parent \(root) 0 R /Next \(next) 0 R /Dest [\(dest) /Fit]\(below) >>")
        }
        for level in 0..<depth {
            let parent = level == 0 ? first : chain + level - 1
            let child = level + 1 < depth ? chain + level + 1 : first
            objects.append(
                "<< /Title (Level \(level + 1)) /Parent \(parent) 0 R /First \(child) 0 R /Last \(child) 0 R /Count 1 /Dest [3 0 R /Fit] >>"
            )
        }
        return file(objects: objects, trailer: "/Root 1 0 R")
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
