/// A scene a find can be typed on (the shelf, the library grid): its books in its order, the
/// place it rests on, and a glide to another (`FindContext`).
public protocol TitleFinding: Scene {
    /// The title in each of its places (slots), in order (a stack's: its series' name).
    var findTitles: [String] { get }
    /// The place it rests on or is gliding to: a find goes on from there.
    var findPlace: Int { get }
    /// Glides to place `slot`.
    func find(goTo slot: Int, at time: Double)
}

/// The shelf (SPEC §1): a row of covers that scrolls, decelerates and snaps to a book, each
/// cover with a bar of how far its book was read, in an order Tab changes (`ShelfOrder`).
/// Its layout and scroll count slots; everything it says of a book (centred, opened,
/// scrolled to) is the book's index in the library.
public final class ShelfScene: Scene, TitleFinding {
    public let kind = SceneKind.shelf
    /// The layout of the slots (a cover's shape is its book's).
    public private(set) var layout: ShelfLayout
    public private(set) var scroller: Scroller
    private var wheel = WheelStepper()
    /// The book in each slot, and the slot of each book: the library's books in `ordering`
    /// (`libraryOrder`), or the books of the series it shows alone.
    public private(set) var order: [Int]
    private var slots: [Int]
    /// Every book on the shelf (none gone), in `ordering`: what the library grid shows.
    public private(set) var libraryOrder: [Int] {
        didSet { booksVersion += 1 }
    }
    /// The series the shelf shows alone (a stack opened in the library grid), and its books
    /// in reading order; nil: the whole library.
    public private(set) var series: (name: String, books: [Int])?
    /// Books no longer on the shelf: their files went from the library's folder while the
    /// viewer ran. They keep their index (everything else that counts books by index stays
    /// right); no slot holds them.
    public private(set) var gone: Set<Int> = []
    /// A book to glide to once the shelf is on top and still (`centreWhenOnTop`).
    private var bookToCentre: Int?
    /// Each book's page shape, by book.
    private var shapes: [Size]
    /// Counts the changes to `libraryOrder` and `shapes`: the grid makes its cells again
    /// when it moves (rather than comparing ten thousand books every frame).
    public private(set) var booksVersion = 0

    /// Book `index`'s page shape (the tutorial's until it is known).
    public func shape(ofBook index: Int) -> Size { shapes.indices.contains(index) ? shapes[index] : PageGeometry.size }
    public private(set) var ordering = ShelfOrder.library
    /// When the order last changed (animation time), for its notice.
    private(set) var orderedAt: Double?
    private var now = 0.0
    /// How far each book was read, when, and its title (nil: no bars, one order).
    public let readings: (any ShelfReadings)?
    /// How large the library grid drew its covers last: it opens at that size again.
    public var libraryDensity = LibraryGridLayout.Density.medium

    public static let background = RGBA(0.16, 0.17, 0.20)

    /// How the shelf shows at one instant: every cover at rest on top; as a book opens over
    /// it, the other covers fading and the centred one hidden (the book takes its place).
    public struct Pose: Equatable, Sendable {
        /// Opacity of every cover but the centred one.
        public var otherCoversOpacity: Double
        /// The centred cover shows only while its book is neither open nor on its way.
        public var showsCentredCover: Bool
        /// Opacity of the centred book's title and the hint under the covers.
        public var wordsOpacity: Double

        /// Every cover and word showing.
        public static let resting = Pose(otherCoversOpacity: 1, showsCentredCover: true, wordsOpacity: 1)
    }

    public init(bookCount: Int, size: Size, coverShapes: [Size] = [], readings: (any ShelfReadings)? = nil) {
        layout = ShelfLayout(size: size, bookCount: bookCount, coverShapes: coverShapes)
        scroller = Scroller(range: layout.range, dimension: size.width)
        order = Array(0..<max(bookCount, 0))
        libraryOrder = order
        slots = order
        shapes = coverShapes
        self.readings = readings
    }

