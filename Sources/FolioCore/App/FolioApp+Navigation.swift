/// Opening and closing books on the navigation stack (the scenes made by the `Bookcase`),
/// where a capture starts, and the places remembered as books close.
extension FolioApp {
    /// Opens book `index` as Enter does, at the spread showing page `number` (the reader's
    /// numbering: 1 is the cover; clamped to the book).
    public func open(book index: Int, atPage number: Int, at time: Double) {
        advance(to: time)
        open(index, page: number)
    }

    /// Opens book `index` straight into the reading view (`folio BOOK`): the opening plays
    /// from the cover once, at page `number` (the reader's numbering; nil: where the reader
    /// left off, else the cover), then the book lies flat. Keys pressed meanwhile act on the book once open; a
    /// key that steers the opening back leaves the shelf on screen.
    public func read(book index: Int, atPage number: Int?, at time: Double) {
        advance(to: time)
        open(index, page: number)
        if navigation.transition != nil { afterOpening = .openReading }
        // The arrival is short (`arrivalSpeed`): the book opens onto its page while the
        // window is new, and the reader reads at once.
        arriving = navigation.transition != nil
    }

    /// Where a captured session began: the centred book and, when one was open, that book
    /// at its spread, set at once (no animation), so the replay starts where the user was.
    public func begin(at start: InputScript.Start) {
        guard !library.books.isEmpty, navigation.scenes.count == 1, navigation.transition == nil else { return }
        shelf.settle(onBook: min(max(start.centred, 0), library.books.count - 1))
        guard let index = start.book else { return }
        open(index, leaf: start.spread, animated: false)
        if start.reading { openReading(animated: false) }
    }

    /// The state a capture starts from (a scene on its way in or out counts as where it goes).
    public var captureStart: InputScript.Start {
        let goesTo = transition?.context.to ?? navigation.top
        let book = (goesTo as? any BookShowing)?.book
        return InputScript.Start(centred: shelf.centredIndex, book: book?.bookIndex,
                                 spread: book?.currentLeaf ?? 0, reading: goesTo is ReadingScene)
    }

    /// Opens book `index` at `leaf`, or at the spread of page `number` when one is given.
    func open(_ index: Int, leaf: Int = 0, page number: Int? = nil, animated: Bool = true) {
        guard navigation.transition == nil, library.books.indices.contains(index) else { return }
        shelf.settle(onBook: index)
        onScreen.noteOpened(at: time)
        let scene = bookcase.bookScene(index, leaf: leaf, page: number, size: size)
        navigation.push(scene, animator: animated ? scene.transitionAnimator : nil, at: animationTime)
    }

    func close() {
        guard navigation.transition == nil, navigation.scenes.count > 1 else { return }
        rememberPlace()
        leave()
    }

    /// Remembers the page of the book on screen and the book centred on the shelf (as a
    /// book closes, and as the app quits).
    public func rememberPlace() {
        guard let places, !library.books.isEmpty else { return }
        if let book { remember(book) }
        places.remember(centred: shelf.centredIndex)
    }

    /// Remembers `book` as the reader sees it (`Bookcase.remember`).
    func remember(_ book: BookScene, choosingDirection: Bool = false) {
        bookcase.remember(book, reading: reading, resting: navigation.transition == nil && navigation.top === reading,
                          choosingDirection: choosingDirection)
    }

    /// The window's title: the book on screen, or the app's name on the shelf.
    public var title: String { bookcase.title(of: book) }

    /// Pairs the open book's pages one page further on (or back), or turns it round: right to
    /// left (manga) or back (`flip`). The reader stays on the page they were reading; the
    /// choice is remembered with the place. Not while a leaf is held by a drag.
    func rearrange(flip: Bool) {
        guard navigation.transition == nil, let book,
              bookcase.rearrange(book, { if flip { $0.rightToLeft.toggle() } else { $0.shifted.toggle() } }) else { return }
        remember(book, choosingDirection: flip)
    }

    /// Lays the open book flat in the reading view (Enter, a double-click, the wheel).
    func openReading(animated: Bool = true) {
        guard navigation.transition == nil, let book, navigation.top === book else { return }
        gestures.clicks.cancel()
        let scene = bookcase.readingScene(for: book, pointer: pointerPlace)
        navigation.push(scene, animator: animated ? scene.transitionAnimator : nil, at: animationTime)
    }

    /// The reading view's next page mode (D) or fit (W): named for a few seconds and
    /// remembered with the book's place.
    func cycleReading(fit: Bool) {
        guard navigation.transition == nil, let reading, navigation.top === reading else { return }
        let name = fit ? reading.cycleFit(at: animationTime) : reading.cyclePageMode(at: animationTime)
        onScreen.notice = (name, time)
        bookcase.choose(for: reading, resting: true) {
            if fit { $0.fit = reading.fit } else { $0.pageMode = reading.pageMode }
        }
    }

    /// Back from the reading view to the book in 3D, the zoom gliding back to the whole
    /// spread; the zoom it was left at comes back the next time the book lies flat.
    func closeReading() {
        guard navigation.transition == nil, let reading, navigation.top === reading else { return }
        gestures.clicks.cancel()
        bookcase.choose(for: reading, resting: true) { $0.zoom = reading.rememberedZoom }
        reading.unzoom(at: animationTime)
        navigation.pop(animator: reading.transitionAnimator, at: animationTime)
    }
}
