/// The books on the shelf and what is kept of each: the library (a drop adds to it), where
/// the reader left off and what they chose (`PlaceKeeper`, the live viewer's; nil for scripts
/// and recordings, which never remember), the page mode, fit and zoom chosen this session, and
/// the books waiting to be measured. It makes the scenes a book opens into and remembers a
/// book as it closes; it draws nothing and takes no input.
final class Bookcase {
    var library: Library {
        didSet { progress.removeAll() }
    }
    let places: PlaceKeeper?
    /// Every book opens right to left, whatever was remembered (`--rtl`); M still turns the
    /// open book round.
    var everyBookRightToLeft = false {
        didSet { progress.removeAll() }
    }
    /// The page mode, fit and zoom chosen for each book this session (kept with the places
    /// too, when they are remembered).
    private var sessionSettings: [Int: BookSettings] = [:]
    /// Books the load left unshaped that have been opened, oldest first: the host measures
    /// each (page shape, spreads) off the input path and hands it back (`adopt(shape:ofBook:)`).
    /// Until then the book shows the tutorial's page shape.
    private var shapesWanted: [Int] = []
    /// The books asked for once (a book whose pages cannot be read is tried once).
    private var shapedBooks: Set<Int> = []
    /// How the last book opened was placed, so its measured shape can place it the same way.
    private var lastOpening: (index: Int, page: Int?, leaf: Int)?
    /// Each book's progress as the shelf last asked for it (`Bookcase+Shelf`), until a place
    /// or the library changes.
    var progress: [Int: ReadingProgress?] = [:]

    init(library: Library, places: PlaceKeeper?) {
        self.library = library
        self.places = places
    }

    // MARK: Opening

    /// Book `index` as a scene, at `leaf`, or at the spread of page `number` (the reader's
    /// numbering) when one is given, else where the reader left off; noted as opened.
    func bookScene(_ index: Int, leaf: Int?, page number: Int?, size: Size) -> BookScene {
        if library.books[index].pageAspect == nil, shapedBooks.insert(index).inserted { shapesWanted.append(index) }
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
        var opened = number
        if let leaf {
            scene.settle(onLeaf: leaf)
        } else if scene.lastPage > 0, let page = places?.page(ofBook: index) {
            scene.settle(onPage: numbering.displayPage(ofNumber: page))
            // Measured later (a spread found), the book stays on this page, not its leaf.
            opened = page
        } else if scene.lastPage > 0, let spread = places?.spread(ofBook: index) {
            scene.settle(onLeaf: spread)
        }
        lastOpening = (index, opened, scene.currentLeaf)
        return scene
    }

    /// `book` lying flat, in the page mode, fit and zoom chosen for it (remembered, else this
    /// session's, else the book's own).
    func readingScene(for book: BookScene, pointer: PointerPlace) -> ReadingScene {
        let chosen = places?.settings(ofBook: book.bookIndex) ?? sessionSettings[book.bookIndex] ?? BookSettings()
        let known = library.books.indices.contains(book.bookIndex) ? library.books[book.bookIndex] : nil
        // The line last read comes back with the page it is on, not once the book has moved.
        let remembered = known.flatMap { book.pageNumber(in: $0.numbering) } == places?.page(ofBook: book.bookIndex)
        let top = remembered ? chosen.top ?? 0 : 0
        return ReadingScene(book: book, pageMode: chosen.pageMode ?? known?.firstPageMode ?? .automatic,
                            fit: chosen.fit ?? known?.firstFit ?? .page, zoom: chosen.zoom,
                            continuous: chosen.continuous ?? known?.firstContinuous ?? false, top: top,
                            clicksTurn: !(known?.isDocument ?? false), pointer: pointer)
    }

    /// Notes what the reader chose for `book` this session (`choose`), then remembers it.
    func choose(for reading: ReadingScene, resting: Bool, _ choose: (inout BookSettings) -> Void) {
        choose(&sessionSettings[reading.book.bookIndex, default: BookSettings()])
        remember(reading.book, reading: reading, resting: resting)
    }

    // MARK: Remembering

    /// Remembers `book`'s page (`BookScene.pageNumber(in:)`), its spread and its settings:
    /// its pairing as it is, its direction if the reader chose one (now or before), and the
    /// page mode, fit and zoom of `reading` (its view of the book, if one shows it; its zoom
    /// only while it is `resting` on top).
    func remember(_ book: BookScene, reading: ReadingScene?, resting: Bool, choosingDirection: Bool = false) {
        guard let places, library.books.indices.contains(book.bookIndex) else { return }
        var settings = places.settings(ofBook: book.bookIndex)
        settings.shifted = library.books[book.bookIndex].shifted
        if choosingDirection { settings.rightToLeft = library.books[book.bookIndex].rightToLeft }
        var topPlace: ReadingPlace?
        if let reading, reading.book === book {
            // Only a choice other than the book's own is kept (nil: the book's own), so a
            // PDF read before it had one of its own takes it.
            let known = library.books[book.bookIndex]
            settings.pageMode = reading.pageMode == known.firstPageMode ? nil : reading.pageMode
            settings.fit = reading.fit == known.firstFit ? nil : reading.fit
            // The zoom as the reader sees it; once the view is on its way out (its zoom
            // gliding back to the fit), the one kept as it closed stays.
            if resting { settings.zoom = reading.rememberedZoom }
            settings.continuous = reading.isContinuous == known.firstContinuous ? nil : reading.isContinuous
            let place = reading.place
            topPlace = place
            // A thousandth of a page is under a line of text: finer says nothing more.
            settings.top = place.top > 0.001 ? (place.top * 1000).rounded() / 1000 : nil
        }
        // The page whose line is at the window's top, else the page the book is at.
        let numbering = library.books[book.bookIndex].numbering
        let page = topPlace.flatMap { numbering.number(ofDisplayPage: $0.page) } ?? book.pageNumber(in: numbering)
        progress[book.bookIndex] = nil
        places.remember(spread: max(book.currentLeaf, 0), page: page, settings: settings, ofBook: book.bookIndex)
    }

