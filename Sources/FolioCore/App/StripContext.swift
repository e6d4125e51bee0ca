/// The thumbnail strip in a book (3D or flat), as a modal context: T or the pointer resting at
/// the bottom edge shows it; the arrows select, the wheel scrolls it, Enter or a click
/// riffles the book to the page (`TypedPageContext.goTo`). It stands on
/// the modal stack always, hidden or not, for it watches the bottom edge for a resting
/// pointer; hidden, it takes no input.
final class StripContext: ModalContext {
    let keyContext = KeyContext.strip
    let level = ModalLevel.strip
    private(set) var strip = ThumbnailStrip()

    /// The band's colour: opaque, so nothing of a page under it shows through.
    static let colour = RGBA(0.08, 0.09, 0.11, 1)

    /// The strip's geometry for book `bookIndex` in the app's window.
    static func geometry(of bookIndex: Int, in app: any AppHost) -> ThumbnailStrip.Geometry {
        let known = app.library.books[bookIndex]
        return ThumbnailStrip.Geometry(window: app.window.size, pageShape: known.pageShape, count: known.numbering.count)
    }

    /// Shows the strip with the page being read selected (T).
    func show(in app: any AppHost) {
        guard let showing = app.pageShowingAtRest else { return }
        strip.show(current: app.numberRead(in: showing), in: StripContext.geometry(of: showing.bookIndex, in: app))
    }

    func hide(in app: any AppHost) {
        strip.hide()
    }

    /// Selects page `number` of book `bookIndex` when the strip shows (a page gone to another way).
    func select(_ number: Int, of bookIndex: Int, app: any AppHost) {
        guard strip.isShown else { return }
        strip.select(number, in: StripContext.geometry(of: bookIndex, in: app), at: app.clock.animationTime)
    }

    func key(_ key: Key, _ modifiers: Modifiers, in app: any AppHost) -> Bool {
        guard strip.isShown else { return false }
        guard let showing = app.pageShowingAtRest else {
            hide(in: app)
            return false
        }
        let geometry = StripContext.geometry(of: showing.bookIndex, in: app)
        guard let action = KeyBindings.action(for: key, in: .strip) else { return false }
        let forward = showing.mirrored ? Key.left : Key.right
        switch action {
        case .next: strip.select(strip.selected + (key == forward ? 1 : -1), in: geometry, at: app.clock.animationTime)
        case .first: strip.select(key == .home ? 1 : geometry.count, in: geometry, at: app.clock.animationTime)
        case .goToSelected: TypedPageContext.goTo(page: strip.selected, in: showing, app: app)
        default: hide(in: app)
        }
        return true
    }

    func back(in app: any AppHost) -> Bool {
        guard strip.isShown else { return false }
        hide(in: app)
        return true
    }

    /// A wheel turn over the strip scrolls it; elsewhere it is the pinch's.
    func wheel(dx: Double, dy: Double, in app: any AppHost) -> Bool {
        guard strip.isShown, let showing = app.pageShowingAtRest else { return false }
        let geometry = StripContext.geometry(of: showing.bookIndex, in: app)
        guard app.window.pointer.point.map(geometry.band.contains) ?? true else { return false }
        // Down or right goes on to later pages; the other way in a right-to-left book.
        let notches = (dx != 0 ? dx : -dy) * (showing.mirrored ? -1 : 1)
        strip.scroll(notches: notches, in: geometry, at: app.clock.animationTime)
        return true
    }

    /// A click on a thumbnail goes to its page; anywhere on the band it is the strip's.
    func click(at point: Point, in app: any AppHost) -> Bool {
        guard strip.isShown, let showing = app.pageShowingAtRest else { return false }
        let geometry = StripContext.geometry(of: showing.bookIndex, in: app)
        guard geometry.band.contains(point) else { return false }
        if let number = strip.number(at: point, in: geometry, mirrored: showing.mirrored) {
            strip.select(number, in: geometry, at: app.clock.animationTime)
            TypedPageContext.goTo(page: number, in: showing, app: app)
        }
        return true
    }

    /// The pointer moved: resting at the bottom edge shows the strip after a moment; leaving
    /// a strip the edge showed hides it.
    func pointerMoved(to point: Point, in app: any AppHost) {
        guard let showing = app.pageShowingAtRest else { return }
        strip.pointerMoved(to: point, in: StripContext.geometry(of: showing.bookIndex, in: app), at: app.clock.time)
    }

    func pointerLeft() { strip.pointerLeft() }

    func isChanging(in app: any AppHost) -> Bool { strip.isAnimating || strip.isWaitingAtEdge }

    /// Each frame: the strip's scroll, the strip shown once the pointer has rested, hidden
    /// when its book is no longer at rest on top; the open book makes room above it.
    func update(in app: any AppHost) {
        defer { makeRoom(in: app) }
        guard let showing = app.pageShowingAtRest else { return hide(in: app) }
        strip.update(at: app.clock.animationTime)
        if strip.restedAtEdge(at: app.clock.time) {
            let geometry = StripContext.geometry(of: showing.bookIndex, in: app)
            strip.show(current: app.numberRead(in: showing), in: geometry, byPointer: true)
        }
    }

    /// The open book makes room above the strip while it shows, so the strip never covers
    /// the page being read; the room goes as the strip does.
    private func makeRoom(in app: any AppHost) {
        // The highest scene showing pages lays them out (the reading view over its book).
        guard let pages = app.navigation.scenes.last(where: { $0 is any PageShowing }) as? any PageShowing else { return }
        let shown = app.pageShowingAtRest.flatMap { strip.isShown && $0 === pages ? $0 : nil }
        let inset = shown.map { StripContext.geometry(of: $0.bookIndex, in: app).band.size.height } ?? 0
        if inset != pages.bottomInset { pages.makeRoom(bottom: inset) }
    }

    /// The strip's band, marks and thumbnails, and its caption.
    func draw(into list: inout DrawList, in app: any AppHost) {
        guard strip.isShown, let showing = app.pageShowingAtRest else { return }
        let geometry = StripContext.geometry(of: showing.bookIndex, in: app)
        guard let pages = strip.visible(in: geometry) else { return }
        list.bands.append((geometry.band, StripContext.colour))
        let size = app.window.size, current = app.numberRead(in: showing), u = size.layoutUnit
        let ring = max(2, 3 * u)
        func mark(_ number: Int, _ colour: RGBA) {
            let f = strip.frame(of: number, in: geometry, mirrored: showing.mirrored)
            list.bands.append((Rect(x: f.minX - ring, y: f.minY - ring,
                                    width: f.size.width + 2 * ring, height: f.size.height + 2 * ring), colour))
        }
        if pages.contains(strip.selected), strip.selected != current { mark(strip.selected, ScreenWords.textColour) }
        if pages.contains(current) { mark(current, ScreenWords.slowMotionColour) }
        for number in pages {
            let f = strip.frame(of: number, in: geometry, mirrored: showing.mirrored)
            list.overlays.append(Layer(size: f.size, position: f.origin, anchor: Point(x: 0, y: 0),
                                       content: .thumbnail(book: showing.bookIndex, number: number), side: .right,
                                       cornerRadius: max(2, 3 * u)))
        }
        let numbering = app.library.books[showing.bookIndex].numbering
        list.texts.append(TextLayer("\(numbering.sentence(ofNumber: strip.selected)) \u{2014} Enter goes there, Escape hides",
                                    size: geometry.captionSize,
                                    position: Point(x: size.width / 2, y: geometry.captionY), colour: ScreenWords.textColour,
                                    maxWidth: size.width * 0.9))
    }
}
