/// What a layer shows. The renderer resolves these to textures; FolioCore never sees pixels.
public enum LayerContent: Hashable, Sendable {
    /// The cover image of a book in the library.
    case cover(book: Int)
    /// Page `page` of book `book` (page 0 is the cover, page 1 the inside of the cover).
    case page(book: Int, page: Int)
    /// A blank sheet of paper (the padding page of an odd-length book).
    case blank
}
