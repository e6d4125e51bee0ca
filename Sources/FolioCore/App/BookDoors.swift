/// The doors between the scenes: a book opened from the shelf and closed onto it again, laid
/// flat in the reading view and stood up again, its pages paired anew or turned round, its
/// page mode and fit changed. Each is a push or a pop on the navigation stack, with the
/// scene's own transition, and what the `Bookcase` remembers as it happens. The app asks;
/// nothing here calls the app.
final class BookDoors {
    let navigation: NavigationStack
    let bookcase: Bookcase
    /// The pointer's gestures: a door that opens drops the click held to see whether a
    /// second one comes.
    let gestures: Gestures
    /// Where the pointer was last seen (the reading view zooms about it).
    let pointer: PointerPlace
    /// What follows the running transition once it finishes (`read`: the reading view after
    /// the opening).
    private var afterOpening: SceneRequest?
    /// The opening `read` started is playing, at `FolioApp.arrivalSpeed`.
    private(set) var arriving = false
    /// While arriving, how much larger than in the 3D book the pages are drawn once the book
    /// lies flat (its fit's and remembered zoom's too): their textures are made at that size
    /// from the first frame, so none is made twice.
    private(set) var arrivalMagnification = 1.0
    /// While arriving, the pages the book will lie open at: made first, at their size.
    private(set) var arrivalContents: [LayerContent] = []

    init(navigation: NavigationStack, bookcase: Bookcase, gestures: Gestures, pointer: PointerPlace) {
        self.navigation = navigation
        self.bookcase = bookcase
        self.gestures = gestures
        self.pointer = pointer
    }

    /// The shelf, the root of the stack.
    var shelf: ShelfScene { navigation.scenes[0] as! ShelfScene }  // swiftlint:disable:this force_cast
    /// The highest scene on screen showing the open book.
    var bookShowing: (any BookShowing)? { navigation.visibleScenes.lazy.compactMap { $0 as? any BookShowing }.last }
    /// The open book on screen (3D or flat), or on its way in or out; nil on the shelf.
    var book: BookScene? { bookShowing?.book }
    /// The reading view on screen, or on its way in or out.
    var reading: ReadingScene? { navigation.visibleScenes.lazy.compactMap { $0 as? ReadingScene }.last }

    /// Opens book `index` at `leaf`, or at the spread of page `number` when one is given,
    /// else where the reader left it (page 1 the first time); false when it could not (a
    /// transition runs, no such book).
    @discardableResult
    func open(_ index: Int, leaf: Int? = nil, page number: Int? = nil, animated: Bool = true, size: Size, at time: Double) -> Bool {
        guard navigation.transition == nil, bookcase.library.books.indices.contains(index) else { return false }
        shelf.settle(onBook: index)
        let scene = bookcase.bookScene(index, leaf: leaf, page: number, size: size)
        navigation.push(scene, animator: animated ? scene.transitionAnimator : nil, at: time)
        return true
    }

    /// Opens book `index` straight into the reading view (`folio BOOK`), at page `number`:
    /// the opening plays once, short (`FolioApp.arrivalSpeed`), then the book lies flat.
    /// Keys pressed meanwhile act on the book once open; a key that steers the opening back
    /// leaves the shelf on screen.
    func read(_ index: Int, page number: Int?, size: Size, at time: Double) -> Bool {
        let opened = open(index, page: number, size: size, at: time)
        if navigation.transition != nil {
            afterOpening = .openReading
            arriving = true
            if let book {
                // The reading view it will lie flat in, drawn once at rest to learn its size.
                let flat = bookcase.readingScene(for: book, pointer: pointer)
                var list = DrawList(background: BookScene.background)
                flat.draw(into: &list, in: .flat)
                arrivalMagnification = list.magnification
                arrivalContents = flat.shownContents()
            }
        }
        return opened
    }

    /// Where a captured session began, set at once (no animation): the centred book and,
    /// when one was open, that book at its spread, flat when it was.
    func begin(at start: InputScript.Start, size: Size, at time: Double) {
        let count = bookcase.library.books.count
        guard count > 0, navigation.scenes.count == 1, navigation.transition == nil else { return }
        shelf.settle(onBook: min(max(start.centred, 0), count - 1))
        guard let index = start.book else { return }
        open(index, leaf: start.spread, animated: false, size: size, at: time)
        if start.reading { openReading(animated: false, at: time) }
    }

    /// The state a capture starts from (a scene on its way in or out counts as where it goes).
    var captureStart: InputScript.Start {
        let goesTo = navigation.transition?.context.to ?? navigation.top
        let book = (goesTo as? any BookShowing)?.book
        return InputScript.Start(centred: shelf.centredIndex, book: book?.bookIndex,
                                 spread: book?.currentLeaf ?? 0, reading: goesTo is ReadingScene)
    }

