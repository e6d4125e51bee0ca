/// What the shelf shows and orders by beyond the covers: how far each book was read (from
/// the places the app holds; none without them, as in recordings and with remembering off),
/// when, and its title.
extension Bookcase: ShelfReadings {
    func progress(ofBook index: Int) -> ReadingProgress? {
        if let known = progress[index] { return known }
        guard let places, library.books.indices.contains(index) else { return nil }
        var found = ReadingProgress(page: places.page(ofBook: index), spread: places.spread(ofBook: index),
                                    in: library.books[index].numbering)
        // The direction the book opens in (`bookScene`): --rtl, else the reader's, else its own.
        found?.rightToLeft = everyBookRightToLeft || (places.settings(ofBook: index).rightToLeft ?? library.books[index].rightToLeft)
        progress[index] = .some(found)
        return found
    }

    func lastRead(ofBook index: Int) -> (time: Int?, recency: Int)? {
        places?.lastRead(ofBook: index)
    }

    func series(ofBook index: Int) -> BookSeries? {
        library.books.indices.contains(index) ? library.books[index].series : nil
    }

    func added(ofBook index: Int) -> Int? {
        library.books.indices.contains(index) ? library.books[index].addedAt : nil
    }

    func title(ofBook index: Int) -> String {
        library.books.indices.contains(index) ? library.books[index].title : ""
    }
}
