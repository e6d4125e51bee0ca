/// Books opened and closed from outside the input (`folio BOOK`, a replayed capture, the
/// viewer quitting), through the `BookDoors` as input opens them.
extension FolioApp {
    /// Opens book `index` as Enter does, at the spread showing page `number` (the reader's
    /// numbering: 1 is the cover; clamped to the book).
    public func open(book index: Int, atPage number: Int, at time: Double) {
        advance(to: time)
        if doors.open(index, page: number, size: size, at: animationTime) { onScreen.noteOpened(at: self.time) }
    }

    /// Opens book `index` straight into the reading view, at page `number` (nil: where the
    /// reader left off, else the cover), with the short arrival (`BookDoors.read`).
    public func read(book index: Int, atPage number: Int?, at time: Double) {
        advance(to: time)
        if doors.read(index, page: number, size: size, at: animationTime) { onScreen.noteOpened(at: self.time) }
    }

    /// Where a captured session began (`BookDoors.begin`).
    public func begin(at start: InputScript.Start) { doors.begin(at: start, size: size, at: animationTime) }

    /// The state a capture starts from.
    public var captureStart: InputScript.Start { doors.captureStart }

    /// Remembers the page of the book on screen and the book centred on the shelf.
    public func rememberPlace() { doors.rememberPlace() }

    /// The window's title: the book on screen, or the app's name on the shelf.
    public var title: String { bookcase.title(of: book) }
}
