/// What a layer shows. The renderer resolves these to textures; FolioCore never sees pixels.
public enum LayerContent: Hashable, Sendable {
    /// The cover image of a book in the library.
    case cover(book: Int)
    /// Page `page` of book `book` (page 0 is the cover, page 1 the inside of the cover).
    case page(book: Int, page: Int)
    /// The back cover of book `book`: the last leaf's back, in the cover's colour, unnumbered.
    case backCover(book: Int)
    /// A blank sheet of paper.
    case blank
    /// Page `number` of book `book` (the reader's numbering: 1 is the cover) in the
    /// thumbnail strip, decoded at the thumbnail's size.
    case thumbnail(book: Int, number: Int)
    /// A flat colour, drawn without a texture (the shelf's progress bars): its alpha times
    /// the layer's opacity.
    case fill(RGBA)
}

extension LayerContent {
    public var isBackCover: Bool {
        if case .backCover = self { return true }
        return false
    }

    public var isFill: Bool {
        if case .fill = self { return true }
        return false
    }
}
