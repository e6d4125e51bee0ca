import RealModule

/// The reading view, one level past the open book (the Paper app's move from a notebook to
/// a page): the same book's spread lying flat, facing the reader and filling the window.
/// Leaves still turn about the spine in perspective (the book scene's own paging, which this
/// scene shares, so the 3D book below shows the same spread) and land flat. Zoom and pan
/// live here.
public final class ReadingScene: BookShowing, ZoomingScene {
    public let kind = SceneKind.reading
    /// The book being read; its scroller is the reader's place in both views.
    public let book: BookScene
    /// The zoom into the flat spread (identity: the whole spread).
    public internal(set) var zoom: BookZoom
    /// The drag in progress pans the zoomed spread instead of turning the leaf.
    private var panning = false
    /// One page at a time, the spread, or whichever suits the book's pages in this window.
    public private(set) var pageMode: PageMode
    /// The whole page, its width or its height to the window (`ReadingScene+Fit`).
    public internal(set) var fit: FitMode
    /// The page on screen as last seen (leaf and side): a change brings the fit's view of
    /// the new page.
    var shownPage: (leaf: Int, side: PageSide)
    /// Wheel notches past the end of the page in fit width, towards a turn.
    var overscroll = 0.0
    /// Where the page the reader is going to comes into view (`ReadingPlace.Arrival`): set by
    /// the move that turns to it, kept until the book rests there (a turn forward one page at
    /// a time passes through the new leaf's right page before its left), nil: at its top.
    var arrival: ReadingPlace.Arrival?
    /// The pages one under another, scrolled (`ReadingScene+Continuous`); nil: leaves.
    public internal(set) var column: ContinuousColumn?

    /// The zoom it opened with, when one was remembered.
    private let remembered: RememberedZoom?
    /// Where the pointer is: the zoom keys and the pinch zoom about it.
    private let pointer: PointerPlace
    /// A click on a side turns (comics, photos); a document's pages take clicks for their
    /// links alone, and a double-click anywhere zooms.
    public let clicksTurn: Bool

    /// Opens on the fit's view of the page, or on `remembered`, the zoom the book was last
    /// left at (`ReadingScene+Fit`); `continuous`, the pages one under another, the line
    /// `top` (a fraction of the book's page) at the window's top edge.
    public init(book: BookScene, pageMode: PageMode = .automatic, fit: FitMode = .page, zoom remembered: RememberedZoom? = nil,
                continuous: Bool = false, top: Double = 0, clicksTurn: Bool = true, pointer: PointerPlace = PointerPlace()) {
        self.book = book
        self.clicksTurn = clicksTurn
        self.pointer = pointer
        self.pageMode = pageMode
        self.fit = fit
        self.remembered = remembered
        zoom = BookZoom(window: book.size, spread: book.layout.readingFrame)
        shownPage = (book.currentLeaf, .left)
        relayout()
        if continuous {
            column = makeColumn(on: ReadingPlace(page: pageOnBook, top: top))
        } else if fit != .page, top > 0, remembered == nil {
            zoom.settle(on: fitTransform(.line(top)))
        }
    }

    /// Lays the view out anew for its book as it is now (its page shape measured): as it
    /// opened, on the fit's view of the page or the zoom remembered.
    func relayout() {
        book.setReadingPages(pageMode.pages(book.layout))
        zoom = BookZoom(window: viewport, spread: book.layout.readingFrame)
        shownPage = (book.currentLeaf, book.layout.readingPages == 1 ? book.focus.side : .left)
        zoom.settle(on: fitTransform(.top))
        if let remembered { settle(on: remembered) }
        if let column { self.column = makeColumn(on: column.place) }
    }

    /// Shows the book in `mode` (the zoom goes back to the fit's view of the page).
    public func show(_ mode: PageMode, at time: Double) {
        pageMode = mode
        book.setReadingPages(mode.pages(book.layout))
        zoom = BookZoom(window: viewport, spread: book.layout.readingFrame)
        zoom.show(fitTransform(.top), at: time)
    }

