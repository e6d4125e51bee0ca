/// One line of the state trace (`--trace`, `record --trace`): what tools and tests read. The
/// struct is the trace's one form: `FolioApp.trace(frame:t:)` fills it, `TraceWriter` writes
/// it (`json`, keys in this order, numbers to 6 decimals, absent transition and book as
/// null), and readers decode it back (`Decodable`).
public struct TraceFrame: Decodable, Equatable, Sendable {
    public var frame: Int
    public var t: Double
    public var size: [Double]
    /// Every scene on screen, bottom first (a scene being pushed included).
    public var stack: [SceneKind]
    public var transition: Transition?
    public var shelf: Shelf
    public var book: Book?
    /// While the reading view is on the stack (absent otherwise).
    public var reading: Reading?
    /// While a book's contents show (absent otherwise).
    public var contents: Contents? = nil
    /// While a search of a book's text stands (absent otherwise).
    public var search: Search? = nil
    /// While the library grid is on the stack (absent otherwise).
    public var library: Library? = nil

    /// The library grid: every book's cover in rows.
    public struct Library: Decodable, Equatable, Sendable {
        /// Books in the grid, and those whose cover shows on screen now (book indices, in
        /// the grid's order).
        public var count: Int
        public var visible: [Int]
        /// The order: "library" (as listed), "lastRead" or "title".
        public var sort: String
        /// The book selected (Enter takes it to the shelf), its index.
        public var selected: Int
        /// "small", "medium" or "large".
        public var size: String
        /// The series stacked in one cell each, in the grid's order.
        public var stacks: [Stack]
    }

    /// A stack of the library grid: a series' name and its books in reading order.
    public struct Stack: Decodable, Equatable, Sendable {
        public var name: String
        public var books: [Int]
    }

    public struct Contents: Decodable, Equatable, Sendable {
        /// The chapters listed, and the one selected (from 0).
        public var entries: Int
        public var selected: Int
    }

    public struct Search: Decodable, Equatable, Sendable {
        /// The text searched for (or being typed), and whether keys still type into it.
        public var text: String
        public var typing: Bool
        /// Hits found so far, the one gone to (from 0; absent before the first), pages
        /// searched, and whether every page has been.
        public var hits: Int
        public var current: Int?
        public var searched: Int
        public var done: Bool
    }

    public struct Transition: Decodable, Equatable, Sendable {
        public var operation: NavigationOperation
        public var state: TransitionState.Phase
        public var progress: Double
        public var interactive: Bool
    }

    public struct Shelf: Decodable, Equatable, Sendable {
        public var position: Double
        public var stride: Double
        /// The centred book (the key keeps the trace's first spelling).
        public var centred: Int
        public var covers: [Cover]
        /// Books on the shelf (nil in a trace written before it was traced).
        public var count: Int?
        /// The series the shelf shows alone (a stack opened in the library grid); absent:
        /// the whole library.
        public var series: String? = nil

        enum CodingKeys: String, CodingKey {
            case position, stride, centred = "centered", covers, count, series
        }
    }

    public struct Cover: Decodable, Equatable, Sendable {
        public var book: Int
        public var scale: Double
        public var alpha: Double
        /// The fraction of the book read (0…1; 1 read to its end), as its bar shows it; nil
        /// for a book never opened (no bar) or without remembered places.
        public var progress: Double?
    }

    public struct Book: Decodable, Equatable, Sendable {
        public var index: Int
        public var title: String
        /// "ltr", or "rtl" for a book read right to left.
        public var direction: String
        public var offset: Double
        /// Display pages, the padding blank and the back cover included.
        public var pageCount: Int
        public var pages: [Page]
        /// Only while the reading view is zoomed, so traces of books seen whole stay as they were.
        public var zoom: Zoom?
    }

    public struct Page: Decodable, Equatable, Sendable {
        public var page: Int
        public var ratio: Double
        public var angle: Double
        public var visible: Bool
        /// Only during a transition.
        public var scale: Double?
        public var tx: Double?
        public var alpha: Double?
    }

    /// The reading view's state, as a script checks it.
    public struct Reading: Decodable, Equatable, Sendable {
        /// "one" or "two": the pages shown side by side now (the automatic mode's choice made).
        public var pages: String
        /// "page", "width" or "height".
        public var fit: String
        /// The magnification relative to the fit's own (1: the fit as it is).
        public var zoom: Double
        /// The book's own page numbers on screen (the cover is 1).
        public var visiblePages: [Int]
        /// "pages" (leaves turning, one or two side by side) or "continuous" (the pages one
        /// under another, scrolled).
        public var mode: String
        /// Each page on screen at rest: how much of it shows (`ReadingPlace.Visible`).
        public var visible: [Visible]
    }

    /// One page on screen: its number (the cover is 1), the fractions of its height at the
    /// window's top and bottom edges (clipped to 0…1) and its printed label.
    public struct Visible: Decodable, Equatable, Sendable {
        public var page: Int
        public var top: Double
        public var bottom: Double
        public var label: String
    }

