import Foundation

/// The state file's form: how `Places` is read from and written to `places.json`, entry
/// by entry.
extension Places {

    private struct File: Codable {
        struct Key: Codable {
            var path: String
            var size: Int64
        }
        struct Book: Codable {
            var path: String
            var size: Int64
            var spread: Int
            /// The page read, the book's own number (absent in older files: the spread's).
            var page: Int?
            /// Written only when true (absent: not shifted).
            var shifted: Bool?
            /// Written only when the reader chose a direction (absent: the book's own).
            var rtl: Bool?
            /// "automatic", "one" or "two", written only when the reader chose other than the
            /// book's own (automatic, or one page for a PDF).
            var pages: String?
            /// "page", "width" or "height", written only when the reader chose other than the
            /// book's own (the whole page, or the width for a PDF).
            var fit: String?
            /// Written only when the reading view was left zoomed.
            var zoom: Zoom?
            /// "continuous" or "pages", written only when the reader chose other than the
            /// book's own (continuous for a PDF, pages for comics and photos).
            var mode: String?
            /// The line of the page at the window's top edge, a fraction of its height,
            /// written only when it is not the page's top.
            var top: Double?
            /// When the book was last read, seconds since 1970 (absent in older files).
            var read: Time?
        }
        /// A time as written. Read leniently: a time of the wrong type is no time.
        struct Time: Codable {
            var seconds: Int?

            init(_ seconds: Int) { self.seconds = seconds }

            init(from decoder: any Decoder) throws {
                let value = try? decoder.singleValueContainer()
                let whole = (try? value?.decode(Int.self)) ?? (try? value?.decode(Double.self)).flatMap {
                    $0.isFinite && abs($0) < 1e15 ? Int($0.rounded(.down)) : nil
                }
                seconds = whole.flatMap { (0...Places.maxTime).contains($0) ? $0 : nil }
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(seconds)
            }
        }
        /// A zoom as written. Read leniently: a zoom of the wrong shape is no zoom, never a
        /// refused file (its numbers are checked by `RememberedZoom`).
        struct Zoom: Codable {
            var scale: Double?
            var x: Double?
            var y: Double?

            init(_ zoom: RememberedZoom) {
                scale = zoom.scale
                x = zoom.x
                y = zoom.y
            }

            init(from decoder: any Decoder) throws {
                let fields = try? decoder.container(keyedBy: CodingKeys.self)
                scale = try? fields?.decodeIfPresent(Double.self, forKey: .scale)
                x = try? fields?.decodeIfPresent(Double.self, forKey: .x)
                y = try? fields?.decodeIfPresent(Double.self, forKey: .y)
            }

            var remembered: RememberedZoom? {
                guard let scale, let x, let y else { return nil }
                return RememberedZoom(scale: scale, x: x, y: y)
            }
        }
        /// A shelf's centred book.
        struct Shelf: Codable {
            var library: String
            var path: String
            var size: Int64
            /// The shelf's order (`ShelfOrder`'s names); absent: as listed.
            var order: String?
        }
        var version: Int
        /// The book most recently centred, on any shelf (what Folio before shelves reads).
        var centred: Key?
        /// Absent in files written before each shelf kept its own.
        var shelves: [Shelf]?
        var books: [Book]
        /// Absent in files written before it existed: false.
        var opened: Bool?
    }

