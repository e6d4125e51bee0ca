/// What a key does.
public enum KeyAction: Sendable, Equatable {
    case next, previous, first, last
    case open, close, quit
    /// In the 3D book: the flat reading view.
    case read
    /// Mid-transition: on to the deeper level (the open book, the reading view), or back.
    case steerOpen, steerClose
    case slowMotion, capture
    /// The window: desktop fullscreen on/off, and out of it (Escape, before anything else).
    case fullscreen, leaveFullscreen
    /// Shows or hides the list of keys; `hideHelp` only hides it.
    case help, hideHelp
    /// In a book: pair its pages one page further on, or back (spreads on the wrong pages).
    case shiftPairing
    /// In a book: right to left (manga), or back to left to right.
    case flipDirection
    /// In a book: a digit of a page number to go to (Enter goes, riffling there).
    case typePage
    /// In the reading view: one page, two pages, or automatic.
    case pageMode
    /// Continuous scroll on or off (the reading view).
    case continuous
    /// Back (or forward) to where a jump left the reading view.
    case history
    /// In a book: the thumbnail strip, shown or hidden; in it, go to the selected page.
    case thumbnails, goToSelected
    /// In the reading view: the fit (whole page, width, height), and scrolling a fitted page.
    case fit, scrollDown, scrollUp
    /// On the shelf: find a book by its title's first letters; while finding, one more
    /// character, and `erase` takes one back.
    case find, erase
    /// On the shelf: the next order of the books (`ShelfOrder`).
    case order
    /// In the reading view: zoom in and out at the pointer, and back to the whole spread.
    case zoomIn, zoomOut, zoomReset
    /// In a book: the contents (a PDF's outline, a comic's bookmarks), shown or hidden.
    case contents
    /// In a book: search its text ("/"); in a search, on to the next or previous hit.
    case search
    /// Pushes a registered scene (`SceneEntry`).
    case pushScene
}
