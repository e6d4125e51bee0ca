/// The open book (SPEC §2): leaves that turn about the spine in perspective, paged by one
/// window width of offset per leaf.
public final class BookScene: BookShowing {
    public let kind = SceneKind.book
    public let bookIndex: Int
    public private(set) var layout: BookLayout
    public private(set) var scroller: Scroller
    private var wheel = WheelStepper()

    public static let background = ShelfScene.background
    /// A release faster than this (offset points per second) turns to the next leaf.
    static let pagingVelocity = 300.0

    /// The display page of the last numbered page (End shows its spread, not the back cover).
    public private(set) var lastPage: Int

    /// A right-to-left book: drawn mirrored (the spine on the right, the leaves turning
    /// leftwards as the reader goes on), and the directions of input mirrored with it: Left
    /// turns forward, a click on the left half goes on, a drag to the right turns the leaf.
    /// The paging itself (offsets, leaves, spreads) is the same as a left-to-right book's.
    public var mirrored = false

    /// With one page at a time in the reading view, the page of the spread being read and
    /// the slide between them (`ReadingFocus`).
    public private(set) var focus = ReadingFocus()

    /// The turns following one another the same way (`TurnRun`).
    private(set) var run = TurnRun()

    /// Opens on page 1: the cover alone, unturned, as a printed book lies (`openingLeaf`).
    public init(bookIndex: Int, pageCount: Int, size: Size, pageShape: Size = PageGeometry.size, lastPage: Int? = nil) {
        self.bookIndex = bookIndex
        self.lastPage = lastPage ?? max(pageCount - 2, 0)
        layout = BookLayout(size: size, pageCount: pageCount, pageShape: pageShape)
        scroller = Scroller(range: layout.offsetRange, dimension: size.width)
        scroller.jump(to: Double(openingLeaf) * size.width)
        focus = ReadingFocus(leaf: openingLeaf)
    }

    /// The leaf a book never opened before opens on: the cover's, page 1 alone (zathura,
    /// evince and mcomix open on page 1 too).
    public var openingLeaf: Int { layout.firstLeaf }

    /// The cover is the book's only page.
    public var isOnePage: Bool { lastPage == 0 }

    public var size: Size { layout.size }
    /// Offset, points: one window width per leaf.
    public var offset: Double { scroller.position }
    public var isAtRest: Bool { !isTurning && !focus.isSliding }
    public var inputContext: KeyContext { .book }
    public typealias Pose = BookOpeningPose
    public var restingPose: BookOpeningPose { .open }
    public var transitionAnimator: (any TransitionAnimator)? { BookOpeningTransition() }
    public var deeper: SceneRequest? { .openReading }
    public var back: SceneRequest? { .closeBook }
    /// The book's background is opaque once it is open; until then the shelf shows under it.
    public func isOpaque(in pose: BookOpeningPose) -> Bool { pose.showsBookBackground }

    public func draw(into list: inout DrawList, in pose: BookOpeningPose) {
        if isOpaque(in: pose) { list.background = BookScene.background }
        list.appendSorted(layers(in: pose))
    }
    /// A leaf is moving (dragged or gliding).
    public var isTurning: Bool { scroller.isDragging || scroller.isAnimating }
    /// The leaf the reader is at (its back on the left, the next leaf's front on the right).
    public var currentLeaf: Int { Int((scroller.target / layout.size.width).rounded()) }
    /// The leaf whose spread the window shows now: while leaves turn, the one the turning
    /// leaf has not yet passed halfway (what the page indicator names).
    public var leafShown: Int {
        guard layout.size.width > 0 else { return currentLeaf }
        return min(max(Int((scroller.position / layout.size.width).rounded()), layout.firstLeaf),
                   max(layout.leafCount - 1, layout.firstLeaf))
    }
    /// One page at a time, the page the window shows now: mid-turn, the last page of the
    /// spread being left until the leaf passes halfway; on a spread, the side the view has
    /// slid more than halfway to.
    public var focusPageShown: Int {
        let shown = leafShown
        if shown < currentLeaf { return 2 * shown + 2 }
        if shown > currentLeaf { return 2 * shown + 1 }
        return 2 * shown + (focus.value < 0 ? 1 : 2)
    }
    /// Leaves still to turn before the book rests where it is going: positive forwards,
    /// negative back, zero at rest (a flip, a riffle or a key held leaves more than one).
    public var leavesToGo: Double {
        layout.size.width > 0 ? (scroller.target - scroller.position) / layout.size.width : 0
    }

