import FolioCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a ComicInfo.xml (`ComicInfo`) as hostile input: at most `ComicInfo.maxBytes`,
/// no DOCTYPE (so no entity of any kind but XML's five and character references), parsed
/// by XMLParser with external entities never resolved, every string bounded, at most
/// `ComicInfo.maxPageEntries` Page entries and only indices below `imageCount` kept.
/// Anything else is a `Failure`: the caller warns once and loads the book without it.
public enum ComicInfoReader {
    /// Why a ComicInfo.xml was not used, as words that follow "could not be read (…)".
    public struct Failure: Error, Equatable, Sendable {
        public var reason: String
    }

    /// Most characters of text the parser may hand over, all elements together (the file's
    /// bytes bound it already; this bounds what entities could make of them).
    static let maxCharacters = 2 * ComicInfo.maxBytes

    public static func parse(_ data: Data, imageCount: Int = ComicInfo.maxPageEntries) throws(Failure) -> ComicInfo {
        guard data.count <= ComicInfo.maxBytes else {
            throw Failure(reason: "it is larger than \(ComicInfo.maxBytes >> 20) MB")
        }
        // Metadata never needs a DTD; refusing one keeps entity expansion and external
        // entities out before the XML parser sees a byte (its own settings forbid them too).
        guard data.firstRange(of: Data("<!DOCTYPE".utf8)) == nil, data.firstRange(of: Data("<!ENTITY".utf8)) == nil else {
            throw Failure(reason: "it declares a DOCTYPE, which Folio does not read")
        }
        // UTF-8 only (what ComicRack writes), and without its XML declaration, so the parser
        // reads nothing but UTF-8: another encoding could hide the markup from that check, and
        // libxml2 hands on names as it found them when an encoding fails mid-file, on which
        // Foundation's XMLParser traps (found by FuzzComicInfo).
        guard !data.contains(0), let text = String(validating: data, as: UTF8.self) else {
            throw Failure(reason: "it is not UTF-8 text")
        }
        let body = withoutDeclaration(text)
        // Foundation's XMLParser reads a processing instruction's text without checking that
        // there is one, and `<?x?>` has none (a null pointer, found by FuzzComicInfo); a
        // ComicInfo.xml holds none but its declaration. Looked for in the bytes: a search by
        // characters misses `<?` followed by a combining mark (found by FuzzComicInfo).
        let bytes = Data(body.utf8)
        guard bytes.firstRange(of: Data("<?".utf8)) == nil else { throw Failure(reason: "it holds a processing instruction") }
        return try parseXML(bytes, imageCount: imageCount)
    }

    /// `text` without a byte-order mark and an XML declaration at its start (the line
    /// break after the declaration is kept, so line numbers hold).
    static func withoutDeclaration(_ text: String) -> Substring {
        var rest = Substring(text)
        if rest.unicodeScalars.first == "\u{FEFF}" { rest = Substring(rest.unicodeScalars.dropFirst()) }
        guard rest.hasPrefix("<?xml"), let space = rest.dropFirst(5).first, space.isWhitespace,
              let end = rest.range(of: "?>") else { return rest }
        return rest[end.upperBound...]
    }

    /// The XML parse alone (the tests call it to show the parser's own settings hold).
    static func parseXML(_ data: Data, imageCount: Int) throws(Failure) -> ComicInfo {
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.externalEntityResolvingPolicy = .never
        parser.shouldProcessNamespaces = false
        let reader = Reader(imageCount: min(max(imageCount, 0), ComicInfo.maxPageEntries))
        parser.delegate = reader
        let parsed = parser.parse()
        if let reason = reader.refusal { throw Failure(reason: reason) }
        guard parsed, parser.parserError == nil, reader.rootClosed else {
            throw Failure(reason: "it is not well-formed XML (line \(max(parser.lineNumber, 1)))")
        }
        return reader.info
    }

    /// The parser's delegate: collects the fields under the ComicInfo root.
    final class Reader: NSObject, XMLParserDelegate {
        let imageCount: Int
        var info = ComicInfo()
        /// Element names from the root to the current element.
        var path: [String] = []
        var text = ""
        var characters = 0
        var pageEntries = 0
        var rootClosed = false
        var refusal: String?

        init(imageCount: Int) { self.imageCount = imageCount }

        static let fields: Set<String> = ["Title", "Series", "Number", "Volume", "Writer", "Manga"]
        /// Deeper than this is refused (libxml2 bounds it too; this keeps `path` small).
        static let maxDepth = 64

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String]) {
            if path.isEmpty && rootClosed { return }
            path.append(name)
            text = ""
            guard path.count <= Self.maxDepth else { return stop(parser, "it nests elements more than \(Self.maxDepth) deep") }
            guard path.count == 3, path[0] == "ComicInfo", path[1] == "Pages", name == "Page" else { return }
            pageEntries += 1
            guard pageEntries <= ComicInfo.maxPageEntries,
                  let image = attributes["Image"].flatMap(ComicInfo.index), image < imageCount else { return }
            if attributes["DoublePage"].map(ComicInfo.flag) == true { info.doublePages.insert(image) }
            if let mark = attributes["Bookmark"].flatMap(ComicInfo.text), info.bookmarks[image] == nil,
               info.bookmarks.count < BookContents.maxEntries {
                info.bookmarks[image] = mark
            }
            if attributes["Type"]?.trimmingCharacters(in: .whitespaces) == "FrontCover", info.frontCover == nil {
                info.frontCover = image
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            characters += string.count
            guard characters <= ComicInfoReader.maxCharacters else { return stop(parser, "it expands to too much text") }
            // Only a field's text is kept, and only as much as a field may keep (and a little
            // to trim).
            if path.count == 2, Self.fields.contains(path[1]), text.count < 4 * ComicInfo.maxTextLength {
                text += string
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard !path.isEmpty else { return }
            if path.count == 2, path[0] == "ComicInfo" {
                switch name {
                case "Title": info.title = ComicInfo.text(text)
                case "Series": info.series = ComicInfo.text(text)
                case "Number": info.number = ComicInfo.text(text)
                case "Volume": info.volume = ComicInfo.text(text)
                case "Writer": info.writer = ComicInfo.text(text)
                case "Manga": info.manga = ComicInfo.manga(text)
                default: break
                }
            }
            path.removeLast()
            text = ""
            if path.isEmpty { rootClosed = true }
        }

        func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? { nil }

        func stop(_ parser: XMLParser, _ reason: String) {
            if refusal == nil { refusal = reason }
            parser.abortParsing()
        }
    }
}
