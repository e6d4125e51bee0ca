/// Where the reader was before each jump in the reading view (a link, a contents entry, a
/// search hit, a typed page, the strip, Home or End), as browsers and evince keep it: back
/// returns to the exact place left (the page and its line at the window's top), forward
/// undoes a back; a new jump forgets the way forward.
struct ReadingHistory {
    struct Entry: Equatable {
        var book: Int
        var place: ReadingPlace
    }

    private(set) var back: [Entry] = []
    private(set) var forward: [Entry] = []
    /// Most places kept each way.
    static let limit = 100

    /// A jump from `here`: it is the place back goes to.
    mutating func leave(_ here: Entry) {
        guard back.last != here else { return }
        back.append(here)
        if back.count > ReadingHistory.limit { back.removeFirst() }
        forward.removeAll()
    }

    /// The place before the last jump in `here`'s book (places in other books are
    /// forgotten), `here` kept to come forward to; nil when there is none.
    mutating func goBack(from here: Entry) -> Entry? {
        ReadingHistory.step(from: here, taking: &back, keeping: &forward)
    }

    /// The place the last back left, `here` kept to go back to; nil when there is none.
    mutating func goForward(from here: Entry) -> Entry? {
        ReadingHistory.step(from: here, taking: &forward, keeping: &back)
    }

    private static func step(from here: Entry, taking from: inout [Entry], keeping other: inout [Entry]) -> Entry? {
        from.removeAll { $0.book != here.book }
        other.removeAll { $0.book != here.book }
        guard let to = from.popLast() else { return nil }
        other.append(here)
        if other.count > ReadingHistory.limit { other.removeFirst() }
        return to
    }
}
