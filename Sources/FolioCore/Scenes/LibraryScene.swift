/// The library grid: every book's cover in rows, one pinch further out than the shelf. A pinch
/// inwards on the shelf (the wheel down, Ctrl+wheel down, fingers closing) or Down pushes it,
/// each cover flying from its place on the shelf to its cell (`LibraryTransition`); a click on
/// a cover, Enter, or the pinch outwards goes back to the shelf centred on that cover (the one
/// under the pointer, else the one selected), and Escape to the shelf as it was. The grid
/// shows the books in the shelf's order (Tab changes both), each cover with its reading bar,
/// its title, and a ribbon on a book never opened; the wheel, a drag and the keys scroll it,
/// typing finds a title (`TitleFinding`), Ctrl+= and Ctrl+− change the covers' size.
///
/// It is a registered scene (`LibraryScene.entry` in `SceneCatalog`): FolioApp knows nothing
/// of it.
public final class LibraryScene: Scene, WheelReading, TitleFinding {
    public static let sceneKind = SceneKind(rawValue: "library")
    public static let context = KeyContext("library", heading: "In the library grid:")
    public let kind = LibraryScene.sceneKind

    /// The shelf under it: its order, its readings and its covers' places; kept centred on
    /// the book the grid would go back to, so a pinch outwards lands there.
    public let shelf: ShelfScene
    public private(set) var layout: LibraryGridLayout
    /// The offset down the rows (`LibraryGridLayout`'s y).
    public private(set) var scroller: Scroller
    /// What a cell holds: one book, or a stack of the books of one series (two or more:
    /// a ComicInfo.xml's Series, or a sub-folder of the library), in reading order.
    public enum Item: Equatable, Sendable {
        case book(Int)
        case stack(name: String, books: [Int])

        /// The book whose cover shows (a stack's first).
        public var top: Int {
            switch self {
            case .book(let book): return book
            case .stack(_, let books): return books[0]
            }
        }

        public var books: [Int] {
            switch self {
            case .book(let book): return [book]
            case .stack(_, let books): return books
            }
        }
    }

    /// The cell in each slot: the shelf's books in its order, a series stacked where its
    /// first book falls.
    public private(set) var items: [Item] = []
    /// The book whose cover each slot shows.
    public var order: [Int] { items.map(\.top) }
    /// The slot of each book (a stacked book's: its stack's).
    private var slots: [Int] = []
    /// The shelf's library order the items were made from.
    private(set) var madeFrom: [Int] = []
    /// The shelf's books and shapes the items were made with (`ShelfScene.booksVersion`).
    private var booksSeen = 0
    /// The stack the shelf showed alone as the grid opened (Escape goes back to it).
    private let startSeries: (name: String, books: [Int])?
    /// The slot selected: keys move it, Enter goes back to the shelf on it.
    public private(set) var selected: Int
    /// The slot whose cover is under the pointer, if one is.
    public private(set) var hovered: Int?
    /// The book the shelf centred as the grid opened: Escape goes back to it.
    private let startBook: Int
    /// The way it last scrolled: down the rows (true) or up (what is made ready first).
    private var goingDown = true

    /// Points a wheel notch scrolls at unit scale.
    public static let wheelStep = 110.0
    /// The ribbon on a book never opened.
    public static let ribbonColour = RGBA(0.95, 0.62, 0.30)
    /// The edges of the covers behind a series' stack, the furthest darker.
    public static let stackColours = (front: RGBA(0.80, 0.78, 0.74), back: RGBA(0.58, 0.57, 0.55))

    /// How far a series was read, as its stack's bar shows it: the share of its books read
    /// to their end (all of them: finished); nil while none was opened.
    static func progress(ofSeries books: [Int], _ readings: any ShelfReadings) -> ReadingProgress? {
        let read = books.map(readings.progress(ofBook:))
        guard read.contains(where: { $0 != nil }) else { return nil }
        let finished = read.filter { $0?.finished == true }.count
        return ReadingProgress(fraction: Double(finished) / Double(books.count), finished: finished == books.count)
    }

    /// The ring round the cover selected, and round the one under the pointer.
    public static let selectionColour = RGBA(0.93, 0.91, 0.86)
    public static let hoverColour = RGBA(1, 1, 1, 0.30)

    public init(shelf: ShelfScene, size: Size) {
        self.shelf = shelf
        startBook = shelf.centredIndex
        startSeries = shelf.series
        layout = LibraryGridLayout(size: size, count: 0, density: shelf.libraryDensity)
        selected = 0
        scroller = Scroller(range: layout.range, dimension: size.height)
        makeItems()
        scroller = Scroller(range: layout.range, dimension: size.height)
        selected = min(slot(ofBook: startBook), max(items.count - 1, 0))
        scroller.jump(to: layout.offset(centring: selected))
    }