    public var size: Size { layout.size }
    /// SPEC §1's p, points.
    public var position: Double { scroller.position }
    /// The book centred (its index in the library).
    public var centredIndex: Int { book(inSlot: centredSlot) }
    /// The slot centred.
    public var centredSlot: Int { layout.centredIndex(at: scroller.position) }
    public var isAtRest: Bool { !scroller.isDragging && !scroller.isAnimating && orderNoticeOpacity == 0 }

    /// The book in slot `slot` (the slot itself past the books).
    func book(inSlot slot: Int) -> Int { order.indices.contains(slot) ? order[slot] : slot }
    /// The slot book `index` stands in (the index itself past the books).
    func slot(ofBook index: Int) -> Int { slots.indices.contains(index) ? slots[index] : index }
    public var inputContext: KeyContext { .shelf }
    public var restingPose: Pose { .resting }
    public var transitionAnimator: (any TransitionAnimator)? { nil }
    public var deeper: SceneRequest? { layout.bookCount > 0 ? .openBook(centredIndex) : nil }
    public var back: SceneRequest? { nil }
    public func isOpaque(in pose: Pose) -> Bool { true }

    public func draw(into list: inout DrawList, in pose: Pose) {
        list.background = ShelfScene.background
        list.appendFlat(layers(in: pose))
    }

    public func resize(to size: Size) {
        let old = layout
        layout = ShelfLayout(size: size, bookCount: old.bookCount, coverShapes: old.coverShapes)
        let layout = self.layout
        scroller.relayout(range: layout.range, dimension: size.width,
                          scale: old.stride > 0 ? layout.stride / old.stride : 1) {
            layout.snapTarget(rest: $0, velocity: 0)
        }
    }

    /// Takes the books' cover shapes anew, by book (a drop added some at the end of the
    /// shelf), keeping the shelf where it is.
    public func setCoverShapes(_ shapes: [Size]) {
        guard shapes != self.shapes else { return }
        let known = bookTotal
        self.shapes = shapes
        booksVersion += 1
        if shapes.count != known {
            let arrived = (min(known, shapes.count)..<shapes.count).filter { !gone.contains($0) }
            libraryOrder = libraryOrder.filter { $0 < shapes.count } + arrived
            if series == nil { order = libraryOrder }
        }
        relayout(keepingBook: nil)
    }

    /// Shows the books `books` of the series `name` alone, in the order given (nil: the whole
    /// library again), centred on `book` (nil: the first), at once.
    public func show(series name: String?, books: [Int] = [], centredOn book: Int? = nil) {
        let shown = books.filter { !gone.contains($0) }
        if let name, !shown.isEmpty {
            series = (name, shown)
            order = shown
        } else {
            series = nil
            order = libraryOrder
        }
        relayout(keepingBook: book ?? order.first)
    }

    /// Books in the library, on the shelf or gone (indices run below it).
    private var bookTotal: Int { max(shapes.count, (libraryOrder.max() ?? -1) + 1, (gone.max() ?? -1) + 1) }

    /// Book `a` comes before book `b` in their series (`BookSeries.reading`).
    func seriesReading(_ a: Int, _ b: Int) -> Bool {
        BookSeries.reading((readings?.series(ofBook: a), readings?.title(ofBook: a) ?? "", a),
                           before: (readings?.series(ofBook: b), readings?.title(ofBook: b) ?? "", b))
    }

    /// Takes `books` off the shelf (their files went): the book centred stays centred, or,
    /// if it went, the one after it takes its place (the one before, at the end).
    public func remove(books: Set<Int>) {
        if let waiting = bookToCentre, books.contains(waiting) { bookToCentre = nil }
        let going = books.subtracting(gone)
        // A book may go from the library while the shelf shows a series it is not in.
        guard !going.isEmpty, libraryOrder.contains(where: going.contains) else { return }
        gone.formUnion(going)
        let slot = targetSlot
        let kept = order.isEmpty ? nil : order[slot...].first { !going.contains($0) } ?? order[..<slot].last { !going.contains($0) }
        libraryOrder.removeAll(where: going.contains)
        if let shown = series {
            let books = shown.books.filter { !going.contains($0) }
            series = books.isEmpty ? nil : (shown.name, books)
        }
        order = series?.books ?? libraryOrder
        relayout(keepingBook: kept)
    }

