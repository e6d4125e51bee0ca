import FolioCore
import FolioThreads
import Foundation

/// The tests' DjVu books, made by DjVuLibre's own tools (djvulibre-bin: `c44` encodes each
/// page, `djvm` bundles them, `djvused` adds the hidden text, bookmarks, hyperlinks, page
/// titles and metadata, `djvmcvt` splits a book into an indirect one, and `djvuextract` and
/// `djvumake` make a page that includes another file).
///
/// Every page is `width`×`height` pixels at `dpi` (432×576 points): white, with a band of
/// its colour across the top third; its text lines start `lineTop` pixels from the top,
/// `lineHeight` apart, each word `letterWidth` pixels a character with a space of one.
public enum DjVuFixture {
    public static let width = 600, height = 800, dpi = 100
    public static let lineTop = 300, lineHeight = 60, letterWidth = 20, left = 50

    public struct Page: Sendable {
        public var colour: (red: UInt8, green: UInt8, blue: UInt8)
        /// Lines of the hidden text layer.
        public var text: [String]
        /// The page's title (`set-page-title`), shown as its label.
        public var title: String?
        /// Hyperlinks: a box in pixels from the page's top left, and where it goes ("#3", an address).
        public var links: [(x: Int, y: Int, width: Int, height: Int, to: String)]

        public init(colour: (red: UInt8, green: UInt8, blue: UInt8), text: [String] = [], title: String? = nil,
                    links: [(x: Int, y: Int, width: Int, height: Int, to: String)] = []) {
            self.colour = colour
            self.text = text
            self.title = title
            self.links = links
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// True when DjVuLibre's tools are installed (`make deps` installs djvulibre-bin).
    public static var toolsInstalled: Bool {
        ["c44", "djvm", "djvused", "djvmcvt", "djvuextract", "djvumake"].allSatisfy { tool($0) != nil }
    }

    /// A bundled DjVu book at `url`: `pages`, bookmarks `outline` (title, page from 1, level
    /// from 0), and the metadata's `title` and `author`.
    public static func book(_ pages: [Page], outline: [(title: String, page: Int, level: Int)] = [], title: String? = nil,
                            author: String? = nil, at url: URL) throws {
        let scratch = url.deletingLastPathComponent().appendingPathComponent(".djvu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var pageFiles: [String] = []
        for (index, page) in pages.enumerated() {
            let picture = scratch.appendingPathComponent("p\(index + 1).ppm")
            let encoded = scratch.appendingPathComponent("p\(index + 1).djvu")
            try ppm(page.colour).write(to: picture)
            try run("c44", ["-dpi", "\(dpi)", picture.path, encoded.path])
            pageFiles.append(encoded.path)
        }
        try run("djvm", ["-c", url.path] + pageFiles)
        var script: [String] = []
        func file(_ name: String, _ text: String) throws -> String {
            let path = scratch.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        for (index, page) in pages.enumerated() {
            script.append("select \(index + 1)")
            if !page.text.isEmpty { script.append("set-txt \(try file("text\(index)", textLayer(page.text)))") }
            if !page.links.isEmpty {
                let areas = page.links.map { link in
                    // DjVu's boxes are from the page's bottom left.
                    "(maparea \(quoted(link.to)) \"\" (rect \(link.x) \(height - link.y - link.height) \(link.width) \(link.height)))"
                }
                script.append("set-ant \(try file("links\(index)", areas.joined(separator: "\n")))")
            }
            if let title = page.title { script.append("set-page-title \(quoted(title))") }
        }
        if !outline.isEmpty { script += ["select", "set-outline \(try file("outline", bookmarks(outline)))"] }
        if title != nil || author != nil {
            let meta = [("title", title), ("author", author)].compactMap { key, value in value.map { "\(key)\t\(quoted($0))" } }
            script += ["create-shared-ant", "select shared_anno.iff", "set-meta \(try file("meta", meta.joined(separator: "\n")))"]
        }
        if !script.isEmpty { try run("djvused", [url.path, "-e", script.joined(separator: "; "), "-s"]) }
    }

    /// The bundled book at `bundled` made indirect in `folder`: an index file (returned) and a
    /// file a page beside it.
    public static func indirect(_ bundled: URL, in folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let index = folder.appendingPathComponent("index.djvu")
        try run("djvmcvt", ["-i", bundled.path, folder.path, index.path])
        return index
    }

    /// A single page at `url` that includes `name`, a file beside it, by an INCL chunk (as an
    /// indirect document's pages do), its picture `page`'s.
    public static func pageIncluding(_ name: String, colour: (red: UInt8, green: UInt8, blue: UInt8), at url: URL) throws {
        let scratch = url.deletingLastPathComponent().appendingPathComponent(".djvu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let picture = scratch.appendingPathComponent("p.ppm"), encoded = scratch.appendingPathComponent("p.djvu")
        let background = scratch.appendingPathComponent("bg.iw44")
        try ppm(colour).write(to: picture)
        try run("c44", ["-dpi", "\(dpi)", picture.path, encoded.path])
        try run("djvuextract", [encoded.path, "BG44=\(background.path)"])
        try run("djvumake", [url.path, "INFO=\(width),\(height),\(dpi)", "INCL=\(name)", "BG44=\(background.path)"])
    }

    /// The text layer of a page whose lines are `lines`, word by word.
    static func textLayer(_ lines: [String]) -> String {
        var zones: [String] = []
        for (row, line) in lines.enumerated() {
            let bottom = height - (lineTop + row * lineHeight) - lineHeight / 2, top = bottom + lineHeight / 2
            var x = left, words: [String] = []
            for word in line.split(separator: " ") {
                let right = x + word.count * letterWidth
                words.append("(word \(x) \(bottom) \(right) \(top) \(quoted(String(word))))")
                x = right + letterWidth
            }
            zones.append("(line \(left) \(bottom) \(max(left + 1, x - letterWidth)) \(top) \(words.joined(separator: " ")))")
        }
        return "(page 0 0 \(width) \(height) \(zones.joined(separator: " ")))"
    }

    static func bookmarks(_ outline: [(title: String, page: Int, level: Int)]) -> String {
        // An entry at level L sits inside the L entries still open before it.
        var text = "(bookmarks", open = 0
        for entry in outline {
            while open > entry.level {
                text += ")"
                open -= 1
            }
            text += " (\(quoted(entry.title)) \"#\(entry.page)\""
            open += 1
        }
        return text + String(repeating: ")", count: open) + ")"
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A binary PPM of a page: white, its colour across the top third.
    static func ppm(_ colour: (red: UInt8, green: UInt8, blue: UInt8)) -> Data {
        var data = Data("P6\n\(width) \(height)\n255\n".utf8)
        var row = [UInt8](), white = [UInt8](repeating: 255, count: width * 3)
        for _ in 0..<width { row += [colour.red, colour.green, colour.blue] }
        for y in 0..<height { data.append(contentsOf: y < height / 3 ? row : white) }
        return data
    }

    static func tool(_ name: String) -> String? {
        ["/usr/bin", "/usr/local/bin", "/bin"].map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ name: String, _ arguments: [String]) throws {
        guard let path = tool(name) else { throw Failure(description: "\(name) is not installed (make deps installs djvulibre-bin)") }
        let child = try ChildProcess(path, arguments, stdout: .pipe, stderr: .pipe)
        let (ending, _, errors) = child.finish()
        guard ending.exited && ending.status == 0 else {
            throw Failure(description: "\(name) \(arguments.joined(separator: " ")) failed: \(String(decoding: errors, as: UTF8.self))")
        }
    }
}
