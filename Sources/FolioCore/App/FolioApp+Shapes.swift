/// Books measured as they open: the app asks, the host measures (reading page headers in its
/// decoder workers, off the input path) and hands the shape back; nothing waits meanwhile.
/// One way: the app never calls the host.
extension FolioApp {
    /// The books to measure since the last call, with what is known of them; each is asked
    /// for once.
    public func takeShapesWanted() -> [(index: Int, book: Book)] {
        defer { shapesWanted.removeAll() }
        return shapesWanted.filter(library.books.indices.contains).map { ($0, library.books[$0]) }
    }

    /// Book `index` measured: its page shape and the double pages found. An open book takes
    /// the shape at once, on the page the reader is at (a book opened at a page asked for,
    /// and not moved since, on that page as the measured book numbers it).
    public func adopt(shape measured: Book, ofBook index: Int) {
        guard library.books.indices.contains(index), library.books[index].pages.count == measured.pages.count,
              library.books[index].title == measured.title else { return }
        let old = library.books[index]
        guard old.pageAspect != measured.pageAspect || !measured.spreads.isSubset(of: old.spreads) else { return }
        library.books[index].pageAspect = measured.pageAspect
        library.books[index].spreads.formUnion(measured.spreads)
        guard let book, book.bookIndex == index, !book.scroller.isDragging else { return }
        let shaped = library.books[index]
        let leaf: Int
        if let opening = lastOpening, opening.index == index, opening.leaf == book.currentLeaf, !book.isTurning {
            leaf = opening.page.map { BookScene.leaf(showing: shaped.numbering.displayPage(ofNumber: $0)) } ?? opening.leaf
        } else {
            let number = old.numbering.numbers(leaf: book.currentLeaf).first
            leaf = number.map { BookScene.leaf(showing: shaped.numbering.displayPage(ofNumber: $0)) } ?? book.currentLeaf
        }
        book.relayout(pageCount: shaped.displayPageCount, lastPage: shaped.numbering.lastDisplayPage, leaf: leaf,
                      pageShape: shaped.pageShape)
        reading?.relayout()
    }
}
