/// Which images to have ready next, most wanted first: the open book's pages within two
/// spreads of the reader (nearest first), and while its leaves flip (more than one still to
/// turn), four more the way they go; then the shelf's covers around the centre. (What is on screen comes first anyway:
/// the renderer asks for it as it draws.) While the book is zoomed only its spread: pages
/// are then made up to 4× larger, and a turn shows the next spread whole.
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
    /// Covers either side of the centred one that are made ready.
    static let coverReach = 3

    /// `centre`: the slot centred on the shelf; `order`: the book in each slot (nil: book i
    /// in slot i).
    public static func contents(book: BookScene?, zoomed: Bool, centredBook centre: Int, bookCount: Int,
                                order: [Int]? = nil) -> [LayerContent] {
        var out: [LayerContent] = []
        if let book {
            let leaf = book.currentLeaf
            // The way the leaves flip: +1 forwards, −1 back, 0 at rest or turning one leaf
            // (more than a leaf still to go: a flip, a riffle, a key held).
            let ahead = book.leavesToGo
            let turning = book.isTurning && abs(ahead) > 1 ? (ahead < 0 ? -1 : 1) : 0
            let reach = zoomed ? 0 : spreadReach
            for distance in 0...(reach + (zoomed || turning == 0 ? 0 : turningReach)) {
                let sides = distance <= reach ? Set([leaf + distance, leaf - distance]) : [leaf + turning * distance]
                for l in sides.sorted() where l >= book.layout.firstLeaf && l < book.layout.leafCount {
                    // A leaf's front is on the right; the spread shows the previous leaf's back
                    // (the cover's, leaf −1, has none).
                    for page in [2 * l + 1, 2 * l + 2] where page >= 0 && page < book.layout.pageCount {
                        out.append(.page(book: book.bookIndex, page: page))
                    }
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
    /// What to have ready next (`Prefetch`).
    public func prefetchContents() -> [LayerContent] {
        Prefetch.contents(book: book, zoomed: reading?.zoom.isZoomed ?? false, centredBook: shelf.centredSlot, bookCount: library.books.count, order: shelf.order)
    }
}