    public var size: Size { book.size }
    /// The window down to the reading area's bottom, above the line under it (the page
    /// number, notices) and the strip's band while it shows: the zoom keeps the page within
    /// it, so a page zoomed or fitted to its width scrolls to its end above that line.
    public var viewport: Size { Size(width: size.width, height: max(book.layout.readingArea.maxY, 1)) }
    public var isAtRest: Bool { book.isAtRest && !zoom.isAnimating && !(column?.isAnimating ?? false) }
    public var inputContext: KeyContext { .reading }
    /// How the reading view shows at one instant: its leaves folding flat as it comes in.
    public struct Pose: Equatable, Sendable {
        /// 0 in the 3D book, 1 in the reading view (the spread flat and filling the window).
        public var flatness: Double

        public static let flat = Pose(flatness: 1)
    }

    public var restingPose: Pose { .flat }
    public var transitionAnimator: (any TransitionAnimator)? { ReadingTransition() }
    public var deeper: SceneRequest? { nil }
    public var back: SceneRequest? { .closeReading }
    public var pagesBottom: Double { book.layout.readingArea.maxY }
    public var pageRead: Int? { column?.pageRead ?? (book.layout.readingPages == 1 ? book.focusPage : nil) }
    public var pageShown: Int? { column?.pageRead ?? (book.layout.readingPages == 1 ? book.focusPageShown : nil) }
    public var isZoomed: Bool { column.map { $0.zoom > 1 } ?? zoom.isZoomed }
    /// The flat spread fills the window: the book in 3D under it is not drawn.
    public func isOpaque(in pose: Pose) -> Bool { true }

    /// The open book's pages at `pose`'s flatness.
    public func pages(in pose: Pose) -> [PageState] { book.pages(openness: 1, flatness: pose.flatness) }

    /// The book's leaves at `pose`'s flatness: flat at rest, folding on the way in or out,
    /// under the zoom.
    public func draw(into list: inout DrawList, in pose: Pose) {
        list.background = BookScene.background
        if let column, pose.flatness == 1 {
            list.appendFlat(columnLayers(column))
            list.magnification = column.scale
            list.pagesStandAlone = true
            return
        }
        let first = list.layers.count
        list.appendSorted(book.layers(openness: 1, flatness: pose.flatness))
        // Flat pages are drawn larger than in the 3D book: their textures are made larger.
        let flat = max(pose.flatness > 0 ? book.layout.readingScale : 1, 1)
        list.magnification = flat
        guard !zoom.current.isIdentity || !zoom.target.isIdentity else { return }
        // A fit's zoom grows in as the book lies flat, and out as it rises again.
        let screen = pose.flatness < 1 ? ScreenTransform.identity.mixed(with: zoom.current, pose.flatness) : zoom.current
        for i in first..<list.layers.count { list.layers[i].screen = screen }
        list.magnification = flat * max(screen.scale, zoom.target.scale)
    }

    /// At rest on top, the line under the reading area is the page number's and the
    /// notices': a page zoomed or fitted to its width, which runs past the area, goes under a
    /// band there (it scrolls to its end above it), so neither lies over the page being read.
    public func drawAtRest(into list: inout DrawList) {
        let top = viewport.height, bottom = size.height - book.layout.bottomInset
        if bottom > top { list.bands.insert((Rect(x: 0, y: top, width: size.width, height: bottom - top), BookScene.background), at: 0) }
    }

    /// The book has been resized by the app; the zoom follows its flat spread.
    public func resize(to size: Size) {
        // The automatic choice is the window's: made again for the new size.
        book.setReadingPages(pageMode.pages(book.layout))
        zoom.relayout(window: viewport, spread: book.layout.readingFrame)
        column?.relayout(viewport: viewport, area: book.layout.readingArea, fit: fit)
    }

