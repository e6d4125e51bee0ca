/// Going to a page by its number: a digit typed in a book (3D or flat) starts one, shown under
/// the spread as it is typed; Enter riffles there, Backspace takes a digit back, Escape or any
/// other key forgets the number (that key then goes on to the contexts under it).
final class TypedPageContext: ModalContext {
    let keyContext = KeyContext.book
    let level = ModalLevel.typedPage
    /// The digits typed so far.
    private(set) var typed: String

    /// Longest page number typed: a book holds at most 100,000 pages.
    static let maxDigits = 6

    init(digit: Int) {
        typed = String(digit)
    }

    /// The open book at rest on top of the stack, whose page is being typed.
    private static func book(in app: any AppHost) -> BookScene? {
        guard app.navigation.transition == nil, let book = (app.navigation.top as? any BookShowing)?.book,
              app.library.books.indices.contains(book.bookIndex) else { return nil }
        return book
    }

    func key(_ key: Key, _ modifiers: Modifiers, in app: any AppHost) -> Bool {
        guard let book = TypedPageContext.book(in: app) else {
            app.modals.remove(self)
            return false
        }
        if let digit = key.digit {
            if typed.count < TypedPageContext.maxDigits { typed += String(digit) }
            return true
        }
        switch key {
        case .backspace:
            // The line stays, empty, until Escape: a held Backspace never falls through to
            // the book (where it goes back, then closes the book).
            if !typed.isEmpty { typed.removeLast() }
        case .escape:
            app.modals.remove(self)
        case .return:
            app.modals.remove(self)
            // A page's printed label first ("17" printed on the 20th page), else its number.
            if let number = app.library.books[book.bookIndex].numbering.number(typed: typed) {
                TypedPageContext.goTo(page: number, in: book, app: app)
            }
        default:
            app.modals.remove(self)
            return false
        }
        return true
    }

    /// It lasts while its book is on top at rest: a transition, or leaving the book, forgets it.
    func holds(in app: any AppHost) -> Bool { TypedPageContext.book(in: app) != nil }

    /// Goes to page `number` (the reader's numbering, clamped to the book) as `arriving`
    /// says (its top, or a place on it): in the reading view through its place (the column
    /// glides there; leaves riffle), in the book in 3D the leaves riffle to its spread; and
    /// selects it in the strip when the strip shows.
    static func goTo(page number: Int, in book: BookScene, arriving: ReadingPlace.Arrival = .top, app: any AppHost) {
        let numbering = app.library.books[book.bookIndex].numbering
        let clamped = min(max(number, 1), numbering.count)
        let page = numbering.displayPage(ofNumber: clamped)
        if let reading = app.reading, reading.book === book, app.navigation.top === reading {
            // A jump: back comes to where the reader was.
            app.modals.first(LinksContext.self)?.leave(in: app)
            reading.go(toPage: page, arriving: arriving, at: app.animationTime)
        } else {
            book.riffle(toLeaf: BookScene.leaf(showing: page), at: app.animationTime)
            // One page at a time, the page asked for is the one read, whichever side it is on.
            if book.layout.readingPages == 1 { book.read(side: BookLayout.side(of: page), at: app.animationTime) }
        }
        app.thumbnails.select(clamped, in: book, app: app)
        app.onScreen.pageShownAt = app.time
    }

    /// What the line under the spread says while the number is typed.
    func label(in book: BookScene, app: any AppHost) -> String {
        "Go to page \(typed)\u{2009}\u{258F} of \(app.library.books[book.bookIndex].numbering.count) \u{2014} Enter"
    }
}
