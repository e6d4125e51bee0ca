import Foundation

/// Where the reader left off: the last spread read in each book, most recent last, and the
/// book centred on the shelf. A value; `PlaceStore` reads and writes it as JSON:
/// `{"version":1, "opened":true, "centred":{"path":…,"size":…}, "books":[{"path":…,"size":…,"spread":3}, …]}`
/// (a book whose pairing is shifted also says `"shifted":true`, one whose reading direction
/// the reader chose says `"rtl":true` or `"rtl":false`, and one left zoomed in the reading
/// view says `"zoom":{"scale":2,"x":0.5,"y":0.25}`, `RememberedZoom`).
///
/// A value also knows what it changed since it was read or made (the books whose spread it
/// set to another, the centred book, the first opening), so that viewers open at once keep
/// each other's places: `merged(over:)` lays those changes over what is on disk now. What
/// changed is neither written nor part of equality.
public struct Places: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var book: BookKey
        /// The leaf the reader was at: 0 is the closed cover's spread.
        public var spread: Int
        /// How the reader set the book up.
        public var settings = BookSettings()
    }

    /// Books remembered, oldest first.
    public private(set) var books: [Entry] = []
    public var centred: BookKey? {
        didSet { if centred != oldValue { changedCentred = true } }
    }
    /// A book has been opened with this state file: the first-run hint is not shown again.
    public var openedABook = false {
        didSet { if openedABook != oldValue { changedOpened = true } }
    }

    /// The books whose spread this value set to another (all still in `books`), and
    /// whether it set the centred book or the first opening.
    private var changedBooks: Set<BookKey> = []
    private var changedCentred = false
    private var changedOpened = false

    public init() {}

    /// Equal when they hold the same places, whatever each changed.
    public static func == (a: Places, b: Places) -> Bool {
        a.books == b.books && a.centred == b.centred && a.openedABook == b.openedABook
    }

    /// True when this value changed anything since it was read or made.
    public var hasChanges: Bool { !changedBooks.isEmpty || changedCentred || changedOpened }

    /// `current` (what is on disk now, which another viewer may have written) with this
    /// value's changes laid over it: each book this value changed takes its spread here (as
    /// the most recent, in this value's order), the centred book and the first opening too
    /// when this value set them; everything else stays as `current` has it.
    public func merged(over current: Places) -> Places {
        var result = current
        for entry in books where changedBooks.contains(entry.book) {
            result.remember(spread: entry.spread, settings: entry.settings, of: entry.book)
        }
        if changedCentred { result.centred = centred }
        if changedOpened { result.openedABook = openedABook }
        return result
    }

    /// The same places with nothing counted as changed (as read from a file).
    func unchanged() -> Places {
        var result = self
        result.changedBooks = []
        result.changedCentred = false
        result.changedOpened = false
        return result
    }

    /// Most books remembered; the oldest is forgotten first.
    public static let maxBooks = 1000
    /// A state file larger than this is refused unread, and never written (bytes).
    public static let maxBytes = 1 << 20
    /// Longest path remembered, bytes of UTF-8 (PATH_MAX).
    public static let maxPathBytes = 4096
    /// Highest spread remembered: a book holds at most 100,000 pages.
    public static let maxSpread = Library.maxPages / 2 + 1
    static let version = 1

    /// The spread last read in `book`.
    public func spread(of book: BookKey) -> Int? {
        books.last { $0.book == book }?.spread
    }

    /// How the reader set `book` up when it was last read (the defaults if it never was).
    public func settings(of book: BookKey) -> BookSettings {
        books.last { $0.book == book }?.settings ?? BookSettings()
    }

    /// Remembers `spread` (and the book's settings) for `book`, as the most recent.
    public mutating func remember(spread: Int, settings: BookSettings = BookSettings(), of book: BookKey) {
        let spread = min(max(spread, 0), Places.maxSpread)
        if self.spread(of: book) != spread || self.settings(of: book) != settings { changedBooks.insert(book) }
        books.removeAll { $0.book == book }
        books.append(Entry(book: book, spread: spread, settings: settings))
        if books.count > Places.maxBooks {
            for gone in books.prefix(books.count - Places.maxBooks) { changedBooks.remove(gone.book) }
            books.removeFirst(books.count - Places.maxBooks)
        }
    }

    // MARK: The file's form

    private struct File: Codable {
        struct Key: Codable {
            var path: String
            var size: Int64
        }
        struct Book: Codable {
            var path: String
            var size: Int64
            var spread: Int
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
        var version: Int
        var centred: Key?
        var books: [Book]
        /// Absent in files written before it existed: false.
        var opened: Bool?
    }

    /// Reads a state file's bytes. Throws a `FolioError.badInput` naming `name` and what is
    /// wrong; every number and path is checked before it is used.
    public static func parse(_ data: Data, name: String) throws -> Places {
        func fail(_ problem: String) -> FolioError { .badInput("\(name): \(problem).") }
        guard data.count <= maxBytes else { throw fail("is larger than the \(maxBytes >> 20) MB a state file may be") }
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: data) } catch {
            throw fail("is not a Folio state file (\(reason(error)))")
        }
        guard file.version == version else { throw fail("has version \(file.version), not \(version)") }
        guard file.books.count <= maxBooks else { throw fail("lists \(file.books.count) books, more than the \(maxBooks) allowed") }
        func key(_ path: String, _ size: Int64, _ what: String) throws -> BookKey {
            guard path.hasPrefix("/"), path.utf8.count <= maxPathBytes, !path.utf8.contains(0) else {
                throw fail("\(what) has a path that is not an absolute path of at most \(maxPathBytes) bytes")
            }
            guard size >= 0 else { throw fail("\(what) has a negative size") }
            return BookKey(path: path, size: size)
        }
        var places = Places()
        places.openedABook = file.opened ?? false
        if let centred = file.centred { places.centred = try key(centred.path, centred.size, "the centred book") }
        for (index, book) in file.books.enumerated() {
            let key = try key(book.path, book.size, "book \(index)")
            guard (0...maxSpread).contains(book.spread) else {
                throw fail("book \(index) has spread \(book.spread), outside 0…\(maxSpread)")
            }
            let mode = book.pages.flatMap(PageMode.init(rawValue:))
            let fit = book.fit.flatMap(FitMode.init(rawValue:))
            places.remember(spread: book.spread, settings: BookSettings(shifted: book.shifted ?? false, rightToLeft: book.rtl,
                                                                        pageMode: mode, fit: fit, zoom: book.zoom?.remembered), of: key)
        }
        return places.unchanged()
    }

    /// The file's bytes, one book a line; the oldest books are left out if the whole would
    /// pass `maxBytes`.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func line<T: Encodable>(_ value: T) -> String {
            (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        }
        let centred = self.centred.map { line(File.Key(path: $0.path, size: $0.size)) } ?? "null"
        var lines = books.map {
            line(File.Book(path: $0.book.path, size: $0.book.size, spread: $0.spread,
                           shifted: $0.settings.shifted ? true : nil, rtl: $0.settings.rightToLeft,
                           pages: $0.settings.pageMode?.rawValue, fit: $0.settings.fit?.rawValue,
                           zoom: $0.settings.zoom.map(File.Zoom.init)))
        }
        let head = "{\"version\":\(Places.version),\"opened\":\(openedABook),\"centred\":\(centred),\"books\":["
        let tail = "]}\n"
        var total = head.utf8.count + tail.utf8.count + lines.reduce(0) { $0 + $1.utf8.count + 2 }
        while total > Places.maxBytes, !lines.isEmpty {
            total -= lines.removeFirst().utf8.count + 2
        }
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