    // MARK: Arranging

    /// Changes how `book`'s pages are arranged (`change`), then lays it out again at the
    /// page the reader was on (a leaf still gliding lands at once). False, and nothing
    /// changed, while a leaf is held by a drag or for a book with no pages.
    func rearrange(_ book: BookScene, _ change: (inout Book) -> Void) -> Bool {
        guard library.books.indices.contains(book.bookIndex), !library.books[book.bookIndex].pages.isEmpty,
              !book.scroller.isDragging else { return false }
        let index = book.bookIndex
        let number = library.books[index].numbering.numbers(leaf: book.currentLeaf).first
        change(&library.books[index])
        let changed = library.books[index]
        let page = number.map(changed.numbering.displayPage(ofNumber:))
        book.relayout(pageCount: changed.displayPageCount, lastPage: changed.numbering.lastDisplayPage,
                      leaf: page.map(BookScene.leaf(showing:)) ?? book.currentLeaf)
        book.mirrored = changed.rightToLeft
        return true
    }

    /// The window's title for `book` on screen, or the app's name on the shelf.
    func title(of book: BookScene?) -> String {
        guard let book, library.books.indices.contains(book.bookIndex) else { return "Folio" }
        // Cut before escaping: a title may be as long as a Books.plist allows.
        let full = library.books[book.bookIndex].title
        let name = full.prefix(Bookcase.maxTitleLength + 1).count > Bookcase.maxTitleLength
            ? full.prefix(Bookcase.maxTitleLength - 1) + "…" : Substring(full)
        guard !name.isEmpty else { return "Folio" }
        return Sentence.escaped(String(name)) + " — Folio"
    }

    /// Longest book title the window's title shows, characters.
    static let maxTitleLength = 120

    // MARK: Measuring and adding

    /// The books to measure since the last call, with what is known of them; each is asked
    /// for once.
    func takeShapesWanted() -> [(index: Int, book: Book)] {
        defer { shapesWanted.removeAll() }
        return shapesWanted.filter(library.books.indices.contains).map { ($0, library.books[$0]) }
    }

    /// Book `index` measured: its page shape and the double pages found. `book`, when it is
    /// open, takes the shape at once, on the page the reader is at (a book opened at a page
    /// asked for, and not moved since, on that page as the measured book numbers it). False
    /// when the measure changed nothing (or is not this book's).
    func adopt(shape measured: Book, ofBook index: Int, open book: BookScene?) -> Bool {
        guard library.books.indices.contains(index), library.books[index].pages.count == measured.pages.count,
              library.books[index].title == measured.title else { return false }
        let old = library.books[index]
        guard old.pageAspect != measured.pageAspect || !measured.spreads.isSubset(of: old.spreads) else { return false }
        library.books[index].pageAspect = measured.pageAspect
        library.books[index].spreads.formUnion(measured.spreads)
        guard let book, book.bookIndex == index, !book.scroller.isDragging else { return false }
        let shaped = library.books[index]
        // The page the reader is on, as the book numbered it before: the page it opened at
        // while it has not moved since, else the page being read.
        let number: Int?
        if let opening = lastOpening, opening.index == index, opening.leaf == book.currentLeaf, !book.isTurning, let page = opening.page {
            number = page
        } else {
            number = book.pageNumber(in: old.numbering)
        }
        let page = number.map(shaped.numbering.displayPage(ofNumber:))
        book.relayout(pageCount: shaped.displayPageCount, lastPage: shaped.numbering.lastDisplayPage,
                      leaf: page.map(BookScene.leaf(showing:)) ?? book.currentLeaf, pageShape: shaped.pageShape)
        if let page { book.settle(onPage: page) }
        return true
    }

    /// Adds the books of `loaded` (read from a drop of `path`) to the end of the shelf; a
    /// book already there is not added twice. `keys`: the places' keys of the books read,
    /// read with them (nil: the places read them when asked). `asSeries`: a folder of books
    /// that arrived in the library's folder by itself is a series, as a sub-folder of the
    /// library is at launch: its books take the folder's name (where their ComicInfo.xml names
    /// none). Returns the lines to warn with and the first of the books, added or already there.
    func add(_ loaded: LoadedLibrary, droppedAt path: String, keys: [BookKey?]?, asSeries: Bool = false) -> (lines: [String], first: Int?) {
        var loaded = loaded
        if asSeries, !loaded.isOneBook {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            for i in loaded.library.books.indices where loaded.library.books[i].series == nil {
                loaded.library.books[i].series = BookSeries(name: name)
            }
        }
        var lines = loaded.problems.map(\.description)
        guard !loaded.library.books.isEmpty else {
            lines.append("\(path): holds no books; nothing was added.")
            return (lines, nil)
        }
        var first: Int?
        for (i, book) in loaded.library.books.enumerated() {
            if let existing = library.books.firstIndex(of: book) {
                first = first ?? existing
                continue
            }
            guard library.books.count < Library.maxBooks else {
                lines.append("\(path): the shelf already holds \(Library.maxBooks) books, the most it takes; the rest were not added.")
                break
            }
            library.books.append(book)
            if let keys { places?.adopt(key: keys.indices.contains(i) ? keys[i] : nil, ofBook: library.books.count - 1) }
            first = first ?? library.books.count - 1
        }
        places?.libraryChanged(library)
        return (lines, first)
    }
}
