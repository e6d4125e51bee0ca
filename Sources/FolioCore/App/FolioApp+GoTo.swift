/// Going to a page by its number: digits typed in a book (3D or flat) show under the spread
/// as they are typed; Enter riffles there, Backspace takes a digit back, Escape or any other
/// key forgets the number.
extension FolioApp {
    /// Longest page number typed: a book holds at most 100,000 pages.
    static let maxTypedDigits = 6

    /// Takes `key` when it types, edits or ends a page number; false leaves it to the rest.
    func typePage(_ key: Key) -> Bool {
        guard let book = (navigation.top as? BookShowing)?.book, library.books.indices.contains(book.bookIndex) else {
            onScreen.typedPage = nil
            return false
        }
        if let digit = key.digit {
            // A 0 first is the zoom's key (no page is numbered 0).
            if digit == 0 && onScreen.typedPage == nil { return false }
            let typed = onScreen.typedPage ?? ""
            if typed.count < FolioApp.maxTypedDigits { onScreen.typedPage = typed + String(digit) }
            return true
        }
        guard let typed = onScreen.typedPage else { return false }
        switch key {
        case .backspace:
            onScreen.typedPage = typed.count > 1 ? String(typed.dropLast()) : nil
            return true
        case .escape:
            onScreen.typedPage = nil
            return true
        case .return:
            onScreen.typedPage = nil
            if let number = Int(typed) { goTo(page: number, in: book) }
            return true
        default:
            onScreen.typedPage = nil
            return false
        }
    }

    /// Riffles `book` to the spread showing page `number` (the reader's numbering, clamped
    /// to the book).
    func goTo(page number: Int, in book: BookScene) {
        let numbering = library.books[book.bookIndex].numbering
        let clamped = min(max(number, 1), numbering.count)
        let page = numbering.displayPage(ofNumber: clamped)
        book.riffle(toLeaf: BookScene.leaf(showing: page), at: animationTime)
        // One page at a time, the page asked for is the one read, whichever side it is on.
        if book.layout.readingPages == 1 { book.read(side: BookLayout.side(of: page), at: animationTime) }
        if strip.isShown { strip.select(clamped, in: stripGeometry(book), at: animationTime) }
        onScreen.pageShownAt = time
    }

    /// What the line under the spread says while a number is typed.
    func typedPageLabel(_ typed: String, in book: BookScene) -> String {
        "Go to page \(typed)\u{2009}\u{258F} of \(library.books[book.bookIndex].numbering.count) \u{2014} Enter"
    }
}
