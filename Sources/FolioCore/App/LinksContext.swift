/// A PDF's links and the reader's history, as a modal context always on the stack under the
/// others, for any scene whose pages lie flat (`PageShowing.flatPages`; the reading view) and
/// keeps a history (`historyPlace`): the pointer over a link shows a hand; a click on a link to a
/// page goes there; every jump (a link, the contents, a search hit, a typed page, the strip,
/// Home, End) remembers where the reader was (`ReadingHistory`), and Backspace, Alt+Left or
/// the mouse's back button (when no context above takes them) go back to that very line,
/// Alt+Right forward again; with no history left, back goes up a level as ever. A click on a
/// link out of the book asks first (`LinkPromptContext`: the whole address, Enter opens it;
/// web and mail addresses only, any other is named and never opened). A link that covers
/// most of its page (`PageLink.maxArea`) is no link: the page's clicks stay the page's. Links
/// are read off the input path (`DocumentReader`): a page whose links are not yet read has
/// none to click.
final class LinksContext: ModalContext {
    let keyContext = KeyContext.reading
    let level = ModalLevel.links
    /// Where the reader was before each jump, and where each back came from.
    private(set) var history = ReadingHistory()

    /// The pages lying flat at rest on top, their book's numbering, its document and the reader
    /// of its links.
    private typealias Flat = (pages: [(page: Int, frame: Rect)], numbering: PageNumbering, path: String, reader: DocumentReader)

    /// The pages lying flat at rest on top (their book's numbering), of a PDF the app can
    /// read links of.
    private static func flatPages(in app: any AppHost) -> Flat? {
        guard let showing = app.pageShowingAtRest, let pages = showing.flatPages(), let reader = app.documents,
              let path = app.library.books[showing.bookIndex].documentPath else { return nil }
        return (pages, app.library.books[showing.bookIndex].numbering, path, reader)
    }

    /// The link under window point `point`, if the pages lying flat at rest show one there.
    static func link(at point: Point, in app: any AppHost) -> PageLink? {
        flatPages(in: app).flatMap { link(at: point, on: $0) }
    }

    /// The link under `point` on `flat`, the pages lying flat (their numbering, document and reader).
    private static func link(at point: Point, on flat: Flat) -> PageLink? {
        let (pages, numbering, path, reader) = flat
        for (page, frame) in pages where frame.contains(point) {
            guard let number = numbering.number(ofDisplayPage: page),
                  let links = reader.links(path, page: number - 1, pageCount: numbering.count) else { continue }
            return links.first { $0.isClickable && $0.area.contains(PagePicture.onPage(point, of: frame, aspect: $0.pageAspect)) }
        }
        return nil
    }

    /// Asks for the links of the pages shown, so they are read before the pointer comes.
    private static func prefetch(_ flat: Flat) {
        let (pages, numbering, path, reader) = flat
        for (page, _) in pages {
            if let number = numbering.number(ofDisplayPage: page) { _ = reader.links(path, page: number - 1, pageCount: numbering.count) }
        }
    }

    func click(at point: Point, in app: any AppHost) -> Bool {
        guard let link = LinksContext.link(at: point, in: app), let showing = app.pageShowingAtRest else { return false }
        switch link.target {
        case .page(let number):
            TypedPageContext.goTo(page: number, in: showing, arriving: link.arrival, app: app)
        case .address(let address):
            if link.opens, let asked = LinkAddress(address) {
                app.modals.push(LinkPromptContext(address: asked, over: showing, at: app.clock.time))
            } else {
                app.send(.notice("Link to \(address): Folio opens only web and mail addresses"))
            }
        case .unkept:
            // Never kept on a page (`PageLink.checked`): nothing to follow.
            return false
        }
        return true
    }

    /// The scene on top that keeps a history, and where it is: the entry a jump from here leaves.
    private static func here(in app: any AppHost) -> (any PageShowing, ReadingHistory.Entry)? {
        guard let showing = app.pageShowingAtRest, let place = showing.historyPlace else { return nil }
        return (showing, ReadingHistory.Entry(book: showing.bookIndex, place: place))
    }

    /// A jump is made from where the reader is: back comes here.
    func leave(in app: any AppHost) {
        if let (_, here) = LinksContext.here(in: app) { history.leave(here) }
    }

    /// Goes back (or forward) to where the reader was, that very line; false when there is
    /// no such place in this book.
    private func step(back: Bool, in app: any AppHost) -> Bool {
        guard let (showing, here) = LinksContext.here(in: app),
              let to = back ? history.goBack(from: here) : history.goForward(from: here) else { return false }
        showing.go(toPage: to.place.page, arriving: .line(to.place.top), at: app.clock.animationTime)
        if let number = app.library.books[here.book].numbering.number(ofDisplayPage: to.place.page) {
            app.modals.first(StripContext.self)?.select(number, of: showing.bookIndex, app: app)
        }
        app.send(.showPageNumber)
        return true
    }

    private func goBack(in app: any AppHost) -> Bool { step(back: true, in: app) }

    /// Backspace and Alt+Left go back, Alt+Right forward; Home and End are jumps too (the
    /// view makes them, this notes where they leave from).
    func key(_ key: Key, _ modifiers: Modifiers, in app: any AppHost) -> Bool {
        if key == .backspace && modifiers.isEmpty { return goBack(in: app) }
        if KeyBindings.action(for: key, modifiers, in: .reading) == .history { return step(back: key == .left, in: app) }
        if modifiers.isEmpty, [.first, .last].contains(KeyBindings.action(for: key, in: .reading)) { leave(in: app) }
        return false
    }

    func back(in app: any AppHost) -> Bool { goBack(in: app) }

    /// Over a link: the hand, and where it goes at the left of the page number's line (as a
    /// browser names a link's address), unless a notice is there. The links of the pages
    /// shown are asked for as they come to rest.
    func draw(into list: inout DrawList, in app: any AppHost) {
        // The pages lying flat, placed once a frame for both the prefetch and the pointer.
        guard let flat = LinksContext.flatPages(in: app) else { return }
        LinksContext.prefetch(flat)
        guard let point = app.window.pointer.point, let link = LinksContext.link(at: point, on: flat),
              let showing = app.pageShowingAtRest else { return }
        list.pointer = .link
        guard app.window.words.noticeOpacity(at: app.clock.time) == 0 else { return }
        let words = ScreenWords(app: app), s = words.textSize(14, minimum: 11), x = max(20 * app.window.size.layoutUnit, 6)
        var line = TextLayer(LinksContext.label(link.target), size: s,
                             position: Point(x: x, y: ScreenWords.lineUnder(showing, app: app, textSize: s)),
                             alignment: .leading, colour: ScreenWords.textColour,
                             maxWidth: max(app.window.size.width / 2 - x - 100 * app.window.size.layoutUnit, 40))
        line.backing = ScreenWords.backing
        list.texts.append(line)
    }

    /// Where a link goes, in a few words.
    static func label(_ target: PageLink.Target) -> String {
        switch target {
        case .page(let number): return "Link to page \(number)"
        case .address(let address): return "Link to \(address)"
        case .unkept: return "Link to an address too long to show"
        }
    }
}
