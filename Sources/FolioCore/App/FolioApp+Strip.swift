/// The thumbnail strip in a book (3D or flat): T or the pointer resting at the bottom edge
/// shows it; the arrows select, the wheel scrolls it, Enter or a click riffles the book to
/// the page (`FolioApp+GoTo`).
extension FolioApp {
    /// The open book on screen, at rest in the stack (no transition), that the strip is for.
    var stripBook: BookScene? {
        guard navigation.transition == nil, let book = (navigation.top as? BookShowing)?.book,
              library.books.indices.contains(book.bookIndex) else { return nil }
        return book
    }

    /// The strip's geometry for the open book in this window.
    func stripGeometry(_ book: BookScene) -> ThumbnailStrip.Geometry {
        let count = library.books[book.bookIndex].numbering.count
        return ThumbnailStrip.Geometry(window: size, pageShape: library.books[book.bookIndex].pageShape, count: count)
    }

    /// The page being read: the focus page one page at a time, else the spread's first.
    func currentNumber(_ book: BookScene) -> Int {
        let numbering = library.books[book.bookIndex].numbering
        if let page = (navigation.top as? BookShowing)?.pageRead, let n = numbering.number(ofDisplayPage: page) {
            return n
        }
        return numbering.numbers(leaf: book.currentLeaf).first ?? 1
    }

    /// Takes `key` when it shows or hides the strip, or acts in it; false leaves it.
    func stripKey(_ key: Key) -> Bool {
        guard let book = stripBook else {
            strip.hide()
            return false
        }
        let geometry = stripGeometry(book)
        guard strip.isShown else {
            guard KeyBindings.action(for: key, in: navigation.top.inputContext) == .thumbnails else { return false }
            strip.show(current: currentNumber(book), in: geometry)
            return true
        }
        guard let action = KeyBindings.action(for: key, in: .strip) else { return false }
        let forward = book.mirrored ? Key.left : Key.right
        switch action {
        case .next: strip.select(strip.selected + (key == forward ? 1 : -1), in: geometry, at: animationTime)
        case .first: strip.select(key == .home ? 1 : geometry.count, in: geometry, at: animationTime)
        case .goToSelected: goTo(page: strip.selected, in: book)
        default: strip.hide()
        }
        return true
    }

    /// A wheel turn over the shown strip scrolls it (true); elsewhere it is the pinch's.
    func stripWheel(dx: Double, dy: Double) -> Bool {
        guard strip.isShown, let book = stripBook else { return false }
        let geometry = stripGeometry(book)
        guard lastPointer.map(geometry.band.contains) ?? true else { return false }
        // Down or right goes on to later pages; the other way in a right-to-left book.
        let notches = (dx != 0 ? dx : -dy) * (book.mirrored ? -1 : 1)
        strip.scroll(notches: notches, in: geometry, at: animationTime)
        return true
    }

    /// A click on a thumbnail goes to its page (true); elsewhere the click is the book's.
    func stripClick(at point: Point) -> Bool {
        guard strip.isShown, let book = stripBook else { return false }
        let geometry = stripGeometry(book)
        guard geometry.band.contains(point) else { return false }
        if let number = strip.number(at: point, in: geometry, mirrored: book.mirrored) {
            strip.select(number, in: geometry, at: animationTime)
            goTo(page: number, in: book)
        }
        return true
    }

    /// The pointer moved: resting at the bottom edge shows the strip after a moment.
    func stripPointer(at point: Point) {
        guard let book = stripBook else { return }
        strip.pointerMoved(to: point, in: stripGeometry(book), at: time)
    }

    /// Each frame: the strip's scroll, and the strip shown once the pointer has rested.
    func updateStrip() {
        defer { makeRoomForStrip() }
        guard let book = stripBook else {
            strip.hide()
            return
        }
        strip.update(at: animationTime)
        if strip.restedAtEdge(at: time) { strip.show(current: currentNumber(book), in: stripGeometry(book), byPointer: true) }
    }

    /// The open book makes room above the strip while it shows, so the strip never covers
    /// the page being read; the room goes as the strip does.
    func makeRoomForStrip() {
        guard let book else { return }
        let inset = strip.isShown && stripBook === book ? stripGeometry(book).band.size.height : 0
        guard inset != book.layout.bottomInset else { return }
        if let reading, reading.book === book { reading.makeRoom(bottom: inset) } else { book.makeRoom(bottom: inset) }
    }

    /// The strip's band, marks and thumbnails, and its caption, added to `list`.
    func drawStrip(into list: inout DrawList) {
        guard strip.isShown, let book = stripBook else { return }
        let geometry = stripGeometry(book)
        guard let pages = strip.visible(in: geometry) else { return }
        list.bands.append((geometry.band, FolioApp.stripColour))
        let current = currentNumber(book), u = size.layoutUnit
        let ring = max(2, 3 * u)
        func mark(_ number: Int, _ colour: RGBA) {
            let f = strip.frame(of: number, in: geometry, mirrored: book.mirrored)
            list.bands.append((Rect(x: f.minX - ring, y: f.minY - ring, width: f.size.width + 2 * ring, height: f.size.height + 2 * ring), colour))
        }
        if pages.contains(strip.selected), strip.selected != current { mark(strip.selected, FolioApp.textColour) }
        if pages.contains(current) { mark(current, FolioApp.slowMotionColour) }
        for number in pages {
            let f = strip.frame(of: number, in: geometry, mirrored: book.mirrored)
            list.overlays.append(Layer(size: f.size, position: f.origin, anchor: Point(x: 0, y: 0),
                                       content: .thumbnail(book: book.bookIndex, number: number), side: .right,
                                       cornerRadius: max(2, 3 * u)))
        }
        let count = geometry.count
        list.texts.append(TextLayer("Page \(strip.selected) of \(count) \u{2014} Enter goes there, Escape hides", size: geometry.captionSize,
                                    position: Point(x: size.width / 2, y: geometry.captionY), colour: FolioApp.textColour,
                                    maxWidth: size.width * 0.9))
    }

    static let stripColour = RGBA(0.08, 0.09, 0.11, 0.92)
}