    public func resize(to size: Size) {
        let old = layout
        layout = BookLayout(size: size, pageCount: old.pageCount, pageShape: old.pageShape)
        layout.readingPages = old.readingPages
        layout.bottomInset = old.bottomInset
        scroller.relayout(range: layout.offsetRange, dimension: size.width, scale: size.width / old.size.width) {
            ($0 / size.width).rounded() * size.width
        }
    }

    /// The book's display pages changed (its pairing shifted): laid out anew at rest on
    /// `leaf`.
    public func relayout(pageCount: Int, lastPage: Int, leaf: Int, pageShape: Size? = nil) {
        self.lastPage = lastPage
        let pages = layout.readingPages
        let inset = layout.bottomInset
        layout = BookLayout(size: layout.size, pageCount: pageCount, pageShape: pageShape ?? layout.pageShape)
        layout.readingPages = pages
        layout.bottomInset = inset
        scroller = Scroller(range: layout.offsetRange, dimension: layout.size.width)
        settle(onLeaf: leaf)
    }

    /// Rests on leaf `leaf` (clamped) at once: a book opening at a remembered spread or at
    /// the page asked for.
    public func settle(onLeaf leaf: Int) {
        scroller.jump(to: Double(min(max(leaf, layout.firstLeaf), max(layout.leafCount - 1, layout.firstLeaf))) * layout.size.width)
        // On the cover's leaf the cover is read at once (it has no left page to slide from).
        if currentLeaf == layout.firstLeaf { focus = ReadingFocus(leaf: currentLeaf) }
    }

    /// Rests at once on the spread showing display page `page`, reading that page when one
    /// page at a time shows (a book opening at the page last read).
    public func settle(onPage page: Int) {
        let leaf = BookScene.leaf(showing: page)
        settle(onLeaf: leaf)
        focus.settle(currentLeaf == leaf && page == 2 * leaf + 2 ? .right : .left, leaf: currentLeaf)
    }

    /// Turns to leaf `leaf` (clamped), gliding there.
    public func turn(toLeaf leaf: Int, at time: Double) {
        run.turned(by: leaf - currentLeaf, at: time)
        scroller.scroll(to: Double(leaf) * layout.size.width, at: time)
    }

    /// Goes to leaf `leaf` (clamped): the next or previous one turns as any turn does; further
    /// away, the leaves between riffle past like a thumbed book's, in `riffleTime(leaves:)`.
    public func riffle(toLeaf leaf: Int, at time: Double) {
        let clamped = min(max(leaf, layout.firstLeaf), max(layout.leafCount - 1, layout.firstLeaf))
        let distance = abs(clamped - currentLeaf)
        guard distance > 1 else { return turn(toLeaf: clamped, at: time) }
        scroller.sweep(to: Double(clamped) * layout.size.width, duration: BookScene.riffleTime(leaves: distance), at: time)
    }

    /// Seconds a riffle across `leaves` leaves takes: longer for more, never over 0.6.
    public static func riffleTime(leaves: Int) -> Double {
        min(0.25 + 0.05 * Double(leaves), 0.6)
    }

    /// The leaf whose spread shows the last numbered page.
    public var lastLeaf: Int {
        min(BookScene.leaf(showing: lastPage), max(layout.leafCount - 1, layout.firstLeaf))
    }

    /// The leaf whose spread shows display page `page`: the cover (0) alone on leaf −1, then
    /// the first spread shows pages 1 and 2, the second 3 and 4, and so on.
    public static func leaf(showing page: Int) -> Int {
        (max(page, 0) + 1) / 2 - 1
    }

    public var book: BookScene { self }
    /// Riffles the leaves to the spread of display page `page`; one page at a time, the page
    /// asked for is the one read, whichever side it is on. (A spread's leaves have no place
    /// on a page to arrive at.)
    public func go(toPage page: Int, arriving: ReadingPlace.Arrival, at time: Double) {
        riffle(toLeaf: BookScene.leaf(showing: page), at: time)
        if layout.readingPages == 1 { read(side: BookLayout.side(of: page), at: time) }
    }
    /// A leaf standing at 90° brings its outer edge a page width nearer the eye, and
    /// perspective makes that edge taller than the page.
    public var pagesBottom: Double {
        let eye = layout.eyeDistance
        let grow = eye / max(eye - layout.pageSize.width, 1)
        return layout.spine.y + layout.pageSize.height / 2 * grow
    }
    public var pageRead: Int? { nil }
    public var pageShown: Int? { nil }
    public var clicksTurn: Bool { true }

    /// Drag distance to offset: a drag across both pages of the spread turns one leaf.
    var dragGain: Double { layout.size.width / (2 * layout.pageSize.width) }