    /// The cells from the shelf's library order: a series of two books or more stacked
    /// where its first book falls, its books in reading order.
    private func makeItems() {
        madeFrom = shelf.libraryOrder
        booksSeen = shelf.booksVersion
        var members: [String: [Int]] = [:]
        for book in madeFrom {
            if let name = shelf.readings?.series(ofBook: book)?.name { members[name, default: []].append(book) }
        }
        var placed: Set<String> = []
        items = []
        for book in madeFrom {
            guard let name = shelf.readings?.series(ofBook: book)?.name, let books = members[name], books.count > 1 else {
                items.append(.book(book))
                continue
            }
            guard placed.insert(name).inserted else { continue }
            items.append(.stack(name: name, books: books.sorted(by: shelf.seriesReading)))
        }
        slots = Array(repeating: 0, count: (madeFrom.max() ?? -1) + 1)
        for (slot, item) in items.enumerated() {
            for book in item.books { slots[book] = slot }
        }
        layout = LibraryGridLayout(size: size, count: items.count, density: layout.density,
                                   shapes: items.map { shelf.shape(ofBook: $0.top) })
    }

    public var size: Size { layout.size }
    public var inputContext: KeyContext { LibraryScene.context }
    /// How far in the grid is: 0 the shelf's carousel, 1 the grid at rest.
    public var restingPose: Double { 1 }
    public var transitionAnimator: (any TransitionAnimator)? { LibraryTransition() }
    /// The pinch outwards: back to the shelf, centred on the cover under the pointer or selected.
    public var deeper: SceneRequest? { items.isEmpty ? nil : .leave }
    public var back: SceneRequest? { nil }
    public var isAtRest: Bool { !scroller.isDragging && !scroller.isAnimating }
    public func isOpaque(in pose: Double) -> Bool { pose >= 1 }

    /// The book in slot `slot`.
    public func book(inSlot slot: Int) -> Int { items.indices.contains(slot) ? items[slot].top : slot }
    /// The slot book `book` stands in.
    public func slot(ofBook book: Int) -> Int { slots.indices.contains(book) ? slots[book] : book }
    /// The book the grid goes back to the shelf on: the one under the pointer, else the one selected.
    public var chosenBook: Int { book(inSlot: hovered ?? selected) }

    // MARK: Input

    public func handle(_ input: SceneInput, at time: Double) -> SceneRequest? {
        guard !items.isEmpty else { return nil }
        switch input {
        case .key(let key, let modifiers):
            switch KeyBindings.action(for: key, modifiers, in: LibraryScene.context) {
            case .next?: select(slot(after: key), at: time)
            case .open?:
                hovered = nil
                // Enter and Space take the selection to the shelf; Escape and Backspace leave it as it was.
                if key == .return || key == .space { return goBack(to: selected) }
                shelf.show(series: startSeries?.name, books: startSeries?.books ?? [], centredOn: startBook)
                return .leave
            case .order?: reorder(at: time)
            case .zoomIn?:
                let smaller = key == .minus || key == .keypadMinus
                resize(to: size, density: LibraryGridLayout.Density(rawValue: layout.density.rawValue + (smaller ? -1 : 1)))
            default: break
            }
        case .verticalWheel(let notches):
            // Down (negative notches) goes on down the rows.
            scroller.scroll(to: scroller.target - notches * LibraryScene.wheelStep * layout.unit, at: time)
            if notches != 0 { goingDown = notches < 0 }
        case .pointer(let gesture):
            switch gesture {
            case .click(let point):
                guard let slot = layout.slot(at: point, y: scroller.position) else { return nil }
                selected = slot
                hovered = nil
                return goBack(to: slot)
            case .dragBegan:
                scroller.beginDrag(at: time)
            case .dragChanged(_, let delta):
                scroller.drag(by: -delta.y, at: time)
                if delta.y != 0 { goingDown = delta.y < 0 }
            case .dragEnded:
                scroller.endDrag(at: time) { rest, _ in rest }
            }
        case .hover(let point):
            hovered = layout.slot(at: point, y: scroller.position)
            aimShelf()
        case .horizontalWheel, .pinchZoom, .doubleClick:
            break
        }
        return nil
    }

    /// The slot a selection key moves to: a book either way, a row up or down (none past the
    /// first row), a screen of rows, the first or the last.
    private func slot(after key: Key) -> Int {
        let columns = layout.columns
        switch key {
        case .right: return selected + 1
        case .left: return selected - 1
        case .down: return selected + columns
        case .up: return selected >= columns ? selected - columns : selected
        case .pagedown: return selected + columns * screenRows
        case .pageup: return selected - columns * screenRows
        case .home: return 0
        case .end: return items.count - 1
        default: return selected
        }
    }

    /// Rows a screen holds (PageDown's step), at least one.
    private var screenRows: Int { max(1, Int((size.height - layout.top) / layout.rowStride)) }

    /// Selects slot `slot` (clamped), scrolling to show it whole.
    private func select(_ slot: Int, at time: Double) {
        let next = min(max(slot, 0), items.count - 1)
        if next != selected { goingDown = next > selected }
        selected = next
        scroller.scroll(to: layout.offset(showing: selected, from: scroller.target), at: time)
        aimShelf()
    }

    /// Puts the shelf on the item in `slot` (a stack: its books alone, the first centred; a
    /// book: the whole library, it centred) and leaves for it.
    private func goBack(to slot: Int) -> SceneRequest {
        aim(at: slot)
        return .leave
    }

