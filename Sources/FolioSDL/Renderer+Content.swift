import FolioCore

/// What the renderer asks of a layer's content: the side its texture is made for, the number
/// its placeholder shows, its book's page aspect.
extension Renderer {
    /// The side a content's texture is made for (which corners it rounds): as in the book,
    /// mirrored for a right-to-left book, whose pages show on the other side (and whose
    /// cover, on the shelf too, has its spine on the right).
    func side(of content: LayerContent) -> PageSide {
        let side: PageSide, book: Int
        switch content {
        case .page(let b, _) where pagesStandAlone && !library.spansSpread(content):
            (side, book) = (.alone, b)
        case .page(let b, let page): (side, book) = (BookLayout.side(of: page), b)
        case .backCover(let b): (side, book) = (.left, b)  // the last leaf's back
        case .cover(let b), .thumbnail(let b, _): (side, book) = (.right, b)
        case .blank, .fill: return .right
        }
        return library.books.indices.contains(book) && library.books[book].rightToLeft ? side.opposite : side
    }

    /// The number a placeholder shows for this content: the book's own page number (none
    /// for covers and blanks).
    func number(of content: LayerContent) -> Int? {
        guard case .page(let book, let page) = content, page > 0, library.books.indices.contains(book) else { return nil }
        return library.books[book].numbering.number(ofDisplayPage: page)
    }

    /// The page aspect ratio of the book `content` belongs to.
    func aspect(of content: LayerContent) -> Double {
        let book: Int
        switch content {
        case .cover(let b), .page(let b, _), .backCover(let b), .thumbnail(let b, _): book = b
        case .blank, .fill: return PageGeometry.aspect
        }
        guard library.books.indices.contains(book) else { return PageGeometry.aspect }
        let shape = library.books[book].pageShape
        return shape.width / shape.height
    }
}
