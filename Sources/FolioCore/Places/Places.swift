import Foundation

/// Where the reader left off: the page last read in each book (and its spread), most recent
/// last, and the book centred on each shelf. A value; `PlaceStore` reads and writes it as JSON:
/// `{"version":1, "opened":true, "centred":{"path":…,"size":…}, "shelves":[{"library":"/home/ann/Comics","path":…,"size":…}, …],
/// "books":[{"path":…,"size":…,"spread":8,"page":17}, …]}`
/// (a book whose pairing is shifted also says `"shifted":true`, one whose reading direction
/// the reader chose says `"rtl":true` or `"rtl":false`, and one left zoomed in the reading
/// view says `"zoom":{"scale":2,"x":0.5,"y":0.25}`, `RememberedZoom`). `"read"` is when the
/// book was last read, whole seconds since 1970 (absent in older files: those sort last
/// on a shelf ordered by last read; a value Folio cannot use is no time).
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
        /// When the book was last read, whole seconds since 1970 (UTC); nil in files from
        /// before it was kept, and when no clock was handed in.
        public var read: Int?
    }

    /// The book centred on one library's shelf, and the order its books were put in (nil:
    /// as the library lists them).
    public struct Shelf: Equatable, Sendable {
        public var library: LibraryIdentity
        public var book: BookKey
        public var order: ShelfOrder? = nil
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
    /// until it has one (set as the file is read: `Places+File`).
    public internal(set) var sharedCentred: BookKey?
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
            result.remember(spread: entry.spread, page: entry.page, settings: entry.settings, read: entry.read, of: entry.book)
        }
        for shelf in shelves where changedShelves.contains(shelf.library) {
            result.remember(centred: shelf.book, on: shelf.library, order: shelf.order)
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
    /// Latest time a place may say it was read, seconds since 1970 (the year 5138): a later
    /// one is no time.
    public static let maxTime = 100_000_000_000
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

    /// The order `library`'s shelf was last put in (nil: as the library lists its books).
    public func order(on library: LibraryIdentity) -> ShelfOrder? {
        shelves.last { $0.library == library }?.order
    }

    /// Remembers `book` as centred on `library`'s shelf, as the most recent, and the order
    /// its books stand in (nil: as listed).
    public mutating func remember(centred book: BookKey, on library: LibraryIdentity, order: ShelfOrder? = nil) {
        let old = shelves.last(where: { $0.library == library })
        if old?.book != book || old?.order != order { changedShelves.insert(library) }
        shelves.removeAll { $0.library == library }
        shelves.append(Shelf(library: library, book: book, order: order == .library ? nil : order))
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

    /// When `book` was last read (seconds since 1970), if that was kept.
    public func read(of book: BookKey) -> Int? {
        books.last { $0.book == book }?.read
    }

    /// How recently `book` was read among the books remembered: higher is more recent (the
    /// file keeps them oldest first); nil if it was never read.
    public func recency(of book: BookKey) -> Int? {
        books.lastIndex { $0.book == book }
    }

    /// Remembers `spread`, the page read on it (the book's own number; nil: only the
    /// spread is known), the book's settings and when it was read (seconds since 1970;
    /// nil: not known) for `book`, as the most recent.
    public mutating func remember(spread: Int, page: Int? = nil, settings: BookSettings = BookSettings(), read: Int? = nil,
                                  of book: BookKey) {
        let spread = min(max(spread, 0), Places.maxSpread)
        let page = page.map { min(max($0, 1), Places.maxPage) }
        let read = read.flatMap { (0...Places.maxTime).contains($0) ? $0 : nil }
        let old = books.last { $0.book == book }
        if old?.spread != spread || old?.page != page || old?.settings ?? BookSettings() != settings || old?.read != read {
            changedBooks.insert(book)
        }
        books.removeAll { $0.book == book }
        books.append(Entry(book: book, spread: spread, page: page, settings: settings, read: read))
        keptBooks.removeFirst(min(keptBooks.count, max(0, books.count + keptBooks.count - Places.maxBooks)))
        if books.count > Places.maxBooks {
            for gone in books.prefix(books.count - Places.maxBooks) { changedBooks.remove(gone.book) }
            books.removeFirst(books.count - Places.maxBooks)
        }
    }

    /// The file (or folder) at `old` was renamed `new`: each book read from it, or from
    /// inside it, has its place, settings and time remembered under its new path too (the
    /// same size: it is the same file), so the renamed book opens where it was left.
    public mutating func rename(from old: String, to new: String) {
        guard old != new, !old.isEmpty, new.utf8.count <= Places.maxPathBytes else { return }
        let folder = old.hasSuffix("/") ? old : old + "/"
        let moved = books.filter { $0.book.path == old || $0.book.path.hasPrefix(folder) }
        for entry in moved {
            let path = new + entry.book.path.dropFirst(old.count)
            guard path.utf8.count <= Places.maxPathBytes else { continue }
            remember(spread: entry.spread, page: entry.page, settings: entry.settings, read: entry.read,
                     of: BookKey(path: path, size: entry.book.size))
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
}
