/// Opening and closing books on the navigation stack, where a capture starts, and the
/// places remembered as books close.
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
        let book = (goesTo as? BookShowing)?.book
        return InputScript.Start(centred: shelf.centredIndex, book: book?.bookIndex,
                                 spread: book?.currentLeaf ?? 0, reading: goesTo is ReadingScene)
    }

    /// Opens book `index` at `leaf`, or at the spread of page `number` when one is given.
    func open(_ index: Int, leaf: Int = 0, page number: Int? = nil, animated: Bool = true) {
        guard navigation.transition == nil, library.books.indices.contains(index) else { return }
        shelf.settle(onBook: index)
        if library.books[index].pageAspect == nil, shapedBooks.insert(index).inserted { shapesWanted.append(index) }
        onScreen.noteOpened(at: time)
        places?.rememberOpening()
        // The pairing and direction the reader chose for this book, before its spread is
        // looked up (--rtl outranks a remembered direction).
        if let settings = places?.settings(ofBook: index) {
            if library.books[index].shifted != settings.shifted { library.books[index].shifted = settings.shifted }
            if let rightToLeft = settings.rightToLeft, !everyBookRightToLeft { library.books[index].rightToLeft = rightToLeft }
        }
        if everyBookRightToLeft { library.books[index].rightToLeft = true }
        let numbering = library.books[index].numbering
        let leaf = number.map { BookScene.leaf(showing: numbering.displayPage(ofNumber: $0)) } ?? leaf
        let scene = BookScene(bookIndex: index, pageCount: library.books[index].displayPageCount, size: size,
                              pageShape: library.books[index].pageShape, lastPage: numbering.lastDisplayPage)
        scene.mirrored = library.books[index].rightToLeft
        // Opened at a page asked for, else at the page the reader left off at (or its
        // spread, from an older file; the left block turns as one), else at the cover.
        if leaf != 0 || number != nil {
            scene.settle(onLeaf: leaf)
        } else if scene.lastPage > 0, let page = places?.page(ofBook: index) {
            scene.settle(onPage: numbering.displayPage(ofNumber: page))
        } else if scene.lastPage > 0, let spread = places?.spread(ofBook: index) {
            scene.settle(onLeaf: spread)
        }
        lastOpening = (index, number, scene.currentLeaf)
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
        if let book, library.books.indices.contains(book.bookIndex) {
            remember(book)
        }
        places.remember(centred: shelf.centredIndex)
    }

    /// Remembers `book`'s page (`BookScene.pageNumber(in:)`), its spread and its settings:
    /// its pairing as it is, its direction if the reader chose one (now or before), and the
    /// reading view's page mode, fit and zoom.
    func remember(_ book: BookScene, choosingDirection: Bool = false) {
        guard let places, library.books.indices.contains(book.bookIndex) else { return }
        var settings = places.settings(ofBook: book.bookIndex)
        settings.shifted = library.books[book.bookIndex].shifted
        if choosingDirection { settings.rightToLeft = library.books[book.bookIndex].rightToLeft }
        if let reading, reading.book === book {
            // Only a choice other than the book's own is kept (nil: the book's own), so a
            // PDF read before it had one of its own takes it.
            let known = library.books[book.bookIndex]
            settings.pageMode = reading.pageMode == known.firstPageMode ? nil : reading.pageMode
            settings.fit = reading.fit == known.firstFit ? nil : reading.fit
            // The zoom as the reader sees it; once the view is on its way out (its zoom
            // gliding back to the fit), the one kept as it closed stays.
            if navigation.transition == nil, navigation.top === reading { settings.zoom = reading.rememberedZoom }
        }
        let page = book.pageNumber(in: library.books[book.bookIndex].numbering)
        places.remember(spread: max(book.currentLeaf, 0), page: page, settings: settings, ofBook: book.bookIndex)
    }

    /// The window's title: the book on screen, or the app's name on the shelf.
    public var title: String {
        guard let book, library.books.indices.contains(book.bookIndex) else { return "Folio" }
        // Cut before escaping: a title may be as long as a Books.plist allows.
        let full = library.books[book.bookIndex].title
        let name = full.prefix(FolioApp.maxTitleLength + 1).count > FolioApp.maxTitleLength
            ? full.prefix(FolioApp.maxTitleLength - 1) + "…" : Substring(full)
        guard !name.isEmpty else { return "Folio" }
        return Sentence.escaped(String(name)) + " — Folio"
    }

    /// Longest book title the window's title shows, characters.
    static let maxTitleLength = 120

    /// Pairs the open book's pages one page further on (or back): a blank after the cover
    /// moves every spread by a page. The reader stays on the page they were reading.
    func shiftPairing() {
        rearrange { $0.shifted.toggle() }
    }

    /// Turns the open book round: right to left (manga) or back to left to right (M). The
    /// reader stays on the page they were reading; the choice is remembered with the place.
    func flipDirection() {
        rearrange(choosingDirection: true) { $0.rightToLeft.toggle() }
        if let book, library.books.indices.contains(book.bookIndex) { book.mirrored = library.books[book.bookIndex].rightToLeft }
    }

    /// Changes how the open book's pages are arranged (`change`), then lays it out again at
    /// the page the reader was on (a leaf still gliding lands at once), and remembers it.
    /// Not while a leaf is held by a drag.
    private func rearrange(choosingDirection: Bool = false, _ change: (inout Book) -> Void) {
        guard navigation.transition == nil, let book, library.books.indices.contains(book.bookIndex),
              !library.books[book.bookIndex].pages.isEmpty, !book.scroller.isDragging else { return }
        let index = book.bookIndex
        let leaf = book.currentLeaf
        let number = library.books[index].numbering.numbers(leaf: leaf).first
        change(&library.books[index])
        let changed = library.books[index]
        let page = number.map(changed.numbering.displayPage(ofNumber:))
        book.relayout(pageCount: changed.displayPageCount, lastPage: changed.numbering.lastDisplayPage,
                      leaf: page.map(BookScene.leaf(showing:)) ?? leaf)
        remember(book, choosingDirection: choosingDirection)
    }

    /// Lays the open book flat in the reading view (Enter, a double-click, the wheel).
    func openReading(animated: Bool = true) {
        guard navigation.transition == nil, let book, navigation.top === book else { return }
        clicks.cancel()
        let chosen = places?.settings(ofBook: book.bookIndex) ?? sessionSettings[book.bookIndex] ?? BookSettings()
        let known = library.books.indices.contains(book.bookIndex) ? library.books[book.bookIndex] : nil
        let scene = ReadingScene(book: book, pageMode: chosen.pageMode ?? known?.firstPageMode ?? .automatic,
                                 fit: chosen.fit ?? known?.firstFit ?? .page, zoom: chosen.zoom, pointer: pointerPlace)
        navigation.push(scene, animator: animated ? scene.transitionAnimator : nil, at: animationTime)
    }

    /// The reading view's next page mode (D): automatic, one, two; named for a few seconds
    /// and remembered with the book's place.
    func cyclePageMode() {
        guard navigation.transition == nil, let reading, navigation.top === reading else { return }
        let mode = reading.pageMode.next
        reading.show(mode, at: animationTime)
        sessionSettings[reading.book.bookIndex, default: BookSettings()].pageMode = mode
        onScreen.notice = (mode.name(automaticPages: reading.book.layout.automaticReadingPages), time)
        remember(reading.book)
    }

    /// The reading view's next fit (W): the whole page, its width, its height; named for a
    /// few seconds and remembered with the book's place.
    func cycleFit() {
        guard navigation.transition == nil, let reading, navigation.top === reading else { return }
        let fit = reading.fit.next
        reading.fit(fit, at: animationTime)
        sessionSettings[reading.book.bookIndex, default: BookSettings()].fit = fit
        onScreen.notice = (fit.name, time)
        remember(reading.book)
    }

    /// Back from the reading view to the book in 3D, the zoom gliding back to the whole
    /// spread; the zoom it was left at comes back the next time the book lies flat.
    func closeReading() {
        guard navigation.transition == nil, let reading, navigation.top === reading else { return }
        clicks.cancel()
        sessionSettings[reading.book.bookIndex, default: BookSettings()].zoom = reading.rememberedZoom
        remember(reading.book)
        reading.unzoom(at: animationTime)
        navigation.pop(animator: reading.transitionAnimator, at: animationTime)
    }
}