    /// Puts the books in the order `next` (by default the one after this one), the book
    /// centred, or being glided to, centred at once in its new slot; noted at `time` for
    /// the notice.
    public func reorder(_ next: ShelfOrder? = nil, at time: Double, noting: Bool = true) {
        guard !scroller.isDragging else { return }
        let kept = targetIndex
        ordering = next ?? ordering.next
        if noting { orderedAt = time }
        now = max(now, time)
        libraryOrder = ordering.books(count: bookTotal, readings: readings).filter { !gone.contains($0) }
        if let shown = series {
            // A series alone: in reading order as listed, else in the order chosen.
            let members = Set(shown.books)
            let books = ordering == .library ? shown.books.sorted(by: seriesReading) : libraryOrder.filter(members.contains)
            series = (shown.name, books)
        }
        order = series?.books ?? libraryOrder
        relayout(keepingBook: order.isEmpty ? nil : kept)
    }

    /// Lays the slots out for the books in `order`, and centres book `kept` at once (nil:
    /// the shelf stays where it is).
    private func relayout(keepingBook kept: Int?) {
        slots = Array(repeating: 0, count: bookTotal)
        for (slot, book) in order.enumerated() { slots[book] = slot }
        layout = ShelfLayout(size: size, bookCount: order.count,
                             coverShapes: order.map { shapes.indices.contains($0) ? shapes[$0] : PageGeometry.size })
        let layout = self.layout
        scroller.relayout(range: layout.range, dimension: size.width, scale: 1) {
            layout.snapTarget(rest: $0, velocity: 0)
        }
        if let kept { scroller.jump(to: Double(slot(ofBook: kept)) * layout.stride) }
    }

    /// Centres book `index` by gliding there.
    public func scroll(toBook index: Int, at time: Double) {
        scroller.scroll(to: Double(slot(ofBook: index)) * layout.stride, at: time)
    }

    /// Glides to book `index` once the shelf is on top with nothing running
    /// (`glideToWaitingBook`): a book dropped on an open book waits for it to close.
    func centreWhenOnTop(_ index: Int?) {
        bookToCentre = index
    }

    /// Glides to the book waiting to be centred, if one is (the app calls it while the shelf
    /// is on top with nothing running).
    func glideToWaitingBook(at time: Double) {
        guard let index = bookToCentre else { return }
        bookToCentre = nil
        scroll(toBook: index, at: time)
    }

    /// Centres book `index` at once (used before a book opens).
    public func settle(onBook index: Int) {
        scroller.jump(to: Double(slot(ofBook: index)) * layout.stride)
    }

    /// The book the shelf rests on, or is gliding to.
    public var targetIndex: Int { book(inSlot: targetSlot) }
    var targetSlot: Int { layout.centredIndex(at: scroller.target) }