    /// Reads a state file's bytes. Throws a `FolioError.badInput` naming `name` and what is
    /// wrong when the file as a whole cannot be read (not JSON, not an object, another
    /// version: a newer Folio's file, never to be replaced, with the cause `.unsupported`,
    /// as `isNewer` tells; too large, `.tooLarge`); every number and path is checked
    /// before it is used. Entries are read one by one: a book or shelf this Folio cannot use
    /// is kept as it was (`keptBooks`, `keptShelves`) and written back byte for byte; of
    /// more books or shelves than allowed, the most recent are read.
    public static func parse(_ data: Data, name: String) throws -> Places {
        func fail(_ problem: String, cause: FolioError.Cause? = nil) -> FolioError { .badInput("\(name): \(problem).", cause: cause) }
        guard data.count <= maxBytes else {
            throw fail("is larger than the \(maxBytes >> 20) MB a state file may be", cause: .tooLarge)
        }
        let bytes = [UInt8](data)
        // UTF-8 only: the pieces are found byte by byte (a NUL is never in UTF-8 JSON, and
        // would make Foundation take the text for UTF-16).
        guard !bytes.contains(0), String(data: data, encoding: .utf8) != nil,
              (try? JSONDecoder().decode(AnyJSON.self, from: data)) != nil else {
            throw fail("is not a Folio state file (not valid JSON)")
        }
        guard let pieces = RawJSON.members(bytes) else { throw fail("is not a Folio state file (not JSON of the expected shape)") }
        let decoder = JSONDecoder()
        var members: [String: Range<Int>] = [:]
        for (key, value) in pieces {
            guard let key = try? decoder.decode(String.self, from: Data(key)) else { continue }
            members[key] = value
        }
        func decode<T: Decodable>(_ type: T.Type, _ range: Range<Int>) throws -> T {
            try decoder.decode(type, from: Data(bytes[range]))
        }
        guard let versionRange = members["version"] else { throw fail("is not a Folio state file (version is missing)") }
        guard let fileVersion = try? decode(Int.self, versionRange) else {
            throw fail("is not a Folio state file (version is missing or of the wrong type)")
        }
        guard fileVersion <= version else {
            throw fail("was written by a newer Folio (version \(fileVersion); this one reads version \(version))", cause: .unsupported)
        }
        guard fileVersion == version else { throw fail("has version \(fileVersion), not \(version)") }
        guard let booksRange = members["books"] else { throw fail("is not a Folio state file (books is missing)") }
        guard let bookPieces = RawJSON.elements(bytes, in: booksRange) else {
            throw fail("is not a Folio state file (books is missing or of the wrong type)")
        }
        func raw(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func key(_ path: String, _ size: Int64) throws -> BookKey {
            guard LibraryIdentity.isAbsolutePath(path) else {
                throw EntryProblem("has a path that is not an absolute path of at most \(maxPathBytes) bytes")
            }
            guard size >= 0 else { throw EntryProblem("has a negative size") }
            return BookKey(path: path, size: size)
        }
        var places = Places()
        places.openedABook = members["opened"].flatMap { try? decode(Bool.self, $0) } ?? false
        if let shelvesRange = members["shelves"], let shelfPieces = RawJSON.elements(bytes, in: shelvesRange) {
            for range in shelfPieces.suffix(maxShelves) {
                do {
                    let shelf = try decode(File.Shelf.self, range)
                    guard let library = LibraryIdentity(stored: shelf.library) else {
                        throw EntryProblem(
                            "names a library that is neither \"bundled\" nor an absolute path of at most \(maxPathBytes) bytes")
                    }
                    var order: ShelfOrder?
                    if let name = shelf.order {
                        guard let known = ShelfOrder(rawValue: name) else { throw EntryProblem("has an order this Folio does not know") }
                        order = known
                    }
                    places.remember(centred: try key(shelf.path, shelf.size), on: library, order: order)
                } catch {
                    places.keep(shelf: KeptEntry(raw: raw(range), problem: problem(error)))
                }
            }
        } else if let centredRange = members["centred"], let centred = try? decode(File.Key.self, centredRange) {
            // A centred book Folio cannot use is no centred book: it is written again only
            // as a shelf's.
            places.sharedCentred = try? key(centred.path, centred.size)
        }
        for range in bookPieces.suffix(maxBooks) {
            do {
                let book = try decode(File.Book.self, range)
                let key = try key(book.path, book.size)
                guard (0...maxSpread).contains(book.spread) else {
                    throw EntryProblem("has spread \(book.spread), outside 0…\(maxSpread)")
                }
                let mode = book.pages.flatMap(PageMode.init(rawValue:))
                let fit = book.fit.flatMap(FitMode.init(rawValue:))
                // A page out of range is no page (the spread is used), never a kept entry.
                let page = book.page.flatMap { (1...maxPage).contains($0) ? $0 : nil }
                var settings = BookSettings(shifted: book.shifted ?? false, rightToLeft: book.rtl, pageMode: mode, fit: fit,
                                            zoom: book.zoom?.remembered)
                settings.continuous = book.mode.flatMap { ["continuous": true, "pages": false][$0] }
                // A line off the page is no line (the page's top), never a refused entry.
                settings.top = book.top.flatMap { $0.isFinite && $0 > 0 && $0 <= 1 ? $0 : nil }
                places.remember(spread: book.spread, page: page, settings: settings, read: book.read?.seconds, of: key)
            } catch {
                places.keep(book: KeptEntry(raw: raw(range), problem: problem(error)))
            }
        }
        return places.unchanged()
    }

    /// True when `data` is a state file written by a newer Folio (its `version` is higher
    /// than this one's): such a file is never replaced.
    public static func isNewer(_ data: Data) -> Bool {
        struct Head: Decodable { var version: Int }
        guard data.count <= maxBytes, let head = try? JSONDecoder().decode(Head.self, from: data) else { return false }
        return head.version > version
    }

    /// Any JSON text: Foundation's parser reads the whole text before decoding starts, so
    /// decoding this checks its syntax and nesting and nothing more (a number too large for
    /// a Double, such as 1e999, is JSON here; only the field that holds it is unusable).
    struct AnyJSON: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// Why one entry of the file cannot be used, in a few words.
    private struct EntryProblem: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }

