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
    /// The book in each slot (the shelf's order).
    public private(set) var order: [Int]
    private var slots: [Int] = []
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
    /// The ring round the cover selected, and round the one under the pointer.
    public static let selectionColour = RGBA(0.93, 0.91, 0.86)
    public static let hoverColour = RGBA(1, 1, 1, 0.30)

    public init(shelf: ShelfScene, size: Size) {
        self.shelf = shelf
        order = shelf.order
        layout = LibraryGridLayout(size: size, count: shelf.order.count, density: shelf.libraryDensity, shapes: shelf.layout.coverShapes)
        selected = min(shelf.centredSlot, max(shelf.order.count - 1, 0))
        startBook = shelf.centredIndex
        scroller = Scroller(range: layout.range, dimension: size.height)
        slots = LibraryScene.slots(of: order)
        scroller.jump(to: layout.offset(centring: selected))
    }

    private static func slots(of order: [Int]) -> [Int] {
        var slots = Array(repeating: 0, count: order.count)
        for (slot, book) in order.enumerated() where slots.indices.contains(book) { slots[book] = slot }
        return slots
    }

    public var size: Size { layout.size }
    public var inputContext: KeyContext { LibraryScene.context }
    /// How far in the grid is: 0 the shelf's carousel, 1 the grid at rest.
    public var restingPose: Double { 1 }
    public var transitionAnimator: (any TransitionAnimator)? { LibraryTransition() }
    /// The pinch outwards: back to the shelf, centred on the cover under the pointer or selected.
    public var deeper: SceneRequest? { order.isEmpty ? nil : .leave }
    public var back: SceneRequest? { nil }
    public var isAtRest: Bool { !scroller.isDragging && !scroller.isAnimating }
    public func isOpaque(in pose: Double) -> Bool { pose >= 1 }

    /// The book in slot `slot`.
    public func book(inSlot slot: Int) -> Int { order.indices.contains(slot) ? order[slot] : slot }
    /// The slot book `book` stands in.
    public func slot(ofBook book: Int) -> Int { slots.indices.contains(book) ? slots[book] : book }
    /// The book the grid goes back to the shelf on: the one under the pointer, else the one selected.
    public var chosenBook: Int { book(inSlot: hovered ?? selected) }

    // MARK: Input

    public func handle(_ input: SceneInput, at time: Double) -> SceneRequest? {
        guard !order.isEmpty else { return nil }
        switch input {
        case .key(let key, let modifiers):
            switch KeyBindings.action(for: key, modifiers, in: LibraryScene.context) {
            case .next?: select(slot(after: key), at: time)
            case .open?:
                hovered = nil
                // Enter and Space take the selection to the shelf; Escape and Backspace leave it as it was.
                return goBack(toBook: key == .return || key == .space ? book(inSlot: selected) : startBook)
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
                return goBack(toBook: book(inSlot: slot))
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
            shelf.settle(onBook: chosenBook)
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
        case .end: return order.count - 1
        default: return selected
        }
    }

    /// Rows a screen holds (PageDown's step), at least one.
    private var screenRows: Int { max(1, Int((size.height - layout.top) / layout.rowStride)) }

    /// Selects slot `slot` (clamped), scrolling to show it whole.
    private func select(_ slot: Int, at time: Double) {
        let next = min(max(slot, 0), order.count - 1)
        if next != selected { goingDown = next > selected }
        selected = next
        scroller.scroll(to: layout.offset(showing: selected, from: scroller.target), at: time)
        shelf.settle(onBook: chosenBook)
    }

    /// Centres the shelf on `book` and leaves for it.
    private func goBack(toBook book: Int) -> SceneRequest {
        shelf.settle(onBook: book)
        return .leave
    }

    /// The shelf's next order (Tab), taken by the grid too: the book selected stays selected.
    private func reorder(at time: Double) {
        let kept = book(inSlot: selected)
        shelf.settle(onBook: kept)
        shelf.reorder(at: time)
        adoptShelf(keeping: kept)
    }

    /// Takes the shelf's books, order and shapes again (a reorder, a book arrived), the book
    /// `kept` selected and shown.
    private func adoptShelf(keeping kept: Int) {
        order = shelf.order
        slots = LibraryScene.slots(of: order)
        layout = LibraryGridLayout(size: size, count: order.count, density: layout.density, shapes: shelf.layout.coverShapes)
        // A book that went leaves the selection on its slot (the next book's now).
        selected = min(shelf.gone.contains(kept) ? selected : slot(ofBook: kept), max(order.count - 1, 0))
        hovered = nil
        scroller.relayout(range: layout.range, dimension: size.height, scale: 1) { $0 }
        scroller.jump(to: layout.offset(showing: selected, from: scroller.position))
    }

    public func resize(to size: Size) { resize(to: size, density: layout.density) }

    /// Lays the grid out for `size` at `density` (nil: unchanged), the selected cover shown.
    private func resize(to size: Size, density: LibraryGridLayout.Density?) {
        let density = density ?? layout.density
        shelf.libraryDensity = density
        layout = LibraryGridLayout(size: size, count: order.count, density: density, shapes: layout.shapes)
        hovered = nil
        scroller.relayout(range: layout.range, dimension: size.height, scale: 1) { $0 }
        scroller.jump(to: layout.offset(centring: selected))
    }

    public func update(at time: Double) {
        scroller.update(at: time)
        if shelf.order != order || shelf.layout.coverShapes != layout.shapes { adoptShelf(keeping: book(inSlot: selected)) }
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
        return rows.flatMap { row in row.clamped(to: 0..<order.count).map { LayerContent.cover(book: book(inSlot: $0)) } }
    }

    // MARK: TitleFinding

    public var findOrder: [Int] { order }
    public var findPlace: Int { selected }
    public func find(goTo slot: Int, at time: Double) { select(slot, at: time) }

    // MARK: Drawing

    /// The slots whose covers show in the window now.
    public var visibleSlots: [Int] {
        layout.visibleSlots(at: scroller.position).filter {
            let frame = layout.coverFrame(of: $0, at: scroller.position)
            return frame.maxY > 0 && frame.minY < size.height
        }
    }

    public func draw(into list: inout DrawList, in pose: Double) {
        if pose >= 1 { list.background = ShelfScene.background }
        let y = scroller.position
        let shown = layout.visibleSlots(at: y)
        let words = clamp(pose, 0, 1)
        var layers: [Layer] = []
        if pose >= 1 {
            for slot in shown { layers += cell(slot, frame: layout.coverFrame(of: slot, at: y), opacity: 1, marks: 1) }
        } else {
            // Covers on the shelf fly between their place there and their cell; the others
            // fade in at their cells, under them.
            var flying: [(slot: Int, from: Rect)] = []
            var onShelf = Set<Int>()
            for (book, frame) in shelf.coverFrames() {
                flying.append((slot(ofBook: book), frame))
                onShelf.insert(book)
            }
            for slot in shown where !onShelf.contains(book(inSlot: slot)) {
                layers += cell(slot, frame: layout.coverFrame(of: slot, at: y), opacity: words, marks: words)
            }
            for (slot, from) in flying {
                let to = layout.coverFrame(of: slot, at: y)
                let frame = Rect(x: mix(from.minX, to.minX, pose), y: mix(from.minY, to.minY, pose),
                                 width: mix(from.size.width, to.size.width, pose), height: mix(from.size.height, to.size.height, pose))
                layers += cell(slot, frame: frame, opacity: 1, marks: words)
            }
        }
        list.appendFlat(layers)
        list.texts += titles(of: shown, at: y, opacity: words * words)
    }

    /// One cover at `frame` (its cell's, or on its way there), with its ring, bar and ribbon.
    private func cell(_ slot: Int, frame: Rect, opacity: Double, marks: Double) -> [Layer] {
        let book = book(inSlot: slot)
        let cell = layout.coverFrame(of: slot, at: scroller.position)
        guard cell.size.width > 0, frame.size.width > 0 else { return [] }
        let scale = frame.size.width / cell.size.width
        let shape = layout.shapes.indices.contains(slot) ? layout.shapes[slot] : PageGeometry.size
        let cover = Layer(size: cell.size, position: Point(x: frame.midX, y: frame.midY), anchor: Point(x: 0.5, y: 0.5),
                          transform: .scale(scale, scale, 1), opacity: opacity, content: .cover(book: book), side: .right,
                          cornerRadius: PageGeometry.cornerRadius * cell.size.height / max(shape.height, 1))
        var ring: [Layer] = []
        let colour = slot == selected ? LibraryScene.selectionColour : (slot == hovered ? LibraryScene.hoverColour : nil)
        if let colour, marks > 0 {
            let w = 3 * layout.unit
            ring = [ShelfScene.layer(Rect(x: -w, y: -w, width: cell.size.width + 2 * w, height: cell.size.height + 2 * w),
                                     on: cover, colour: colour, opacity: marks)]
        }
        var after: [Layer] = []
        if let readings = shelf.readings {
            let progress = readings.progress(ofBook: book)
            after += ShelfScene.progressBar(on: cover, progress: progress, unit: layout.unit).map {
                var bar = $0
                bar.opacity *= marks
                return bar
            }
            if progress == nil {
                // A ribbon hangs from the top edge, near the spine's far corner: never opened.
                let u = layout.unit, width = 9 * u, height = 26 * u
                after.append(ShelfScene.layer(Rect(x: cell.size.width - width - 12 * u, y: 0, width: width, height: height),
                                              on: cover, colour: LibraryScene.ribbonColour, opacity: marks))
            }
        }
        return ring + [cover] + after
    }

    /// The titles under the covers of `slots`, and the heading over the rows.
    private func titles(of slots: Range<Int>, at y: Double, opacity: Double) -> [TextLayer] {
        guard opacity > 0 else { return [] }
        let u = layout.unit, textSize = max(13 * u, 10)
        var out: [TextLayer] = []
        let heading = "\(Sentence.count(order.count, "book")) \u{00B7} \(shelf.ordering.name) \u{00B7} \(layout.density.name) covers"
        if layout.top / 2 - y > -20 {
            out.append(TextLayer(heading, size: max(15 * u, 11), weight: .bold, position: Point(x: layout.left, y: layout.top / 2 - y),
                                 alignment: .leading, colour: ScreenWords.textColour, opacity: opacity, maxWidth: size.width - 2 * layout.left))
        }
        for slot in slots {
            let box = layout.boxFrame(of: slot, at: y)
            let line = box.maxY + (ShelfScene.barGap + ShelfScene.barHeight) * u + textSize
            guard line > -textSize, line < size.height + textSize else { continue }
            let title = shelf.readings?.title(ofBook: book(inSlot: slot)) ?? ""
            var text = TextLayer(title, size: textSize, weight: slot == selected ? .bold : .regular,
                                 position: Point(x: box.midX, y: line),
                                 colour: slot == selected ? ScreenWords.textColour : ScreenWords.dimColour, opacity: opacity,
                                 maxWidth: box.size.width + layout.gap * 0.8)
            text.canWait = true
            out.append(text)
        }
        return out
    }

    public func trace(into frame: inout TraceFrame) {
        frame.library = TraceFrame.Library(count: order.count, visible: visibleSlots.map(book(inSlot:)),
                                           sort: shelf.ordering.rawValue, selected: book(inSlot: selected), size: layout.density.name)
    }
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
        make: { below, size in
            guard let shelf = below as? ShelfScene, !shelf.order.isEmpty else { return nil }
            return LibraryScene(shelf: shelf, size: size)
        })
}
