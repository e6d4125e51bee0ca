/// Which images to have ready next, most wanted first: the open book's pages within two
/// spreads of the reader (nearest first), and while its leaves flip (more than one still to
/// turn), four more the way they go; then the shelf's covers around the centre. (What is on
/// screen comes first anyway: the renderer asks for it as it draws.) While the book is
/// zoomed only its spread: pages are then made up to 4× larger, and a turn shows the next
/// spread whole. While leaves flip, the pages further on are wanted as stand-ins only
/// (`standIns`): their small versions, cheap to make, so a riffle or a held key shows pages
/// rather than placeholders, without making pages at full size that flip past.
public enum Prefetch {
    /// Spreads either side of the reader's that are made ready.
    static let spreadReach = 2
    /// Spreads further ahead made ready while leaves flip. Flipping at ten leaves a second,
    /// the pages two spreads ahead came too late: in `folio bench`'s 1,000-scan flip, 1,313 of
    /// 3,179 frames drew a placeholder with none further, none with four more on every
    /// turn, 535 with four more only while more than a leaf is to go. Asked for on every
    /// turn, reading at a turn a second with both cores busy drew the page from its small
    /// version in 1,201 of 1,261 frames (68 without, in one run each): a single turn asks
    /// for nothing more.
    static let turningReach = 4
    /// Leaves beyond those, the way they flip, whose pages' small versions are made ready.
    static let standInReach = 40
    /// Covers either side of the centred one that are made ready.
    static let coverReach = 3

    /// The way the book's leaves flip: +1 forwards, −1 back, 0 at rest or turning one leaf
    /// (more than a leaf still to go: a flip, a riffle; or a run of turns, a key held).
    static func flipping(_ book: BookScene) -> Int {
        let ahead = book.leavesToGo
        return book.isTurning && abs(ahead) > 1 ? (ahead < 0 ? -1 : 1) : book.run.leafing
    }

    /// The pages on leaf `leaf`'s spread that `book` has: the previous leaf's back on the
    /// left, its own front on the right (the cover's spread, leaf −1, only the cover).
    static func pages(ofLeaf leaf: Int, in book: BookScene) -> [LayerContent] {
        [2 * leaf + 1, 2 * leaf + 2].filter { $0 >= 0 && $0 < book.layout.pageCount }.map { .page(book: book.bookIndex, page: $0) }
    }

    /// The pages beyond `contents`' reach the way the leaves flip, nearest first, wanted as
    /// stand-ins only (their small versions); at rest or turning one leaf, those of the fan
    /// (`fan` leaves either side that the view draws, the book in 3D: mostly their edges
    /// show, and a turn brings the next one in); none zoomed.
    public static func standIns(book: BookScene?, zoomed: Bool, fan: Int = 0) -> [LayerContent] {
        guard let book, !zoomed else { return [] }
        let turning = flipping(book)
        guard turning != 0 else {
            guard fan > spreadReach else { return [] }
            return (spreadReach + 1...fan).flatMap { [book.currentLeaf + $0, book.currentLeaf - $0] }
                .filter { $0 >= book.layout.firstLeaf && $0 < book.layout.leafCount }
                .flatMap { pages(ofLeaf: $0, in: book) }
        }
        let beyond = book.currentLeaf + turning * (spreadReach + turningReach + 1)
        return stride(from: beyond, through: beyond + turning * (standInReach - 1), by: turning)
            .filter { $0 >= book.layout.firstLeaf && $0 < book.layout.leafCount }
            .flatMap { pages(ofLeaf: $0, in: book) }
    }

    /// `centre`: the slot centred on the shelf; `order`: the book in each slot (nil: book i
    /// in slot i).
    public static func contents(book: BookScene?, zoomed: Bool, centredBook centre: Int, bookCount: Int,
                                order: [Int]? = nil) -> [LayerContent] {
        var out: [LayerContent] = []
        if let book {
            let leaf = book.currentLeaf
            let turning = flipping(book)
            let reach = zoomed ? 0 : spreadReach
            // Each distance the way the reader goes first (forwards unless flipping back).
            let onwards = turning < 0 ? -1 : 1
            for distance in 0...(reach + (zoomed || turning == 0 ? 0 : turningReach)) {
                let sides = distance == 0 ? [leaf]
                    : distance <= reach ? [leaf + onwards * distance, leaf - onwards * distance] : [leaf + turning * distance]
                for l in sides where l >= book.layout.firstLeaf && l < book.layout.leafCount {
                    // A leaf's front is on the right; the spread shows the previous leaf's back
                    // (the cover's, leaf −1, has none).
                    out += pages(ofLeaf: l, in: book)
                }
            }
        }
        guard !zoomed else { return out }
        for distance in 0...coverReach {
            for i in Set([centre - distance, centre + distance]).sorted() where (0..<bookCount).contains(i) {
                out.append(.cover(book: order.map { $0.indices.contains(i) ? $0[i] : i } ?? i))
            }
        }
        return out
    }
}

extension FolioApp {
    /// The pages to have small versions of ahead of a flip and in the fan of the scene on top
    /// (`Prefetch.standIns`; not while a transition runs: an opening or `folio BOOK`'s arrival
    /// wants its spread first).
    public func standInContents() -> [LayerContent] {
        if let reading, let column = reading.columnPrefetch() { return column.standIns }
        let fan = navigation.transition == nil ? (navigation.top as? any BookShowing)?.fanLeaves ?? 0 : 0
        return Prefetch.standIns(book: book, zoomed: reading?.zoom.isZoomed ?? false, fan: fan)
    }

    /// The pages a press of `key` would turn the open book onto, flat or in 3D (empty: it
    /// turns onto no other spread, no book is on top and still, or the strip or the list of
    /// keys takes the key). The live viewer lets a key turn only onto pages it has something
    /// to draw for (`HeldKeys`).
    public func pagesTurnedTo(by key: Key, _ modifiers: Modifiers) -> [LayerContent] {
        guard navigation.transition == nil, !strip.isShown, !helpShown, let showing = navigation.top as? any BookShowing,
              let leaf = showing.leafTurned(by: key, modifiers) else { return [] }
        return Prefetch.pages(ofLeaf: leaf, in: showing.book)
    }

    /// What to have ready next (`Prefetch`).
    public func prefetchContents() -> [LayerContent] {
        if let reading, let column = reading.columnPrefetch() { return column.pages }
        let own = navigation.visibleScenes.last?.prefetchContents ?? []
        if !own.isEmpty { return own }
        return Prefetch.contents(book: book, zoomed: reading?.zoom.isZoomed ?? false, centredBook: shelf.centredSlot,
                                 bookCount: library.books.count, order: shelf.order)
    }
}
