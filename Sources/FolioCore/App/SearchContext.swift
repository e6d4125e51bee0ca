/// Searching a PDF's text (poppler's text layer, read in the decoder's workers through
/// `DocumentReader`): "/" in a book at rest, 3D or flat, opens a line at the right of the
/// page number's line to type into (every character is the search's, none a command);
/// Enter searches from the page being read to the end and round from the start, and riffles
/// to the first hit as soon as it is certain; n or Enter go to the next hit, Shift+N or
/// Shift+Enter to the one before, riffling there; the hits on the pages shown are marked in
/// the reading view. Escape ends the search; "/" types a new one. A book with no text (a
/// scanned PDF, a comic) says so.
final class SearchContext: ModalContext {
    let keyContext = KeyContext.search
    let level = ModalLevel.search
    /// The book searched (its index in the library).
    let bookIndex: Int
    /// The text typed, and whether keys still type into it.
    private(set) var typed = ""
    private(set) var typing = true
    /// The search running or done, nil before Enter.
    private(set) var search: TextSearch?
    /// The hit gone to last, nil before the first. Kept as the hit itself: hits found later
    /// on earlier pages (the search goes round from the page it began on) come before it.
    private var currentHit: TextHit?

    /// The hit gone to last as an index into the search's hits so far.
    var current: Int? { currentHit.flatMap { hit in search?.progress.hits.firstIndex(of: hit) } }
    /// Riffle to the first hit once it is certain.
    private var jumpPending = false
    /// The hit to bring into view once its page is at rest in the reading view.
    private var revealPending: TextHit?

    /// Hits marked on the reading view's pages: a highlighter's yellow, and a stronger one
    /// for the hit gone to.
    static let hitColour = RGBA(1, 0.85, 0.1, 0.35)
    static let currentColour = RGBA(1, 0.55, 0, 0.5)

    private init(book: Int) {
        bookIndex = book
    }

    /// The open book at rest on top whose text is searched, while it is that book.
    private func showing(in app: any AppHost) -> (any PageShowing)? {
        guard let showing = app.pageShowingAtRest, showing.bookIndex == bookIndex else { return nil }
        return showing
    }

    /// "/" typed in a book at rest: a line to type the search into (the last search's text
    /// again, to edit), or, for a book with no text layer, a notice saying so.
    static func start(in app: any AppHost) -> Bool {
        guard let showing = app.pageShowingAtRest else { return false }
        if let open = app.modals.first(SearchContext.self), open.bookIndex == showing.bookIndex {
            open.typing = true
            return true
        }
        guard app.library.books[showing.bookIndex].documentPath != nil, app.documents != nil else {
            app.send(.notice("Nothing to search: this book's pages are pictures, not text"))
            return true
        }
        app.modals.first(SearchContext.self).map(app.modals.remove)
        app.modals.push(SearchContext(book: showing.bookIndex))
        return true
    }

