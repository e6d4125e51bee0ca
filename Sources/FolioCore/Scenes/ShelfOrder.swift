/// How the shelf's books stand: as the library lists them (a folder's files in natural
/// order, a Books.plist's order, drops at the end), the books last read first, by title, or
/// the books most recently added first. Tab goes from one to the next; the order chosen is
/// remembered with the library's shelf.
public enum ShelfOrder: String, CaseIterable, Sendable {
    case library, lastRead, title, added

    /// The order Tab goes to from this one.
    public var next: ShelfOrder {
        let all = ShelfOrder.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// The order in a few words (the library grid's heading).
    public var name: String {
        switch self {
        case .library: return "as listed"
        case .lastRead: return "last read first"
        case .title: return "by title"
        case .added: return "recently added first"
        }
    }

    /// What the notice says as the shelf takes this order.
    public var notice: String {
        switch self {
        case .library: return "Shelf: as the library lists the books"
        case .lastRead: return "Shelf: last read first"
        case .title: return "Shelf: by title"
        case .added: return "Shelf: recently added first"
        }
    }

    /// The books of `readings` (`count` of them) in this order, as shelf slots: slot `s`
    /// holds book `result[s]`. Last read first: books with a time, the latest first, then
    /// places from before times were kept, the most recent first, then the books never
    /// opened as the library lists them. By title: natural order, ties as the library lists
    /// them.
    public func books(count: Int, readings: (any ShelfReadings)?) -> [Int] {
        let all = Array(0..<max(count, 0))
        guard let readings else { return all }
        switch self {
        case .library:
            return all
        case .lastRead:
            let read = all.map { readings.lastRead(ofBook: $0) }
            return all.sorted { a, b in
                switch (read[a], read[b]) {
                case (nil, nil): return a < b
                case (nil, _): return false
                case (_, nil): return true
                case let (x?, y?):
                    if x.time != y.time { return (x.time ?? -1) > (y.time ?? -1) }
                    return x.recency != y.recency ? x.recency > y.recency : a < b
                }
            }
        case .title:
            let titles = all.map(readings.title(ofBook:))
            return all.sorted { a, b in
                if naturalLess(titles[a], titles[b]) { return true }
                if naturalLess(titles[b], titles[a]) { return false }
                return a < b
            }
        case .added:
            // The latest first; books whose time is not known after, as the library lists them.
            let added = all.map(readings.added(ofBook:))
            return all.sorted { a, b in
                switch (added[a], added[b]) {
                case let (x?, y?): return x != y ? x > y : a < b
                case (nil, nil): return a < b
                case (nil, _): return false
                case (_, nil): return true
                }
            }
        }
    }
}

/// What the shelf knows of its books beyond their covers (the `Bookcase` answers): how far
/// each was read, when, and its title.
public protocol ShelfReadings: AnyObject {
    /// How far book `index` was read (nil: never opened).
    func progress(ofBook index: Int) -> ReadingProgress?
    /// When book `index` was last read (seconds since 1970, nil if not kept) and how recently
    /// among the books remembered (higher is more recent); nil if it never was.
    func lastRead(ofBook index: Int) -> (time: Int?, recency: Int)?
    func title(ofBook index: Int) -> String
    /// When book `index` came into the library (seconds since 1970), if known.
    func added(ofBook index: Int) -> Int?
    /// The series book `index` belongs to, if any.
    func series(ofBook index: Int) -> BookSeries?
}