    private static func problem(_ error: Error) -> String {
        if let error = error as? EntryProblem { return error.text }
        return "is not an entry Folio can use (\(reason(error)))"
    }

    /// The file's bytes, one book a line, the kept entries first and as they were read;
    /// the oldest books are left out if the whole would pass `maxBytes`.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func line<T: Encodable>(_ value: T) -> String {
            (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        }
        let latest = shelves.last?.book ?? sharedCentred
        let centred = latest.map { line(File.Key(path: $0.path, size: $0.size)) } ?? "null"
        var shelves = keptShelves.map(\.raw)
            + self.shelves.map {
                line(File.Shelf(library: $0.library.stored, path: $0.book.path, size: $0.book.size, order: $0.order?.rawValue))
            }
        var lines = keptBooks.map(\.raw) + books.map {
            line(File.Book(path: $0.book.path, size: $0.book.size, spread: $0.spread, page: $0.page,
                           shifted: $0.settings.shifted ? true : nil, rtl: $0.settings.rightToLeft,
                           pages: $0.settings.pageMode?.rawValue, fit: $0.settings.fit?.rawValue,
                           zoom: $0.settings.zoom.map(File.Zoom.init), mode: $0.settings.continuous.map { $0 ? "continuous" : "pages" },
                           top: $0.settings.top, read: $0.read.map(File.Time.init)))
        }
        let start = "{\"version\":\(Places.version),\"opened\":\(openedABook),\"centred\":\(centred),"
        let tail = "]}\n"
        // The oldest books go first, then (were that not enough) the oldest shelves. With no
        // shelf the field is left out: an older file's one centred book stays every shelf's.
        var total = start.utf8.count + "\"shelves\":[],\"books\":[".utf8.count + tail.utf8.count
            + lines.reduce(0) { $0 + $1.utf8.count + 2 } + shelves.reduce(0) { $0 + $1.utf8.count + 1 }
        while total > Places.maxBytes, !lines.isEmpty {
            total -= lines.removeFirst().utf8.count + 2
        }
        while total > Places.maxBytes, !shelves.isEmpty {
            total -= shelves.removeFirst().utf8.count + 1
        }
        let shelvesField = shelves.isEmpty ? "" : "\"shelves\":[\(shelves.joined(separator: ","))],"
        let head = start + shelvesField + "\"books\":["
        let body = lines.isEmpty ? "" : "\n" + lines.joined(separator: ",\n") + "\n"
        return Data((head + body + tail).utf8)
    }

    /// What a decoding error says, in a few words.
    private static func reason(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // Foundation says this of a number too large for its type as well.
            return "not valid JSON, or a number out of range"
        case .keyNotFound(let key, let context):
            let path = (context.codingPath + [key]).map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return "\(path) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            if path.isEmpty { return "not JSON of the expected shape" }
            return "\(path) is missing or of the wrong type"
        @unknown default:
            return "not JSON"
        }
    }
}
