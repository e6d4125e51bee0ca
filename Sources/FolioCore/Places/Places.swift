import Foundation

/// Where the reader left off: the page last read in each book (and its spread), most recent
/// last, and the book centred on each shelf. A value; `PlaceStore` reads and writes it as JSON:
/// `{"version":1, "opened":true, "centred":{"path":…,"size":…}, "shelves":[{"library":"/home/ann/Comics","path":…,"size":…}, …], "books":[{"path":…,"size":…,"spread":8,"page":17}, …]}`
/// (a book whose pairing is shifted also says `"shifted":true`, one whose reading direction
/// the reader chose says `"rtl":true` or `"rtl":false`, and one left zoomed in the reading
/// view says `"zoom":{"scale":2,"x":0.5,"y":0.25}`, `RememberedZoom`).
///
/// `page` is the book's own page number the reader was at (one page at a time, the page on
/// screen); files written before it was kept have only the spread, which is used then.
/// `shelves` holds each library's centred book (`LibraryIdentity`: "bundled" or a real
/// path; left out when there is none); `centred` is also written, the one most recently
/// centred, for Folio before shelves, and read as every shelf's centred book from a file
/// without `shelves`.
///
/// Entries of the file this Folio cannot use (`keptBooks`, `keptShelves`) are carried as
/// their JSON text and written back as they were, so a newer Folio's fields, or one entry
/// edited wrong by hand, cost no other book its place.
///
/// A value also knows what it changed since it was read or made (the books whose place it
/// set to another, the shelves whose centred book it set, the first opening), so that
/// viewers open at once keep each other's places: `merged(over:)` lays those changes over
/// what is on disk now. What changed is neither written nor part of equality.
public struct Places: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var book: BookKey
        /// The leaf the reader was at: 0 is the closed cover's spread.
        public var spread: Int
        /// The page the reader was at, as the book numbers it (1 is the cover); nil when
        /// only the spread is known (a file from before pages were kept).
        public var page: Int?
        /// How the reader set the book up.
        public var settings = BookSettings()
    }

    /// The book centred on one library's shelf.
    public struct Shelf: Equatable, Sendable {
        public var library: LibraryIdentity
        public var book: BookKey
    }

    /// An entry of the file this Folio cannot use (a newer Folio's, or one edited by
    /// hand): never read, written back as it was, byte for byte, older than every entry
    /// Folio can use. Equal when the bytes are.
    public struct KeptEntry: Equatable, Sendable {
        /// Its JSON text, as read.
        public let raw: String
        /// Why it is not used, a sentence's middle ("has spread -1, outside 0…50001").
        public let problem: String

        public static func == (a: KeptEntry, b: KeptEntry) -> Bool { a.raw == b.raw }
    }

    /// Books remembered, oldest first.
    public private(set) var books: [Entry] = []
    /// Shelves remembered, the one centred longest ago first.
    public private(set) var shelves: [Shelf] = []
    /// Books of the file this Folio cannot use, kept as they were (before `books`).
    public private(set) var keptBooks: [KeptEntry] = []
    /// Shelves of the file this Folio cannot use, kept as they were (before `shelves`).
    public private(set) var keptShelves: [KeptEntry] = []
    /// The one centred book of a file from before each shelf kept its own: every shelf's
    /// until it has one.
    public private(set) var sharedCentred: BookKey?
    /// A book has been opened with this state file: the first-run hint is not shown again.
    public var openedABook = false {
        didSet { if openedABook != oldValue { changedOpened = true } }
    }

    /// The books whose place this value set to another (all still in `books`), the
    /// shelves whose centred book it set, and whether it set the first opening.
    private var changedBooks: Set<BookKey> = []
    private var changedShelves: Set<LibraryIdentity> = []
    private var changedOpened = false

    public init() {}

    /// Equal when they hold the same places, whatever each changed.
    public static func == (a: Places, b: Places) -> Bool {
        a.books == b.books && a.shelves == b.shelves && a.sharedCentred == b.sharedCentred && a.openedABook == b.openedABook
            && a.keptBooks == b.keptBooks && a.keptShelves == b.keptShelves
    }

    /// True when this value changed anything since it was read or made.
    public var hasChanges: Bool { !changedBooks.isEmpty || !changedShelves.isEmpty || changedOpened }

    /// `current` (what is on disk now, which another viewer may have written) with this
    /// value's changes laid over it: each book this value changed takes its place here (as
    /// the most recent, in this value's order), each shelf it changed its centred book, and
    /// the first opening when this value set it; everything else stays as `current` has it.
    public func merged(over current: Places) -> Places {
        var result = current
        for entry in books where changedBooks.contains(entry.book) {
            result.remember(spread: entry.spread, page: entry.page, settings: entry.settings, of: entry.book)
        }
        for shelf in shelves where changedShelves.contains(shelf.library) {
            result.remember(centred: shelf.book, on: shelf.library)
        }
        if changedOpened { result.openedABook = openedABook }
        return result
    }

    /// The same places with nothing counted as changed (as read from a file).
    func unchanged() -> Places {
        var result = self
        result.changedBooks = []
        result.changedShelves = []
        result.changedOpened = false
        return result
    }

    /// Most books remembered, kept ones included; the oldest is forgotten first (a kept
    /// one before any Folio can use).
    public static let maxBooks = 1000
    /// A state file larger than this is refused unread, and never written (bytes).
    public static let maxBytes = 1 << 20
    /// Longest path remembered, bytes of UTF-8 (PATH_MAX).
    public static let maxPathBytes = 4096
    /// Highest spread remembered: a book holds at most 100,000 pages.
    public static let maxSpread = Library.maxPages / 2 + 1
    /// Highest page number remembered: the cover and 100,000 pages after it.
    public static let maxPage = Library.maxPages + 1
    /// Most shelves remembered; the one centred longest ago is forgotten first.
    public static let maxShelves = 100
    static let version = 1

    /// The spread last read in `book`.
    public func spread(of book: BookKey) -> Int? {
        books.last { $0.book == book }?.spread
    }

    /// The page last read in `book` (the book's own number), when it was kept.
    public func page(of book: BookKey) -> Int? {
        books.last { $0.book == book }?.page
    }

    /// The book centred on `library`'s shelf: its own, else the one centred book of an
    /// older file.
    public func centred(on library: LibraryIdentity) -> BookKey? {
        shelves.last { $0.library == library }?.book ?? sharedCentred
    }

    /// Remembers `book` as centred on `library`'s shelf, as the most recent.
    public mutating func remember(centred book: BookKey, on library: LibraryIdentity) {
        if shelves.last(where: { $0.library == library })?.book != book { changedShelves.insert(library) }
        shelves.removeAll { $0.library == library }
        shelves.append(Shelf(library: library, book: book))
        keptShelves.removeFirst(min(keptShelves.count, max(0, shelves.count + keptShelves.count - Places.maxShelves)))
        if shelves.count > Places.maxShelves {
            for gone in shelves.prefix(shelves.count - Places.maxShelves) { changedShelves.remove(gone.library) }
            shelves.removeFirst(shelves.count - Places.maxShelves)
        }
    }

    /// How the reader set `book` up when it was last read (the defaults if it never was).
    public func settings(of book: BookKey) -> BookSettings {
        books.last { $0.book == book }?.settings ?? BookSettings()
    }

    /// Remembers `spread`, the page read on it (the book's own number; nil: only the
    /// spread is known) and the book's settings for `book`, as the most recent.
    public mutating func remember(spread: Int, page: Int? = nil, settings: BookSettings = BookSettings(), of book: BookKey) {
        let spread = min(max(spread, 0), Places.maxSpread)
        let page = page.map { min(max($0, 1), Places.maxPage) }
        let old = books.last { $0.book == book }
        if old?.spread != spread || old?.page != page || old?.settings ?? BookSettings() != settings { changedBooks.insert(book) }
        books.removeAll { $0.book == book }
        books.append(Entry(book: book, spread: spread, page: page, settings: settings))
        keptBooks.removeFirst(min(keptBooks.count, max(0, books.count + keptBooks.count - Places.maxBooks)))
        if books.count > Places.maxBooks {
            for gone in books.prefix(books.count - Places.maxBooks) { changedBooks.remove(gone.book) }
            books.removeFirst(books.count - Places.maxBooks)
        }
    }

    /// Keeps a book entry of the file this Folio cannot use, as the most recent kept one
    /// (the oldest kept one goes when there are too many).
    mutating func keep(book entry: KeptEntry) {
        keptBooks.append(entry)
        if books.count + keptBooks.count > Places.maxBooks { keptBooks.removeFirst() }
    }

    /// Keeps a shelf entry of the file this Folio cannot use, as `keep(book:)` does.
    mutating func keep(shelf entry: KeptEntry) {
        keptShelves.append(entry)
        if shelves.count + keptShelves.count > Places.maxShelves { keptShelves.removeFirst() }
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
                        throw EntryProblem("names a library that is neither \"bundled\" nor an absolute path of at most \(maxPathBytes) bytes")
                    }
                    places.remember(centred: try key(shelf.path, shelf.size), on: library)
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
                places.remember(spread: book.spread, page: page, settings: BookSettings(shifted: book.shifted ?? false, rightToLeft: book.rtl,
                                                                            pageMode: mode, fit: fit, zoom: book.zoom?.remembered), of: key)
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
            + self.shelves.map { line(File.Shelf(library: $0.library.stored, path: $0.book.path, size: $0.book.size)) }
        var lines = keptBooks.map(\.raw) + books.map {
            line(File.Book(path: $0.book.path, size: $0.book.size, spread: $0.spread, page: $0.page,
                           shifted: $0.settings.shifted ? true : nil, rtl: $0.settings.rightToLeft,
                           pages: $0.settings.pageMode?.rawValue, fit: $0.settings.fit?.rawValue,
                           zoom: $0.settings.zoom.map(File.Zoom.init)))
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
