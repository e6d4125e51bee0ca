/// A PDF's links in the reading view, as a modal context always on the stack under the
/// others: the pointer over a link shows a hand; a click on a link to a page riffles there,
/// remembering where the reader was, and Backspace (or the mouse's back button, when no
/// context above takes it) riffles back; a click on a link out of the book names its address
/// in a notice, and only a second click on it while the notice shows hands it to the desktop
/// to open (web and mail addresses; any other is named and never opened). Links are read off
/// the input path (`DocumentReader`): a page whose links are not yet read has none to click.
final class LinksContext: ModalContext {
    let keyContext = KeyContext.reading
    let level = ModalLevel.links
    /// Where the reader was before each link followed, latest last: its book and page number.
    private(set) var history: [(book: Int, number: Int)] = []
    /// Most places kept to go back to.
    static let maxHistory = 100
    /// The address named by the last click on a link out, and when.
    private var offered: (address: String, at: Double)?

    /// The reading view at rest on top, of a PDF the app can read links of.
    private static func reading(in app: FolioApp) -> (ReadingScene, path: String, DocumentReader)? {
        guard app.navigation.transition == nil, let reading = app.navigation.top as? ReadingScene, reading.isAtRest,
              let reader = app.documents, app.library.books.indices.contains(reading.book.bookIndex),
              let path = app.library.books[reading.book.bookIndex].documentPath else { return nil }
        return (reading, path, reader)
    }

    /// The link under window point `point`, if the reading view at rest shows one there.
    static func link(at point: Point, in app: FolioApp) -> PageLink? {
        guard let (reading, path, reader) = reading(in: app) else { return nil }
        let numbering = app.library.books[reading.book.bookIndex].numbering
        for (page, frame) in reading.shownPages() where frame.contains(point) {
            guard let number = numbering.number(ofDisplayPage: page),
                  let links = reader.links(path, page: number - 1, pageCount: numbering.count) else { continue }
            return links.first { $0.area.contains(ReadingScene.onPage(point, of: frame, aspect: $0.pageAspect)) }
        }
        return nil
    }

    /// Asks for the links of the pages shown, so they are read before the pointer comes.
    private static func prefetch(in app: FolioApp) {
        guard let (reading, path, reader) = reading(in: app) else { return }
        let numbering = app.library.books[reading.book.bookIndex].numbering
        for (page, _) in reading.shownPages() {
            if let number = numbering.number(ofDisplayPage: page) { _ = reader.links(path, page: number - 1, pageCount: numbering.count) }
        }
    }

    func click(at point: Point, in app: FolioApp) -> Bool {
        guard let link = LinksContext.link(at: point, in: app), let book = StripContext.book(in: app) else { return false }
        switch link.target {
        case .page(let number):
            history.append((book.bookIndex, StripContext.currentNumber(book, in: app)))
            if history.count > LinksContext.maxHistory { history.removeFirst() }
            TypedPageContext.goTo(page: number, in: book, app: app)
        case .address(let address):
            if !link.opens {
                app.onScreen.notice = ("Link to \(address): Folio opens only web and mail addresses", app.time)
            } else if let offered, offered.address == address, app.time - offered.at < OnScreenText.noticeHoldTime {
                self.offered = nil
                app.addressToOpen = address
                app.onScreen.notice = ("Opening \(address)", app.time)
            } else {
                offered = (address, app.time)
                app.onScreen.notice = ("Link to \(address): click it again to open it", app.time)
            }
        }
        return true
    }

    /// Riffles back to where the reader was before the last link followed in this book;
    /// false when there is no such place.
    private func goBack(in app: FolioApp) -> Bool {
        guard let book = StripContext.book(in: app), app.navigation.top is ReadingScene else { return false }
        history.removeAll { $0.book != book.bookIndex }
        guard let last = history.popLast() else { return false }
        TypedPageContext.goTo(page: last.number, in: book, app: app)
        return true
    }

    func key(_ key: Key, _ modifiers: Modifiers, in app: FolioApp) -> Bool {
        key == .backspace && modifiers.isEmpty && goBack(in: app)
    }

    func back(in app: FolioApp) -> Bool { goBack(in: app) }

    /// Over a link: the hand, and where it goes at the left of the page number's line (as a
    /// browser names a link's address), unless a notice is there. The links of the pages
    /// shown are asked for as they come to rest.
    func draw(into list: inout DrawList, in app: FolioApp) {
        LinksContext.prefetch(in: app)
        guard let point = app.pointerPlace.point, let link = LinksContext.link(at: point, in: app),
              let reading = app.navigation.top as? ReadingScene else { return }
        list.pointer = .link
        guard app.onScreen.noticeOpacity(at: app.time) == 0 else { return }
        let words = ScreenWords(app: app), s = words.textSize(14, minimum: 11), x = max(20 * app.size.layoutUnit, 6)
        var line = TextLayer(LinksContext.label(link.target), size: s, position: Point(x: x, y: ScreenWords.lineUnder(reading, app: app, textSize: s)),
                             alignment: .leading, colour: ScreenWords.textColour, maxWidth: max(app.size.width / 2 - x - 100 * app.size.layoutUnit, 40))
        line.backing = ScreenWords.backing
        list.texts.append(line)
    }

    /// Where a link goes, in a few words.
    static func label(_ target: PageLink.Target) -> String {
        switch target {
        case .page(let number): return "Link to page \(number)"
        case .address(let address): return "Link to \(address)"
        }
    }
}
