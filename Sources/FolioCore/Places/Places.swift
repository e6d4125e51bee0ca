import Foundation

/// Where the reader left off: the last spread read in each book, most recent last, and the
/// book centred on the shelf. A value; `PlaceStore` reads and writes it as JSON:
/// `{"version":1, "opened":true, "centred":{"path":…,"size":…}, "books":[{"path":…,"size":…,"spread":3}, …]}`.
public struct Places: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var book: BookKey
        /// The leaf the reader was at: 0 is the closed cover's spread.
        public var spread: Int
    }

    /// Books remembered, oldest first.
    public private(set) var books: [Entry] = []
    public var centred: BookKey?
    /// A book has been opened with this state file: the first-run hint is not shown again.
    public var openedABook = false

    public init() {}

    /// Most books remembered; the oldest is forgotten first.
    public static let maxBooks = 1000
    /// A state file larger than this is refused unread, and never written (bytes).
    public static let maxBytes = 1 << 20
    /// Longest path remembered, bytes of UTF-8 (PATH_MAX).
    public static let maxPathBytes = 4096
    /// Highest spread remembered: a book holds at most 100,000 pages.
    public static let maxSpread = LibraryLoader.maxPages / 2 + 1
    static let version = 1

    /// The spread last read in `book`.
    public func spread(of book: BookKey) -> Int? {
        books.last { $0.book == book }?.spread
    }

    /// Remembers `spread` for `book`, as the most recent.
    public mutating func remember(spread: Int, of book: BookKey) {
        books.removeAll { $0.book == book }
        books.append(Entry(book: book, spread: min(max(spread, 0), Places.maxSpread)))
        if books.count > Places.maxBooks { books.removeFirst(books.count - Places.maxBooks) }
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
            places.remember(spread: book.spread, of: key)
        }
        return places
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
        var lines = books.map { line(File.Book(path: $0.book.path, size: $0.book.size, spread: $0.spread)) }
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