    public func update(at time: Double) {
        if column != nil {
            column?.update(at: time)
            zoom.update(at: time)
            followColumn()
            return
        }
        followPage(at: time)
        zoom.update(at: time)
        if book.isAtRest { arrival = nil }
    }

    // MARK: Zoom

    /// The window point zooms are centred on: the pointer's last place, else the centre.
    var zoomPoint: Point { pointer.point ?? Point(x: size.width / 2, y: size.height / 2) }

    /// Multiplies the zoom by `factor` (clamped to 1…4) about window point `point` (in the
    /// column, over the fit's, at once).
    public func magnify(by factor: Double, about point: Point, at time: Double) {
        guard column == nil else { column?.zoom(by: factor, about: point); return }
        zoom.track(spread: book.layout.readingFrame)
        zoom.zoom(by: factor, about: point, at: time)
    }

    /// Zooms to `scale` about window point `point`.
    public func magnify(to scale: Double, about point: Point, at time: Double) {
        guard column == nil else { column?.zoom(to: scale, about: point); return }
        zoom.track(spread: book.layout.readingFrame)
        zoom.zoom(to: scale, about: point, at: time)
    }

    private func isZoomKey(_ key: Key, _ modifiers: Modifiers) -> Bool {
        KeyBindings.action(for: key, modifiers, in: .reading).map { [.zoomIn, .zoomOut, .zoomReset].contains($0) } ?? false
    }

    /// Zooms about the pointer if `key` is a zoom key (false: it is not).
    private func zoomKey(_ key: Key, _ modifiers: Modifiers, at time: Double) -> Bool {
        switch KeyBindings.action(for: key, modifiers, in: .reading) {
        case .zoomIn?: magnify(by: BookZoom.stepFactor, about: zoomPoint, at: time)
        case .zoomOut?: magnify(by: 1 / BookZoom.stepFactor, about: zoomPoint, at: time)
        case .zoomReset?: unzoom(at: time)
        default: return false
        }
        return true
    }

    /// Glides back to the whole spread (the fit's view of the page; in the column, the fit).
    public func unzoom(at time: Double) {
        guard column == nil else { column?.zoom(to: 1, about: zoomPoint); return }
        zoom.reset(at: time)
        if fit != .page { zoom.show(fitTransform(.top), at: time) }
    }

    // MARK: Input

    /// What a key asks of the app rather than of the view, in pages and in the column alike.
    private func request(for key: Key) -> SceneRequest? {
        let action = KeyBindings.action(for: key, in: .reading)
        switch action {
        case .fit?: return .cycleFit
        case .close?: return .closeReading
        case .pageMode?: return .cyclePageMode
        case .continuous?: return .toggleContinuous
        default: return SceneRequest.inBook(action, key: key)
        }
    }