    public func handle(_ input: SceneInput, at time: Double) -> SceneRequest? {
        // Escape never quits here (a reflex Escape after a find would end the program): Ctrl+Q
        // and the window's close button do.
        guard layout.bookCount > 0 else { return nil }
        switch input {
        case .key(let key, _):
            switch KeyBindings.action(for: key, in: .shelf) {
            case .next?: scroll(toSlot: min(targetSlot + 1, layout.bookCount - 1), at: time)
            case .previous?: scroll(toSlot: max(targetSlot - 1, 0), at: time)
            // Home and End share a row of the key table.
            case .first?: scroll(toSlot: key == .end ? layout.bookCount - 1 : 0, at: time)
            case .open?: return .openBook(targetIndex)
            case .close?: if series != nil { show(series: nil, centredOn: targetIndex) }
            case .order?: reorder(at: time)
            case .quit?: return .quit
            default: break
            }
        case .horizontalWheel(let notches):
            let steps = wheel.steps(adding: notches)
            if steps != 0 {
                scroll(toSlot: Int(clamp(Double(targetSlot + steps), 0, Double(layout.bookCount - 1))), at: time)
            }
        case .pointer(let gesture):
            switch gesture {
            case .click(let point):
                guard let slot = layout.index(at: point, p: scroller.position) else { return nil }
                if slot == centredSlot && abs(scroller.target - Double(slot) * layout.stride) < 1 {
                    return .openBook(book(inSlot: slot))
                }
                scroll(toSlot: slot, at: time)
            case .dragBegan:
                scroller.beginDrag(at: time)
            case .dragChanged(_, let delta):
                scroller.drag(by: -delta.x, at: time)
            case .dragEnded:
                let layout = self.layout
                scroller.endDrag(at: time) { layout.snapTarget(rest: $0, velocity: $1) }
            }
        case .verticalWheel, .pinchZoom, .doubleClick, .hover:
            break
        }
        return nil
    }

    public func update(at time: Double) {
        now = time
        scroller.update(at: time)
    }

    /// Centres slot `slot` by gliding there.
    func scroll(toSlot slot: Int, at time: Double) {
        scroller.scroll(to: Double(slot) * layout.stride, at: time)
    }

    public var findTitles: [String] { order.map { readings?.title(ofBook: $0) ?? "" } }
    public var findPlace: Int { targetSlot }
    public func find(goTo slot: Int, at time: Double) { scroll(toSlot: slot, at: time) }

    /// Each cover on screen and its frame in the window at rest (the library grid's covers
    /// fly from and to these).
    public func coverFrames() -> [(book: Int, frame: Rect)] {
        let p = scroller.position
        return covers().map { cover in
            let size = layout.coverSize(of: cover.slot)
            let width = size.width * cover.scale, height = size.height * cover.scale
            return (cover.book, Rect(x: layout.centerX(of: cover.slot, at: p) - width / 2, y: self.size.height / 2 - height / 2,
                                     width: width, height: height))
        }
    }

    /// Seconds the order's notice stays after Tab, then fades (`OnScreenText.fadeTime`).
    public static let orderNoticeTime = 2.0

    /// The order's notice's opacity now.
    public var orderNoticeOpacity: Double {
        OnScreenText.fading(since: orderedAt, hold: ShelfScene.orderNoticeTime, at: now)
    }

    /// One cover as the shelf shows it.
    public struct CoverPose: Equatable, Sendable {
        public var book: Int
        public var scale: Double
        public var alpha: Double
        /// Its slot on the shelf.
        public var slot: Int
    }

    /// The covers on screen as `pose` shows them (every cover, unless a book is open or
    /// on its way).
    public func covers(in pose: Pose = .resting) -> [CoverPose] {
        let p = scroller.position
        let centre = centredSlot
        return layout.visibleIndices(at: p).map { i in
            let alpha = i == centre ? (pose.showsCentredCover ? 1 : 0) : pose.otherCoversOpacity
            return CoverPose(book: book(inSlot: i), scale: layout.scale(of: i, at: p), alpha: alpha, slot: i)
        }
    }

    /// The covers, each followed by its progress bar (`ShelfScene+Progress`).
    public func layers(in pose: Pose = .resting) -> [Layer] {
        let p = scroller.position
        let radius = PageGeometry.cornerRadius * layout.unit
        return covers(in: pose).flatMap { cover in
            let layer = Layer(size: layout.coverSize(of: cover.slot),
                              position: Point(x: layout.centerX(of: cover.slot, at: p), y: size.height / 2),
                              anchor: Point(x: 0.5, y: 0.5), transform: .scale(cover.scale, cover.scale, 1),
                              opacity: cover.alpha, content: .cover(book: cover.book), side: .right,
                              cornerRadius: radius)
            return [layer] + progressBar(on: layer, progress: readings?.progress(ofBook: cover.book))
        }
    }
}