    /// Closes the open book onto the shelf, its place remembered.
    func close(at time: Double) {
        guard navigation.transition == nil, navigation.scenes.count > 1 else { return }
        rememberPlace()
        leave(at: time)
    }

    /// Pops the scene on top with its own transition.
    func leave(at time: Double) {
        guard navigation.transition == nil, navigation.scenes.count > 1 else { return }
        gestures.clicks.cancel()
        navigation.pop(animator: navigation.top.transitionAnimator, at: time)
    }

    /// Remembers the page of the book on screen and the book centred on the shelf (as a
    /// book closes, and as the app quits).
    func rememberPlace() {
        guard let places = bookcase.places, !bookcase.library.books.isEmpty else { return }
        if let book { remember(book) }
        places.remember(centred: shelf.centredIndex, order: shelf.ordering)
    }

    /// Remembers `book` as the reader sees it (`Bookcase.remember`).
    func remember(_ book: BookScene, choosingDirection: Bool = false) {
        bookcase.remember(book, reading: reading, resting: navigation.transition == nil && navigation.top === reading,
                          choosingDirection: choosingDirection)
    }

    /// Pairs the open book's pages one page further on (or back), or turns it round: right to
    /// left (manga) or back (`flip`). The reader stays on the page they were reading; the
    /// choice is remembered with the place. Not while a leaf is held by a drag.
    func rearrange(flip: Bool) {
        guard navigation.transition == nil, let book,
              bookcase.rearrange(book, { if flip { $0.rightToLeft.toggle() } else { $0.shifted.toggle() } }) else { return }
        remember(book, choosingDirection: flip)
    }

    /// Lays the open book flat in the reading view (Enter, a double-click, the wheel).
    func openReading(animated: Bool = true, at time: Double) {
        guard navigation.transition == nil, let book, navigation.top === book else { return }
        gestures.clicks.cancel()
        let scene = bookcase.readingScene(for: book, pointer: pointer)
        navigation.push(scene, animator: animated ? scene.transitionAnimator : nil, at: time)
    }

    /// The reading view's next page mode (D) or fit (W), remembered with the book's place;
    /// its name, for a notice (nil: not in the reading view at rest).
    func cycleReading(fit: Bool, at time: Double) -> String? {
        guard navigation.transition == nil, let reading, navigation.top === reading else { return nil }
        let name = fit ? reading.cycleFit(at: time) : reading.cyclePageMode(at: time)
        bookcase.choose(for: reading, resting: true) {
            if fit { $0.fit = reading.fit } else { $0.pageMode = reading.pageMode }
        }
        return name
    }

    /// Continuous scroll on or off in the reading view at rest (C), remembered with the
    /// book's place; its name, for a notice.
    func toggleContinuous() -> String? {
        guard navigation.transition == nil, let reading, navigation.top === reading else { return nil }
        reading.setContinuous(!reading.isContinuous)
        bookcase.choose(for: reading, resting: true) { $0.continuous = reading.isContinuous }
        return reading.isContinuous ? "Continuous scroll" : "Pages"
    }

    /// Back from the reading view to the book in 3D, the zoom gliding back to the whole
    /// spread; the zoom it was left at comes back the next time the book lies flat.
    func closeReading(at time: Double) {
        guard navigation.transition == nil, let reading, navigation.top === reading else { return }
        gestures.clicks.cancel()
        bookcase.choose(for: reading, resting: true) { $0.zoom = reading.rememberedZoom }
        reading.unzoom(at: time)
        navigation.pop(animator: reading.transitionAnimator, at: time)
    }

    /// A transition ended: what was to follow it (the reading view after an arriving
    /// opening) follows if it finished, and is dropped if it turned back.
    func transitionEnded(finished: Bool, at time: Double) {
        let next = afterOpening
        afterOpening = nil
        if finished, next == .openReading { openReading(at: time) }
    }

    /// Books whose files went from the library's folder, waiting to leave the shelf; the open
    /// one waits until it is closed (`FolioApp.removeBooks(at:at:)`).
    var booksGoing: Set<Int> = []

    /// Takes the books whose files went off the shelf, but the one open (on screen or on its
    /// way in or out); those taken.
    func takeGoneBooks() {
        guard !booksGoing.isEmpty else { return }
        let open = book?.bookIndex
        let going = booksGoing.filter { $0 != open }
        guard !going.isEmpty else { return }
        booksGoing.subtract(going)
        shelf.remove(books: going)
    }

    /// The arrival is over once nothing runs and nothing is to follow.
    func noteRest() {
        if arriving, navigation.transition == nil, afterOpening == nil { arriving = false }
    }
}