    public func handle(_ input: SceneInput, at time: Double) -> SceneRequest? {
        switch input {
        case .key(let key, let modifiers):
            if zoomKey(key, modifiers, at: time) { return nil }
            if let request = request(for: key) { return request }
        case .pinchZoom(let notches):
            // Each notch multiplies the zoom by `BookZoom.stepFactor`.
            magnify(by: Double.pow(BookZoom.stepFactor, notches), about: zoomPoint, at: time)
            return nil
        case .doubleClick(let point):
            if isZoomed { unzoom(at: time) } else { magnify(to: BookZoom.doubleClickScale, about: point, at: time) }
            return nil
        default:
            break
        }
        if column != nil { return handleInColumn(input, at: time) }
        defer { followPage(at: time) }
        switch input {
        case .key(let key, _):
            switch KeyBindings.action(for: book.readingKey(key), in: .reading) {
            case .next? where fit == .width && ![Key.right, .left].contains(key) && scrollPage(down: true, at: time): break
            case .previous? where fit == .width && ![Key.right, .left].contains(key):
                // Reading back past the page's top: the previous page from its bottom.
                if !scrollPage(down: false, at: time) { turn(.previous, arriving: .bottom, at: time) }
            case .scrollDown?: if !scrollPage(down: true, at: time) { turn(.next, at: time) }
            case .scrollUp?: if !scrollPage(down: false, at: time) { turn(.previous, arriving: .bottom, at: time) }
            case let action? where [.next, .previous, .first, .last].contains(action):
                turn(action, at: time)
            default:
                break
            }
        case .horizontalWheel:
            return book.handle(input, at: time)
        case .verticalWheel(let notches):
            // The wheel reads (down goes forward; at fit width down the page first).
            scrollWheel(notches, at: time)
        case .pinchZoom, .doubleClick, .hover:
            break
        case .pointer(let gesture):
            switch gesture {
            case .click where !clicksTurn:
                break
            case .click(let point):
                // The half of the spread under the pointer, wherever the zoom has put it (one
                // page at a time: the half of the window).
                let x = book.layout.readingPages == 1 ? point.x : zoom.current.unapply(point).x
                turn(book.goesForward(atX: x) ? .next : .previous, at: time)
            case .dragBegan:
                panning = zoom.isZoomed
                if !panning { _ = book.handle(input, at: time) }
            case .dragChanged(_, let delta):
                if panning { zoom.pan(by: delta) } else { _ = book.handle(input, at: time) }
            case .dragEnded where panning:
                panning = false
            case .dragEnded:
                _ = book.handle(input, at: time)
            }
        }
        return nil
    }

    /// Flat, it draws the spread alone.
    public var fanLeaves: Int { 0 }

    /// The leaf a press of `key` would turn the book to; nil when it turns none (a zoom key, a
    /// page scrolled within, the other page of the spread one page at a time, the book's end).
    public func leafTurned(by key: Key, _ modifiers: Modifiers) -> Int? {
        guard column == nil, !isZoomKey(key, modifiers), fit != .width || [Key.right, .left].contains(key),
              let action = KeyBindings.action(for: book.readingKey(key), in: .reading),
              case .leaf(let leaf)? = step(action) else { return nil }
        return leaf >= book.layout.firstLeaf && leaf < book.layout.leafCount ? leaf : nil
    }

    /// What Next or Previous does: one page at a time, read the spread's other page first;
    /// else turn the leaf (nil for any other action).
    private enum Step { case read(PageSide), leaf(Int) }
    private func step(_ action: KeyAction) -> Step? {
        let single = book.layout.readingPages == 1
        switch action {
        case .next where single && book.focus.side == .left && book.focusPage + 1 <= book.lastPage: return .read(.right)
        case .previous where single && book.focus.side == .right && book.currentLeaf > book.layout.firstLeaf: return .read(.left)
        case .next: return .leaf(book.currentLeaf + 1)
        case .previous: return .leaf(book.currentLeaf - 1)
        default: return nil
        }
    }

    /// Turns as `action` says: a leaf, or one page at a time the other page of the spread
    /// first, then the leaf. Home goes to the cover (alone on its leaf) at its top, End to the
    /// last numbered page, on whichever side it lies, at its bottom; any other turn shows the
    /// new page from its top unless `arriving` says otherwise (reading back: its bottom).
    func turn(_ action: KeyAction, arriving: ReadingPlace.Arrival? = nil, at time: Double) {
        arrival = arriving ?? (action == .last ? .bottom : .top)
        switch (action, step(action)) {
        case (_, .read(let side)?): book.read(side: side, at: time)
        case (_, .leaf(let leaf)?): book.turn(toLeaf: leaf, at: time)
        case (.first, _): book.riffle(toLeaf: book.layout.firstLeaf, at: time)
        case (.last, _):
            book.riffle(toLeaf: book.lastLeaf, at: time)
            if book.layout.readingPages == 1 { book.read(side: BookLayout.side(of: book.lastPage), at: time) }
        default: break
        }
    }
}