    /// The fan: leaves within `BookLayout.fanReach` of the spread are posed and drawn.
    public var fanLeaves: Int { Int(BookLayout.fanReach.rounded(.up)) }

    public func leafTurned(by key: Key, _ modifiers: Modifiers) -> Int? {
        let leaf: Int
        switch KeyBindings.action(for: readingKey(key), in: .book) {
        case .next?: leaf = currentLeaf + 1
        case .previous?: leaf = currentLeaf - 1
        default: return nil
        }
        return leaf >= layout.firstLeaf && leaf < layout.leafCount ? leaf : nil
    }

    public func handle(_ input: SceneInput, at time: Double) -> SceneRequest? {
        switch input {
        case .key(let key, _):
            let action = KeyBindings.action(for: readingKey(key), in: .book)
            switch action {
            case .next?: turn(toLeaf: currentLeaf + 1, at: time)
            case .previous?: turn(toLeaf: currentLeaf - 1, at: time)
            case .first?: riffle(toLeaf: layout.firstLeaf, at: time)
            case .last?: riffle(toLeaf: lastLeaf, at: time)
            case .close?: return .closeBook
            case .read?: return .openReading
            default: return SceneRequest.inBook(action, key: key)
            }
        case .horizontalWheel(let notches):
            let steps = wheel.steps(adding: mirrored ? -notches : notches)
            if steps != 0 { turn(toLeaf: currentLeaf + steps, at: time) }
        case .doubleClick:
            // A double-click lays the book flat to read it.
            return .openReading
        case .verticalWheel, .pinchZoom, .hover:
            break
        case .pointer(let gesture):
            switch gesture {
            case .click(let point):
                // The half of the spread under the pointer (in the reading view, wherever
                // its zoom put it: the reading scene hands the point over unzoomed).
                turn(toLeaf: currentLeaf + (goesForward(atX: point.x) ? 1 : -1), at: time)
            case .dragBegan:
                scroller.beginDrag(at: time)
            case .dragChanged(_, let delta):
                scroller.drag(by: (mirrored ? delta.x : -delta.x) * dragGain, at: time)
            case .dragEnded:
                let width = layout.size.width
                let here = scroller.position / width
                scroller.endDrag(at: time) { _, velocity in
                    let leaf: Double
                    if velocity > BookScene.pagingVelocity { leaf = here.rounded(.up) }
                    else if velocity < -BookScene.pagingVelocity { leaf = here.rounded(.down) }
                    else { leaf = here.rounded() }
                    return leaf * width
                }
            }
        }
        return nil
    }

    public func update(at time: Double) {
        scroller.update(at: time)
        run.update(at: time)
        focus.update(leaf: currentLeaf, at: time)
        // The cover's spread has no left page: one page at a time, the cover is read.
        if currentLeaf == layout.firstLeaf && focus.side == .left { focus.read(.right, leaf: currentLeaf, at: time) }
    }

    /// Shows one page at a time in the reading view (`pages` 1), or the spread (2). A book
    /// of one page shows it alone, centred, whatever the mode.
    public func setReadingPages(_ pages: Int) {
        layout.readingPages = pages == 1 || isOnePage ? 1 : 2
    }

    /// The thumbnail strip takes `inset` points at the window's bottom (0: none shows): the
    /// pages make room above it.
    public func makeRoom(bottom inset: Double) {
        layout.bottomInset = max(inset, 0)
    }

    /// Reads the `side` page of the spread on screen (one page at a time), sliding to it.
    public func read(side: PageSide, at time: Double) {
        focus.read(side, leaf: currentLeaf, at: time)
    }

    /// The page being read, one page at a time: the left or right page of the current leaf.
    public var focusPage: Int { 2 * currentLeaf + (focus.side == .left ? 1 : 2) }

    /// The page the reader is at, as the book numbers it (`numbering`): the page being read
    /// one page at a time (the side the focus is on, even in the 3D book, so that reading on
    /// opens there), else the first numbered page on the spread; nil on a spread with none.
    public func pageNumber(in numbering: PageNumbering) -> Int? {
        numbering.number(ofDisplayPage: focusPage) ?? numbering.numbers(leaf: currentLeaf).first
    }

    /// The key as it reads in this book's direction: Left and Right swap in a mirrored book.
    func readingKey(_ key: Key) -> Key {
        guard mirrored else { return key }
        switch key {
        case .left: return .right
        case .right: return .left
        default: return key
        }
    }

    /// Whether a click at window x `x` (unzoomed) turns forward: on the half of the spread
    /// the reader goes on to (the right half, the left one in a mirrored book).
    func goesForward(atX x: Double) -> Bool {
        mirrored ? x < layout.spine.x : x >= layout.spine.x
    }
}