    /// Keeps the shelf under the grid on the item a pinch outwards would go back to (the one
    /// under the pointer, else the one selected).
    private func aimShelf() { aim(at: hovered ?? selected) }

    private func aim(at slot: Int) {
        guard items.indices.contains(slot) else { return }
        switch items[slot] {
        case .book(let book): shelf.show(series: nil, centredOn: book)
        case .stack(let name, let books): shelf.show(series: name, books: books)
        }
    }

    /// The shelf's next order (Tab), taken by the grid too: the book selected stays selected.
    private func reorder(at time: Double) {
        let kept = book(inSlot: selected)
        shelf.reorder(at: time)
        adoptShelf(keeping: kept)
    }

    /// Takes the shelf's books, order and shapes again (a reorder, a book arrived), the book
    /// `kept` selected and shown.
    private func adoptShelf(keeping kept: Int) {
        makeItems()
        // A book that went leaves the selection on its slot (the next book's now).
        selected = min(shelf.gone.contains(kept) ? selected : slot(ofBook: kept), max(items.count - 1, 0))
        hovered = nil
        scroller.relayout(range: layout.range, dimension: size.height, scale: 1) { $0 }
        scroller.jump(to: layout.offset(showing: selected, from: scroller.position))
    }

    public func resize(to size: Size) { resize(to: size, density: layout.density) }

    /// Lays the grid out for `size` at `density` (nil: unchanged), the selected cover shown.
    private func resize(to size: Size, density: LibraryGridLayout.Density?) {
        let density = density ?? layout.density
        shelf.libraryDensity = density
        layout = LibraryGridLayout(size: size, count: items.count, density: density, shapes: layout.shapes)
        hovered = nil
        scroller.relayout(range: layout.range, dimension: size.height, scale: 1) { $0 }
        scroller.jump(to: layout.offset(centring: selected))
    }

    public func update(at time: Double) {
        scroller.update(at: time)
        if shelf.booksVersion != booksSeen {
            adoptShelf(keeping: book(inSlot: selected))
        }
    }

    /// Rows made ready beyond the window: three the way the grid scrolls, one the other way.
    public static let prefetchRows = (ahead: 3, behind: 1)

    /// The covers of the rows just off screen, the way the grid goes first, nearest first.
    public var prefetchContents: [LayerContent] {
        let shown = layout.visibleSlots(at: scroller.position)
        guard !shown.isEmpty else { return [] }
        let columns = layout.columns
        let down = goingDown
        let (below, above) = down ? (LibraryScene.prefetchRows.ahead, LibraryScene.prefetchRows.behind)
                                  : (LibraryScene.prefetchRows.behind, LibraryScene.prefetchRows.ahead)
        var rows: [Range<Int>] = []
        for distance in 0..<max(below, above) {
            let after = (shown.upperBound + distance * columns)..<(shown.upperBound + (distance + 1) * columns)
            let before = (shown.lowerBound - (distance + 1) * columns)..<(shown.lowerBound - distance * columns)
            let pair = down ? [distance < below ? after : nil, distance < above ? before : nil]
                            : [distance < above ? before : nil, distance < below ? after : nil]
            rows += pair.compactMap { $0 }
        }
        return rows.flatMap { row in row.clamped(to: 0..<items.count).map { LayerContent.cover(book: book(inSlot: $0)) } }
    }

    // MARK: TitleFinding

    public var findTitles: [String] {
        items.map { item in
            if case .stack(let name, _) = item { return name }
            return shelf.readings?.title(ofBook: item.top) ?? ""
        }
    }
    public var findPlace: Int { selected }
    public func find(goTo slot: Int, at time: Double) { select(slot, at: time) }

}

extension LibraryScene {
    /// Its keys: the one table's rows for the grid (`KeyBindings.all` takes them from the catalog).
    /// Four rows, so the list of keys still fits 800×600: the selection keys named together.
    public static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.right, .left, .down, .up, .pagedown, .pageup, .home, .end], named: "Arrows, Home, End",
                   context: context, action: .next, help: "select a book (PageUp/Down: a screen)"),
        KeyBinding(keys: [.return, .space, .escape, .backspace], named: "Enter; Escape", context: context, action: .open,
                   help: "the shelf, on the book selected; as it was"),
        KeyBinding(keys: [.tab], context: context, action: .order, help: "order, as Tab on the shelf"),
        KeyBinding(keys: [.equals, .plus, .keypadPlus, .minus, .keypadMinus], modifiers: [.ctrl], named: "Ctrl+=, Ctrl+-",
                   context: context, action: .zoomIn, help: "larger or smaller covers"),
    ]

    /// Its registration: Down (or a pinch inwards) on the shelf brings it up over the shelf.
    public static let entry = SceneEntry(
        key: .down, from: .shelf, help: "the library grid (also the wheel down)",
        context: context, bindings: bindings, pinchedIn: true,
        make: { making in
            guard let shelf = making.below as? ShelfScene, !shelf.libraryOrder.isEmpty else { return nil }
            return LibraryScene(shelf: shelf, size: making.size)
        })
}