    public struct Zoom: Decodable, Equatable, Sendable {
        public var scale: Double
        public var x: Double
        public var y: Double
        public var target: Double
    }

    /// The line as written.
    public var json: JSONValue {
        func number(_ x: Double) -> JSONValue { .number(x) }
        func whole(_ n: Int) -> JSONValue { .number(Double(n)) }
        let transitionJSON = transition.map { t in
            JSONValue.object([("operation", .string(t.operation.rawValue)), ("state", .string(t.state.rawValue)),
                              ("progress", number(t.progress)), ("interactive", .bool(t.interactive))])
        } ?? .null
        let shelfJSON = JSONValue.object([
            ("position", number(shelf.position)), ("stride", number(shelf.stride)), ("centered", whole(shelf.centred)),
            ("count", shelf.count.map(whole) ?? .null),
        ] + (shelf.series.map { [("series", JSONValue.string($0))] } ?? []) + [
            ("covers", .array(shelf.covers.map { cover in
                .object([("book", whole(cover.book)), ("scale", number(cover.scale)), ("alpha", number(cover.alpha))]
                        + (cover.progress.map { [("progress", number($0))] } ?? []))
            })),
        ])
        let bookJSON = book.map { b in
            var members: [(String, JSONValue)] = [
                ("index", whole(b.index)), ("title", .string(b.title)), ("direction", .string(b.direction)),
                ("offset", number(b.offset)), ("pageCount", whole(b.pageCount)),
                ("pages", .array(b.pages.map { p in
                    var page: [(String, JSONValue)] = [("page", whole(p.page)), ("ratio", number(p.ratio)),
                                                       ("angle", number(p.angle)), ("visible", .bool(p.visible))]
                    if let scale = p.scale, let tx = p.tx, let alpha = p.alpha {
                        page += [("scale", number(scale)), ("tx", number(tx)), ("alpha", number(alpha))]
                    }
                    return .object(page)
                })),
            ]
            if let z = b.zoom {
                members.append(("zoom", .object([("scale", number(z.scale)), ("x", number(z.x)), ("y", number(z.y)),
                                                 ("target", number(z.target))])))
            }
            return JSONValue.object(members)
        } ?? .null
        var members: [(String, JSONValue)] = [
            ("frame", whole(frame)), ("t", number(t)), ("size", .array(size.map(number))),
            ("stack", .array(stack.map { .string($0.rawValue) })), ("transition", transitionJSON),
            ("shelf", shelfJSON), ("book", bookJSON),
        ]
        if let r = reading {
            let visible = r.visible.map { v in
                JSONValue.object([("page", whole(v.page)), ("top", number(v.top)), ("bottom", number(v.bottom)),
                                  ("label", .string(v.label))])
            }
            members.append(("reading", .object([("pages", .string(r.pages)), ("fit", .string(r.fit)), ("zoom", number(r.zoom)),
                                                ("visiblePages", .array(r.visiblePages.map(whole))), ("mode", .string(r.mode)),
                                                ("visible", .array(visible))])))
        }
        if let l = library {
            let stacks = l.stacks.map { JSONValue.object([("name", .string($0.name)), ("books", .array($0.books.map(whole)))]) }
            members.append(("library", .object([("count", whole(l.count)), ("visible", .array(l.visible.map(whole))),
                                                ("sort", .string(l.sort)), ("selected", whole(l.selected)), ("size", .string(l.size)),
                                                ("stacks", .array(stacks))])))
        }
        if let c = contents { members.append(("contents", .object([("entries", whole(c.entries)), ("selected", whole(c.selected))]))) }
        if let s = search {
            var fields: [(String, JSONValue)] = [("text", .string(s.text)), ("typing", .bool(s.typing)), ("hits", whole(s.hits))]
            if let current = s.current { fields.append(("current", whole(current))) }
            members.append(("search", .object(fields + [("searched", whole(s.searched)), ("done", .bool(s.done))])))
        }
        return .object(members)
    }

    /// The line without its frame number and time: what the live trace compares to write
    /// only frames whose state changed.
    var stateLine: String {
        var state = self
        state.frame = 0
        state.t = 0
        return state.json.serialized()
    }
}

/// The one writer of the trace, shared by the live viewer, the recorder and the tests: one
/// JSON line a frame to `sink`, or (`changesOnly`, the live viewer) only for frames whose
/// state changed, frame number and time aside.
public struct TraceWriter {
    private let sink: (String) throws -> Void
    private let changesOnly: Bool
    private var last: String?

    public init(changesOnly: Bool = false, sink: @escaping (String) throws -> Void) {
        self.changesOnly = changesOnly
        self.sink = sink
    }

    public mutating func write(_ frame: TraceFrame) throws {
        if changesOnly {
            let state = frame.stateLine
            guard state != last else { return }
            last = state
        }
        try sink(frame.json.serialized() + "\n")
    }
}
