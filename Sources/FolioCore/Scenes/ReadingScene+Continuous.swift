/// Continuous scroll in the reading view (`ContinuousColumn`): the default for documents,
/// C turns it on and off. The book's leaf follows the page at the window's top, so the book
/// in 3D, the strip, the indicator and the remembered place all name the page being read.
extension ReadingScene {
    /// The pages one under another (nil: leaves, one or two side by side).
    public var isContinuous: Bool { column != nil }

    /// The page the view starts from: the page read one at a time, else the spread's first.
    var pageOnBook: Int {
        let last = max(book.lastPage, 0)
        return min(max(book.layout.readingPages == 1 || book.currentLeaf < 0 ? book.focusPage : 2 * book.currentLeaf + 1, 0), last)
    }

    /// The column for the book as it is laid out now, resting on `place`.
    func makeColumn(on place: ReadingPlace) -> ContinuousColumn {
        var column = ContinuousColumn(pages: Array(0...max(book.lastPage, 0)), page: book.layout.pageSize,
                                      viewport: viewport, area: book.layout.readingArea, fit: fit)
        column.settle(on: place)
        return column
    }

    /// Where the reader is: in the column, its line at the window's top edge; in pages, the
    /// page read and the fraction of it above the window's top edge.
    public var place: ReadingPlace {
        if let column { return column.place }
        let shown = visiblePlaces()
        if let first = shown.first { return ReadingPlace(page: first.page, top: first.top) }
        return ReadingPlace(page: pageOnBook)
    }

    /// Continuous scroll on or off, the same line of the same page at the top.
    public func setContinuous(_ on: Bool) {
        guard on != isContinuous else { return }
        let kept = place
        if on {
            column = makeColumn(on: kept)
        } else {
            column = nil
            book.settle(onPage: kept.page)
            shownPage = (book.currentLeaf, book.layout.readingPages == 1 ? book.focus.side : .left)
            zoom = BookZoom(window: viewport, spread: book.layout.readingFrame)
            zoom.settle(on: fitTransform(.top))
            if fit != .page, kept.top > 0 { zoom.settle(on: fitTransform(.line(kept.top))) }
        }
    }

    /// The book's leaf follows the column's page at the reading line (at once: the book in
    /// 3D is under the view, unseen).
    func followColumn() {
        guard let column, book.isAtRest else { return }
        let page = column.pageRead
        guard page != book.focusPage || (book.layout.readingPages == 2 && BookScene.leaf(showing: page) != book.currentLeaf) else { return }
        book.settle(onPage: page)
        shownPage = (book.currentLeaf, book.layout.readingPages == 1 ? book.focus.side : .left)
    }

    /// The column's pages as layers: flat, facing the reader, scaled to the window.
    func columnLayers(_ column: ContinuousColumn) -> [Layer] {
        column.shown().map { page, frame in
            Layer(size: column.page, position: Point(x: frame.minX, y: frame.minY), anchor: Point(x: 0, y: 0),
                  transform: .scale(column.scale, column.scale, 1), content: .page(book: book.bookIndex, page: page),
                  side: BookLayout.side(of: page), cornerRadius: book.layout.cornerRadius)
        }
    }

    /// Goes to display page `page` as `arrival` says: the column glides there; in pages the
    /// leaves riffle and the page comes into view there.
    public func go(toPage page: Int, arriving: ReadingPlace.Arrival, at time: Double) {
        if var column {
            column.go(to: page, arriving, at: time)
            self.column = column
            return
        }
        arrival = arriving
        book.riffle(toLeaf: BookScene.leaf(showing: page), at: time)
        // One page at a time, the page asked for is the one read, whichever side it is on.
        if book.layout.readingPages == 1 { book.read(side: BookLayout.side(of: page), at: time) }
        // Already there: the place on it at once.
        if BookScene.leaf(showing: page) == shownPage.leaf, fit != .page { zoom.show(fitTransform(arriving), at: time) }
    }

    /// Input in the column, beyond what pages take the same way (the zoom, the keys that ask
    /// the app): the keys and the wheel scroll, Right and Left go a page on or back (to its
    /// top), Home and End to the book's ends; a drag moves the pages with the pointer. A
    /// click does nothing (a link's is taken before it comes here).
    func handleInColumn(_ input: SceneInput, at time: Double) -> SceneRequest? {
        guard var column else { return nil }
        defer { self.column = column }
        switch input {
        case .key(let key, let modifiers):
            switch KeyBindings.action(for: key, modifiers, in: .reading) {
            case .next? where key == .right || key == .left:
                column.go(to: neighbour(of: column, by: 1), .top, at: time)
            case .previous? where key == .right || key == .left:
                column.go(to: neighbour(of: column, by: -1), .top, at: time)
            case .next?, .scrollDown?: column.scrollScreen(down: true, at: time)
            case .previous?, .scrollUp?: column.scrollScreen(down: false, at: time)
            case .first?: column.go(to: column.pages.first ?? 0, .top, at: time)
            case .last?: column.go(to: column.pages.last ?? 0, .bottom, at: time)
            default: break
            }
        case .verticalWheel(let notches):
            // Down (negative notches) goes on: a notch is a few lines, a touchpad's part of
            // one as it comes.
            column.scroll(by: -notches * ReadingScene.wheelStep * book.layout.unit, at: time)
        case .horizontalWheel(let notches):
            column.drag(by: Point(x: notches * ReadingScene.wheelStep * book.layout.unit, y: 0))
        case .pinchZoom, .doubleClick, .hover:
            break
        case .pointer(let gesture):
            if case .dragChanged(_, let delta) = gesture { column.drag(by: delta) }
        }
        return nil
    }

    /// In the column, the pages to have ready, most wanted first: those on screen, then
    /// `pagesBelow` under them (reading on) and one above; and beyond those, `standInsBelow`
    /// more as small versions only, drawn scaled should a page come late. Pages at fit width
    /// are large (about 9 MB at 1280×800, 19 MB at 1920×1080): the leaves' reach of two
    /// spreads either side overran the texture budget and evicted pages on screen. Nil in
    /// pages.
    public func columnPrefetch() -> (pages: [LayerContent], standIns: [LayerContent])? {
        guard let column else { return nil }
        let shown = column.shown().compactMap { column.pages.firstIndex(of: $0.page) }
        guard let first = shown.first, let last = shown.last else { return ([], []) }
        let count = column.pages.count
        let below = (last + 1)..<min(last + 1 + ReadingScene.pagesBelow, count)
        let further = below.upperBound..<min(below.upperBound + ReadingScene.standInsBelow, count)
        let indices = shown + Array(below) + (first > 0 ? [first - 1] : [])
        let page = { (i: Int) in LayerContent.page(book: self.book.bookIndex, page: column.pages[i]) }
        return (indices.map(page), further.map(page))
    }

    /// Pages under those on screen decoded ahead in the column, and small versions beyond.
    static let pagesBelow = 3
    static let standInsBelow = 8

    /// Window points a wheel notch scrolls at 1280×800.
    public static let wheelStep = 120.0

    /// The display page `step` pages from the one at the window's top: Right goes to the
    /// next page's top and Left to the previous one's, as they turn a leaf in pages.
    private func neighbour(of column: ContinuousColumn, by step: Int) -> Int {
        let place = column.place
        guard let index = column.pages.firstIndex(of: place.page) else { return place.page }
        return column.pages[min(max(index + step, 0), column.pages.count - 1)]
    }
}
