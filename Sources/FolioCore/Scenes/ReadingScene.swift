/// The reading view, one level past the open book (the Paper app's move from a notebook to
/// a page): the same book's spread lying flat, facing the reader and filling the window.
/// Leaves still turn about the spine in perspective (the book scene's own paging, which this
/// scene shares, so the 3D book below shows the same spread) and land flat. Zoom and pan
/// live here.
public final class ReadingScene: BookShowing {
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

    /// The zoom it opened with, when one was remembered.
    private let remembered: RememberedZoom?

    /// Opens on the fit's view of the page, or on `remembered`, the zoom the book was last
    /// left at (`ReadingScene+Fit`).
    public init(book: BookScene, pageMode: PageMode = .automatic, fit: FitMode = .page, zoom remembered: RememberedZoom? = nil) {
        self.book = book
        self.pageMode = pageMode
        self.fit = fit
        self.remembered = remembered
        zoom = BookZoom(window: book.size, spread: book.layout.readingFrame)
        shownPage = (book.currentLeaf, .left)
        relayout()
    }

    /// Lays the view out anew for its book as it is now (its page shape measured): as it
    /// opened, on the fit's view of the page or the zoom remembered.
    func relayout() {
        book.setReadingPages(pageMode.pages(book.layout))
        zoom = BookZoom(window: viewport, spread: book.layout.readingFrame)
        shownPage = (book.currentLeaf, book.layout.readingPages == 1 ? book.focus.side : .left)
        zoom.settle(on: fitTransform(top: true))
        if let remembered { settle(on: remembered) }
    }

    /// Shows the book in `mode` (the zoom goes back to the fit's view of the page).
    public func show(_ mode: PageMode, at time: Double) {
        pageMode = mode
        book.setReadingPages(mode.pages(book.layout))
        zoom = BookZoom(window: viewport, spread: book.layout.readingFrame)
        zoom.show(fitTransform(top: true), at: time)
    }

    public var size: Size { book.size }
    /// The window down to the reading area's bottom, above the line under it (the page
    /// number, notices) and the strip's band while it shows: the zoom keeps the page within
    /// it, so a page zoomed or fitted to its width scrolls to its end above that line.
    public var viewport: Size { Size(width: size.width, height: max(book.layout.readingArea.maxY, 1)) }
    public var isAtRest: Bool { book.isAtRest && !zoom.isAnimating }
    public var inputContext: KeyContext { .reading }
    public var restingPose: BookOpeningPose { .reading }
    public var transitionAnimator: (any TransitionAnimator)? { ReadingTransition() }
    public var deeper: SceneRequest? { nil }
    public var back: SceneRequest? { .closeReading }
    public var pagesBottom: Double { book.layout.readingArea.maxY }
    public var pageRead: Int? { book.layout.readingPages == 1 ? book.focusPage : nil }
    /// The flat spread fills the window: the book in 3D under it is not drawn.
    public func isOpaque(in pose: BookOpeningPose) -> Bool { true }

    /// The book's leaves at `pose`'s flatness: flat at rest, folding on the way in or out.
    public func draw(into list: inout DrawList, in pose: BookOpeningPose, presence: Double) {
        list.background = BookScene.background
        list.appendSorted(book.layers(in: pose))
    }

    /// The book has been resized by the app; the zoom follows its flat spread.
    public func resize(to size: Size) {
        // The automatic choice is the window's: made again for the new size.
        book.setReadingPages(pageMode.pages(book.layout))
        zoom.relayout(window: viewport, spread: book.layout.readingFrame)
    }

    public func update(at time: Double) {
        followPage(at: time)
        zoom.update(at: time)
    }

    // MARK: Zoom

    /// Multiplies the zoom by `factor` (clamped to 1…4) about window point `point`.
    public func magnify(by factor: Double, about point: Point, at time: Double) {
        zoom.track(spread: book.layout.readingFrame)
        zoom.zoom(by: factor, about: point, at: time)
    }

    /// Zooms to `scale` about window point `point`.
    public func magnify(to scale: Double, about point: Point, at time: Double) {
        zoom.track(spread: book.layout.readingFrame)
        zoom.zoom(to: scale, about: point, at: time)
    }

    /// Glides back to the whole spread (the fit's view of the page).
    public func unzoom(at time: Double) {
        zoom.reset(at: time)
        if fit != .page { zoom.show(fitTransform(top: true), at: time) }
    }

    // MARK: Input

    public func handle(_ input: SceneInput, at time: Double) -> SceneRequest? {
        defer { followPage(at: time) }
        switch input {
        case .key(let key, _):
            switch KeyBindings.action(for: book.readingKey(key), in: .reading) {
            case .next? where fit == .width && ![Key.right, .left].contains(key) && scrollPage(down: true, at: time): break
            case .previous? where fit == .width && ![Key.right, .left].contains(key) && scrollPage(down: false, at: time): break
            case .scrollDown?: if !scrollPage(down: true, at: time) { turn(.next, at: time) }
            case .scrollUp?: if !scrollPage(down: false, at: time) { turn(.previous, at: time) }
            case let action? where [.next, .previous, .first, .last].contains(action):
                turn(action, at: time)
            case .fit?:
                return .cycleFit
            case .close?:
                return .closeReading
            case .shiftPairing?:
                return .shiftPairing
            case .flipDirection?:
                return .flipDirection
            case .pageMode?:
                return .cyclePageMode
            default:
                break // the zoom keys are the app's: they zoom about the pointer
            }
        case .horizontalWheel:
            return book.handle(input, at: time)
        case .pointer(let gesture):
            switch gesture {
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

    /// Turns as `action` says: a leaf, or one page at a time the other page of the spread
    /// first, then the leaf. Home goes to the cover (alone on its leaf), End to the last
    /// numbered page, on whichever side it lies.
    func turn(_ action: KeyAction, at time: Double) {
        let single = book.layout.readingPages == 1
        switch action {
        case .next where single && book.focus.side == .left && book.focusPage + 1 <= book.lastPage:
            book.read(side: .right, at: time)
        case .previous where single && book.focus.side == .right && book.currentLeaf > book.layout.firstLeaf:
            book.read(side: .left, at: time)
        case .next: book.turn(toLeaf: book.currentLeaf + 1, at: time)
        case .previous: book.turn(toLeaf: book.currentLeaf - 1, at: time)
        case .first: book.riffle(toLeaf: book.layout.firstLeaf, at: time)
        case .last:
            book.riffle(toLeaf: book.lastLeaf, at: time)
            if single { book.read(side: BookLayout.side(of: book.lastPage), at: time) }
        default: break
        }
    }
}
