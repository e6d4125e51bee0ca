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

    func key(_ key: Key, _ modifiers: Modifiers, in app: any AppHost) -> Bool {
        guard let showing = app.pageShowingAtRest else {
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
            if let number = app.library.books[showing.bookIndex].numbering.number(typed: typed) {
                TypedPageContext.goTo(page: number, in: showing, app: app)
            }
        default:
            app.modals.remove(self)
            return false
        }
        return true
    }

    /// It lasts while its book is on top at rest: a transition, or leaving the book, forgets it.
    func holds(in app: any AppHost) -> Bool { app.pageShowingAtRest != nil }

    /// Goes to page `number` (the reader's numbering, clamped to the book) as `arriving`
    /// says (its top, or a place on it), as the scene showing the pages goes there (the
    /// reading view through its place, the column gliding or the leaves riffling; the book
    /// in 3D riffling its leaves); and selects it in the strip when the strip shows.
    static func goTo(page number: Int, in showing: any PageShowing, arriving: ReadingPlace.Arrival = .top, app: any AppHost) {
        let numbering = app.library.books[showing.bookIndex].numbering
        let clamped = min(max(number, 1), numbering.count)
        // A jump: back comes to where the reader was (the reading view's history).
        app.modals.first(LinksContext.self)?.leave(in: app)
        showing.go(toPage: numbering.displayPage(ofNumber: clamped), arriving: arriving, at: app.clock.animationTime)
        app.modals.first(StripContext.self)?.select(clamped, of: showing.bookIndex, app: app)
        app.send(.showPageNumber)
    }

    /// What the line under the pages says while the number is typed.
    func label(of bookIndex: Int, app: any AppHost) -> String {
        "Go to page \(typed)\u{2009}\u{258F} of \(app.library.books[bookIndex].numbering.count) \u{2014} Enter"
    }
}
