/// A book's contents (a PDF's outline, a comic's bookmarks: `Book.contents`) as a modal
/// context, always on the stack under the window's keys: in a book at rest on top (3D or
/// flat), Tab shows the panel (`ContentsPanel`), and so does a click on the small button the
/// top-left corner shows while the pointer is near it. While it shows it takes every key:
/// Up and Down (Home, End, PageUp, PageDown, the wheel) select a chapter, Enter or a click on
/// one riffles the book there (`TypedPageContext.goTo`) and hides the panel, Escape, Tab, the
/// back button or a click outside it hide it. A book without contents says so.
final class ContentsContext: ModalContext {
    let keyContext = KeyContext.contents
    let level = ModalLevel.contents
    /// The book whose contents show (its index in the library); nil while hidden.
    private(set) var shownBook: Int?
    /// The entry selected, and the first row shown.
    private(set) var selected = 0
    private(set) var firstRow = 0

    /// The book the panel is for, while it shows and that book is still at rest on top.
    private func shown(in app: any AppHost) -> (any PageShowing)? {
        guard let index = shownBook, let book = app.pageShowingAtRest, book.bookIndex == index else { return nil }
        return book
    }

    private static func entries(_ book: any PageShowing, in app: any AppHost) -> [ContentsEntry] {
        app.library.books[book.bookIndex].contents
    }

    /// The entry of the chapter being read in `book`, if any.
    static func current(_ book: any PageShowing, in app: any AppHost) -> Int? {
        BookContents.current(entries(book, in: app), atPage: app.numberRead(in: book))
    }

    /// The button's rectangle, top left, and the corner where the pointer shows it.
    static func button(in size: Size) -> (button: Rect, corner: Rect) {
        let u = max(size.layoutUnit, 0.5)
        let button = Rect(x: 12 * u, y: 12 * u, width: 132 * u, height: 34 * u)
        return (button, Rect(x: 0, y: 0, width: button.maxX + 60 * u, height: button.maxY + 40 * u))
    }

    /// Shows the contents of the book at rest on top, the chapter being read selected (the
    /// strip, if it showed, hides).
    func show(in app: any AppHost) {
        guard let book = app.pageShowingAtRest else { return }
        app.modals.first(StripContext.self)?.hide(in: app)
        shownBook = book.bookIndex
        selected = ContentsContext.current(book, in: app) ?? 0
        firstRow = max(0, selected - ContentsPanel(size: app.window.size).rows / 2)
    }

    func hide() { shownBook = nil }

    /// The trace's account of the panel, while it shows.
    func traced(in app: any AppHost) -> TraceFrame.Contents? {
        guard let book = shown(in: app) else { return nil }
        return TraceFrame.Contents(entries: ContentsContext.entries(book, in: app).count, selected: selected)
    }

    /// Selects entry `index` (clamped) and scrolls it into view.
    private func select(_ index: Int, of count: Int, in app: any AppHost) {
        selected = min(max(index, 0), max(count - 1, 0))
        let rows = ContentsPanel(size: app.window.size).rows
        if selected < firstRow { firstRow = selected }
        if selected >= firstRow + rows { firstRow = selected - rows + 1 }
        firstRow = min(max(firstRow, 0), max(count - rows, 0))
    }

    /// Riffles the book to the selected chapter and hides the panel.
    private func go(_ book: any PageShowing, in app: any AppHost) {
        let entries = ContentsContext.entries(book, in: app)
        hide()
        guard entries.indices.contains(selected) else { return }
        TypedPageContext.goTo(page: entries[selected].number, in: book, arriving: entries[selected].arrival, app: app)
    }

    func key(_ key: Key, _ modifiers: Modifiers, in app: any AppHost) -> Bool {
        guard let book = shown(in: app) else {
            hide()
            guard KeyBindings.action(for: key, modifiers, in: .inBook) == .contents,
                  app.pageShowingAtRest != nil else { return false }
            show(in: app)
            return true
        }
        let count = ContentsContext.entries(book, in: app).count, page = max(ContentsPanel(size: app.window.size).rows - 1, 1)
        switch key {
        case .up: select(selected - 1, of: count, in: app)
        case .down: select(selected + 1, of: count, in: app)
        case .pageup: select(selected - page, of: count, in: app)
        case .pagedown: select(selected + page, of: count, in: app)
        case .home: select(0, of: count, in: app)
        case .end: select(count - 1, of: count, in: app)
        case .return: go(book, in: app)
        case .escape, .tab: hide()
        default: break
        }
        return true
    }

    func back(in app: any AppHost) -> Bool {
        guard shown(in: app) != nil else { return false }
        hide()
        return true
    }

    /// Shown: a click on a chapter goes there, one outside the panel's rows hides it. Hidden:
    /// a click on the corner's button shows it.
    func click(at point: Point, in app: any AppHost) -> Bool {
        guard let book = shown(in: app) else {
            hide()
            guard app.pageShowingAtRest != nil, ContentsContext.button(in: app.window.size).button.contains(point) else { return false }
            show(in: app)
            return true
        }
        let entries = ContentsContext.entries(book, in: app)
        if let row = ContentsPanel(size: app.window.size).row(at: point), entries.indices.contains(firstRow + row) {
            selected = firstRow + row
            go(book, in: app)
        } else {
            hide()
        }
        return true
    }

    /// Shown, the wheel moves the selection a chapter a notch.
    func wheel(dx: Double, dy: Double, in app: any AppHost) -> Bool {
        guard let book = shown(in: app) else { return false }
        let steps = Int(dy.rounded(.awayFromZero))
        select(selected - steps, of: ContentsContext.entries(book, in: app).count, in: app)
        return true
    }

    /// Shown: the panel over everything but the list of keys. Hidden, in a book at rest with
    /// the pointer in the top-left corner: the button.
    func draw(into list: inout DrawList, in app: any AppHost) {
        if let book = shown(in: app) {
            let entries = ContentsContext.entries(book, in: app), panel = ContentsPanel(size: app.window.size)
            let known = app.library.books.indices.contains(book.bookIndex) ? app.library.books[book.bookIndex] : nil
            list.help = HelpOverlay(size: app.window.size, lines: panel.texts(entries, first: firstRow, selected: selected,
                                                                       current: ContentsContext.current(book, in: app),
                                                                       label: { known?.label(ofNumber: $0) ?? String($0) }))
            return
        }
        guard app.pageShowingAtRest != nil, let pointer = app.window.pointer.point else { return }
        let (button, corner) = ContentsContext.button(in: app.window.size)
        guard corner.contains(pointer) else { return }
        var label = TextLayer("\u{2630} Contents", size: button.size.height * 0.5, weight: .bold,
                              position: Point(x: button.midX, y: button.midY),
                              colour: HelpOverlay.keyColour, maxWidth: button.size.width)
        label.backing = HelpOverlay.scrimColour
        list.texts.append(label)
    }
}
