/// The remembered places of one library, as the app uses them: the page a book opens at,
/// the book the shelf starts on, and what to remember when a book closes or the app quits.
public final class PlaceKeeper {
    public private(set) var places: Places
    /// Started with `--fresh`, or from a file that could not be read: nothing is written
    /// until a book has been read.
    public let fresh: Bool
    /// The library on the shelf: its centred book is remembered as its own.
    public let library: LibraryIdentity
    private var hasRead = false
    private var revision = 0
    private var savedRevision = 0
    private let path: (Int) -> String?
    private let key: (Int) -> BookKey?
    private var keys: [Int: BookKey] = [:]
    /// The wall clock, seconds since 1970: when a book is read (nil: not kept). The live
    /// viewer hands it in; the core reads no clock.
    public var clock: (() -> Double)?

    /// `path(i)` names book `i` cheaply; `key(i)` also reads its size; `identity` is the
    /// shelf's library.
    public init(places: Places, fresh: Bool = false, identity: LibraryIdentity = .bundled,
                path: @escaping (Int) -> String?, key: @escaping (Int) -> BookKey?) {
        self.places = fresh ? Places() : places
        self.fresh = fresh
        library = identity
        self.path = path
        self.key = key
    }

    /// Places for books whose keys were read before, off the input path (as the library
    /// loaded): `keys[i]` is book `i`'s (nil: it has none). Books added later bring theirs
    /// with `adopt(key:ofBook:)`; the keeper reads nothing itself.
    public convenience init(places: Places, fresh: Bool = false, identity: LibraryIdentity = .bundled, keys: [BookKey?]) {
        self.init(places: places, fresh: fresh, identity: identity, path: { keys.indices.contains($0) ? keys[$0]?.path : nil },
                  key: { keys.indices.contains($0) ? keys[$0] : nil })
    }

    /// Places for `library`'s books (the library `identity` names), each book's path and
    /// key read by `path` and `key` (FolioLibrary's `PlaceKeeper(places:fresh:library:)`
    /// reads them from disk); `libraryChanged` keeps up with books added later (a drop).
    public convenience init(places: Places, fresh: Bool = false, library: Library, identity: LibraryIdentity = .bundled,
                            path: @escaping (Book) -> String?, key: @escaping (Book) -> BookKey?) {
        let shelf = Shelf(books: library.books)
        self.init(places: places, fresh: fresh, identity: identity,
                  path: { shelf.books.indices.contains($0) ? path(shelf.books[$0]) : nil },
                  key: { shelf.books.indices.contains($0) ? key(shelf.books[$0]) : nil })
        self.shelf = shelf
    }

    /// The library's books as this keeper knows them, when it was made from a library.
    private final class Shelf {
        var books: [Book]
        init(books: [Book]) { self.books = books }
    }

    private var shelf: Shelf?

    /// The library now holds `library.books` (books were added: their places are kept too).
    /// Books only join at the end, so the keys already read stay right.
    public func libraryChanged(_ library: Library) {
        shelf?.books = library.books
    }

    /// Book `index`'s key, read off the input path (a dropped book's, as the drop was read).
    public func adopt(key: BookKey?, ofBook index: Int) {
        keys[index] = key
    }

    private func key(ofBook index: Int) -> BookKey? {
        if let known = keys[index] { return known }
        let found = key(index)
        keys[index] = found
        return found
    }

    /// The spread to open book `index` at, if it was read before.
    public func spread(ofBook index: Int) -> Int? {
        key(ofBook: index).flatMap(places.spread(of:))
    }

    /// The page last read in book `index` (the book's own number), if it was kept.
    public func page(ofBook index: Int) -> Int? {
        key(ofBook: index).flatMap(places.page(of:))
    }

    /// When book `index` was last read (seconds since 1970) and how recently among the books
    /// remembered (higher is more recent), or nil if it never was.
    public func lastRead(ofBook index: Int) -> (time: Int?, recency: Int)? {
        guard let key = key(ofBook: index), let recency = places.recency(of: key) else { return nil }
        return (places.read(of: key), recency)
    }

    /// The book (of `count`) that was centred on this library's shelf, if it is still there.
    public func centredBook(count: Int) -> Int? {
        guard let centred = places.centred(on: library) else { return nil }
        // Paths first: sizes are read only for the book that matches.
        return (0..<count).first { path($0) == centred.path && key(ofBook: $0) == centred }
    }

    /// How the reader set book `index` up when it was last read.
    public func settings(ofBook index: Int) -> BookSettings {
        key(ofBook: index).map(places.settings(of:)) ?? BookSettings()
    }

    /// Remembers book `index` read at `spread`, on page `page` (the book's own number; nil:
    /// only the spread), set up as `settings`.
    public func remember(spread: Int, page: Int? = nil, settings: BookSettings = BookSettings(), ofBook index: Int) {
        guard let key = key(ofBook: index) else { return }
        hasRead = true
        let now = clock.map { $0() }.flatMap { $0.isFinite ? Int(clamp($0, 0, Double(Places.maxTime))) : nil }
        update { $0.remember(spread: spread, page: page, settings: settings, read: now, of: key) }
    }

    /// True once a book has been opened with this state (the first-run hint is then done).
    public var openedABook: Bool { places.openedABook }

    public func rememberOpening() {
        update { $0.openedABook = true }
    }

    /// Remembers book `index` as centred on this library's shelf.
    public func remember(centred index: Int, order: ShelfOrder? = nil) {
        guard let key = key(ofBook: index) else { return }
        update { $0.remember(centred: key, on: library, order: order) }
    }

    /// The order this library's shelf was last put in (nil: as listed).
    public var order: ShelfOrder? { places.order(on: library) }

    /// The file or folder at `old` was renamed `new` in the library's folder: its books'
    /// places follow it (`Places.rename`).
    public func rename(from old: String, to new: String) {
        update { $0.rename(from: old, to: new) }
    }

    private func update(_ change: (inout Places) -> Void) {
        var next = places
        change(&next)
        if next != places {
            places = next
            revision += 1
        }
    }

    /// True when there is something to write: a change since the last save (and, after
    /// `--fresh`, a book read).
    public var needsSaving: Bool { revision != savedRevision && (!fresh || hasRead) }

    /// The places as they are now are on disk.
    public func saved() { savedRevision = revision }
}
