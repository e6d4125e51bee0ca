/// Where the pages read lie on screen: a link under the pointer and a search's hits are
/// found and drawn through it.
extension ReadingScene {
    /// What the pages of the spread being read show: the textures to make first.
    public func shownContents() -> [LayerContent] {
        if let column { return column.shown().map { .page(book: book.bookIndex, page: $0.page) } }
        let leaf = book.currentLeaf, spread = [2 * leaf + 1, 2 * leaf + 2]
        return book.pages(openness: 1, flatness: 1).filter { spread.contains($0.pose.page) }.map { book.layer($0).content }
    }

    /// The pages of the spread being read, at rest: each one's display page and its
    /// rectangle in window points, as drawn (zoomed, slid, mirrored). None while a leaf
    /// turns, the zoom glides or the view slides.
    public func shownPages() -> [(page: Int, frame: Rect)] {
        guard isAtRest else { return [] }
        if let column { return column.shown() }
        let leaf = book.currentLeaf, spread = [2 * leaf + 1, 2 * leaf + 2]
        return book.pages(openness: 1, flatness: 1).compactMap { state in
            guard spread.contains(state.pose.page) else { return nil }
            var layer = book.layer(state)
            layer.screen = zoom.current
            let corners = [(0.0, 0.0), (layer.size.width, 0), (layer.size.width, layer.size.height), (0, layer.size.height)]
                .compactMap { layer.project(x: $0.0, y: $0.1) }
            guard corners.count == 4 else { return nil }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            let frame = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
            guard frame.size.width > 1, frame.size.height > 1 else { return nil }
            return (state.pose.page, frame)
        }
    }

    public func flatPages() -> [(page: Int, frame: Rect)]? { shownPages() }
    public var historyPlace: ReadingPlace? { place }

    /// Each page on screen at rest and how much of it shows, top to bottom within the reading
    /// area (the band under it hides the rest).
    public func visiblePlaces() -> [ReadingPlace.Visible] {
        if let column, isAtRest { return column.visible() }
        return shownPages().compactMap { ReadingPlace.Visible(page: $0.page, span: $0.frame.minY...$0.frame.maxY, height: viewport.height) }
    }

    /// Scrolls a page zoomed or fitted to its width so that `box` (window points, as shown
    /// now) is in view, a third of the way down, when it is not in view already; gliding, as
    /// a scroll does. False when it was in view (or nothing can scroll).
    @discardableResult
    public func reveal(_ box: Rect, at time: Double) -> Bool {
        let margin = 0.08 * viewport.height
        if var column {
            guard box.minY < margin || box.maxY > viewport.height - margin else { return false }
            defer { self.column = column }
            return abs(column.scroll(by: box.midY - viewport.height / 3, at: time)) > 0.5
        }
        guard zoom.isZoomed, box.minY < margin || box.maxY > viewport.height - margin else { return false }
        return abs(zoom.scroll(by: viewport.height / 3 - box.midY, at: time)) > 0.5
    }
}