    func text(_ text: String, in app: any AppHost) -> Bool {
        guard typing, showing(in: app) != nil else { return false }
        for character in text where !character.isNewline
            && !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            guard (typed + String(character)).utf8.count <= SearchContext.maxText else { break }
            typed.append(character)
        }
        return true
    }

    /// Longest text searched for, bytes of UTF-8 (as the decoder's wire carries it).
    static let maxText = 256

    func key(_ key: Key, _ modifiers: Modifiers, in app: any AppHost) -> Bool {
        guard showing(in: app) != nil else { return false }
        if typing {
            // Ctrl makes any key a command; a key that types nothing (an arrow) ends the typing.
            guard !modifiers.contains(.ctrl) else { return stopTyping(in: app) }
            switch key {
            // Emptied, the line stays until Escape: a held Backspace never falls through.
            case .backspace: if !typed.isEmpty { typed.removeLast() }
            case .return: run(in: app)
            case .escape: _ = stopTyping(in: app)
            default: if !key.types { return stopTyping(in: app) }
            }
            return true
        }
        // N or Enter: the next hit; with Shift, the one before; Escape ends the search.
        switch key {
        case .n, .return:
            guard !modifiers.contains(.ctrl), !modifiers.contains(.alt) else { return false }
            step(modifiers.contains(.shift) ? -1 : 1, in: app)
        case .escape: end(in: app)
        default: return false
        }
        return true
    }

    /// Keys stop typing into the line: it goes if nothing was searched yet. Returns false
    /// (the key goes on to the contexts under it).
    private func stopTyping(in app: any AppHost) -> Bool {
        typing = false
        if search == nil { app.modals.remove(self) }
        return false
    }

    /// Ends the search: its marks go, and it stops reading.
    private func end(in app: any AppHost) {
        search?.cancel()
        app.modals.remove(self)
    }

    /// Searches for the text typed from the page being read.
    private func run(in app: any AppHost) {
        typing = false
        search?.cancel()
        search = nil
        currentHit = nil
        guard !typed.isEmpty, let showing = showing(in: app), let reader = app.documents,
              let path = app.library.books[bookIndex].documentPath else { return app.modals.remove(self) }
        let numbering = app.library.books[bookIndex].numbering
        search = reader.search(typed, in: path, pageCount: numbering.count, from: app.numberRead(in: showing) - 1)
        jumpPending = true
    }

    /// Goes `by` hits on (−1: back) from the hit gone to last, round the book; the first
    /// step from none goes to the first hit from the page being read.
    private func step(_ by: Int, in app: any AppHost) {
        guard let search, let showing = showing(in: app) else { return }
        let hits = search.progress.hits
        guard !hits.isEmpty else { return }
        jumpPending = false
        let index: Int
        if let current {
            index = ((current + by) % hits.count + hits.count) % hits.count
        } else {
            let here = app.numberRead(in: showing)
            index = by > 0 ? (hits.firstIndex { $0.number >= here } ?? 0) : (hits.lastIndex { $0.number <= here } ?? hits.count - 1)
        }
        currentHit = hits[index]
        go(to: hits[index], in: app)
    }

    /// Riffles to the hit's page unless it shows already (one page at a time, the page read;
    /// else either page of the spread).
    private func go(to hit: TextHit, in app: any AppHost) {
        guard let showing = showing(in: app) else { return }
        let shown = app.numberRead(in: showing) == hit.number
            || showing.pageRead == nil
            && app.library.books[bookIndex].numbering.numbers(onPages: showing.pagesAtRest).contains(hit.number)
        if !shown { TypedPageContext.goTo(page: hit.number, in: showing, arriving: .at(hit.area.minY), app: app) }
        revealPending = hit
    }

    /// Brings the hit gone to into view on its page, once the pages lying flat are at rest
    /// there (fit width shows a page's top: a hit lower down is scrolled to).
    private func reveal(in app: any AppHost) {
        guard let hit = revealPending, let showing = app.navigation.top as? any PageShowing,
              let pages = showing.flatPages() else { return revealPending = nil }
        guard showing.isAtRest else { return }
        let numbering = app.library.books[bookIndex].numbering
        revealPending = nil
        guard let frame = pages.first(where: { numbering.number(ofDisplayPage: $0.page) == hit.number })?.frame else { return }
        showing.reveal(PagePicture.onScreen(hit.area, of: frame, aspect: hit.pageAspect), at: app.clock.animationTime)
    }

    /// Each frame: the first hit from the page the search began on, once certain, is gone to.
    func update(in app: any AppHost) {
        if revealPending != nil { reveal(in: app) }
        guard jumpPending, let search else { return }
        if let first = search.firstHitFromStart {
            jumpPending = false
            let hits = search.progress.hits
            if hits.indices.contains(first) {
                currentHit = hits[first]
                go(to: hits[first], in: app)
            }
        } else if search.progress.isDone {
            jumpPending = false
        }
    }

    /// It lasts while its book is open, 3D or flat (laying it flat keeps the search; closing
    /// the book ends it). Its keys and marks wait for the book at rest.
    func holds(in app: any AppHost) -> Bool {
        guard app.navigation.scenes.contains(where: { ($0 as? any PageShowing)?.bookIndex == bookIndex }) else {
            search?.cancel()
            return false
        }
        return true
    }

    /// While it searches, its count of pages and hits moves.
    func isChanging(in app: any AppHost) -> Bool { search.map { !$0.progress.isDone } ?? false || jumpPending || revealPending != nil }

    /// The trace's account of the search.
    var traced: TraceFrame.Search {
        let progress = search?.progress
        return TraceFrame.Search(text: search?.text ?? typed, typing: typing, hits: progress?.hits.count ?? 0, current: current,
                                 searched: progress?.searched ?? 0, done: progress?.isDone ?? false)
    }

    /// What its line says.
    func label(in app: any AppHost) -> String {
        if typing { return "Search: \(typed)\u{2009}\u{258F}" }
        guard let search else { return "" }
        let progress = search.progress, quoted = "\u{201C}\(search.text)\u{201D}"
        if progress.failed { return "This book cannot be searched" }
        if progress.isDone && !progress.hasText { return "No text to search in this book (its pages are pictures)" }
        if progress.hits.isEmpty {
            return progress.isDone ? "\(quoted) not found"
                : "Searching for \(quoted)\u{2026} \(progress.searched) of \(progress.pageCount) pages"
        }
        let count = progress.isCapped ? "the first \(progress.hits.count) hits"
            : progress.hits.count == 1 ? "1 hit" : "\(progress.hits.count) hits"
        let more = progress.isDone ? "" : " so far"
        let at = current.map { "\($0 + 1) of " } ?? ""
        // The page the hit is on, by its printed label when it has one.
        let page = currentHit.map { ", page " + app.library.books[bookIndex].numbering.label(ofNumber: $0.number) } ?? ""
        return "\(quoted): \(at)\(count)\(more)\(page) \u{2014} N, Shift+N"
    }

    /// Its line, at the right of the page number's line; the hits on the reading view's pages.
    func draw(into list: inout DrawList, in app: any AppHost) {
        guard let showing = showing(in: app) else { return }
        let words = ScreenWords(app: app), s = words.textSize(14, minimum: 11)
        let x = app.window.size.width - max(20 * app.window.size.layoutUnit, 6)
        var line = TextLayer(label(in: app), size: s, weight: .bold,
                             position: Point(x: x, y: ScreenWords.lineUnder(showing, app: app, textSize: s)),
                             alignment: .trailing, colour: ScreenWords.textColour,
                             maxWidth: max(app.window.size.width / 2 - 120 * app.window.size.layoutUnit, 60))
        line.backing = ScreenWords.backing
        list.texts.append(line)
        guard let search else { return }
        let progress = search.progress, numbering = app.library.books[showing.bookIndex].numbering
        guard let pages = showing.flatPages() else {
            return markOnLayers(progress, of: showing.bookIndex, numbering: numbering, in: &list)
        }
        let viewport = Rect(x: 0, y: 0, width: app.window.size.width, height: showing.pagesBottom)
        for (page, frame) in pages {
            guard let number = numbering.number(ofDisplayPage: page) else { continue }
            for hit in progress.hits(onPage: number) {
                guard let box = PagePicture.onScreen(hit.area, of: frame, aspect: hit.pageAspect).clipped(to: viewport) else { continue }
                list.bands.append((box, hit == currentHit ? SearchContext.currentColour : SearchContext.hitColour))
            }
        }
    }

    /// In the book in 3D (or on its way to or from lying flat), each hit is a patch on its
    /// page's layer, drawn right after the page so that it turns with it and hides behind the
    /// pages in front.
    private func markOnLayers(_ progress: TextSearch.Progress, of bookIndex: Int, numbering: PageNumbering, in list: inout DrawList) {
        guard !progress.hits.isEmpty else { return }
        var marked: [Layer] = []
        marked.reserveCapacity(list.layers.count)
        for layer in list.layers {
            marked.append(layer)
            guard case .page(bookIndex, let page) = layer.content, let number = numbering.number(ofDisplayPage: page) else { continue }
            let local = Rect(x: 0, y: 0, width: layer.size.width, height: layer.size.height)
            for hit in progress.hits(onPage: number) {
                let colour = hit == currentHit ? SearchContext.currentColour : SearchContext.hitColour
                marked.append(layer.patch(PagePicture.onScreen(hit.area, of: local, aspect: hit.pageAspect), colour: colour))
            }
        }
        list.layers = marked
    }
}
