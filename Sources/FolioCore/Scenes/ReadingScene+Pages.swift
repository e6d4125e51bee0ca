/// Where the pages read lie on screen: a link under the pointer and a search's hits are
/// found and drawn through it.
extension ReadingScene {
    /// The pages of the spread being read, at rest: each one's display page and its
    /// rectangle in window points, as drawn (zoomed, slid, mirrored). None while a leaf
    /// turns, the zoom glides or the view slides.
    public func shownPages() -> [(page: Int, frame: Rect)] {
        guard isAtRest else { return [] }
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

    /// A box given as fractions of a page (from its top-left corner) on `frame`, the page's
    /// rectangle on screen.
    public static func onScreen(_ area: Rect, of frame: Rect) -> Rect {
        Rect(x: frame.minX + area.minX * frame.size.width, y: frame.minY + area.minY * frame.size.height,
             width: area.size.width * frame.size.width, height: area.size.height * frame.size.height)
    }

    /// Window point `point` as fractions of `frame` (from its top-left corner).
    public static func onPage(_ point: Point, of frame: Rect) -> Point {
        Point(x: (point.x - frame.minX) / frame.size.width, y: (point.y - frame.minY) / frame.size.height)
    }

    /// Scrolls a page zoomed or fitted to its width so that `box` (window points, as shown
    /// now) is in view, a third of the way down, when it is not in view already; gliding, as
    /// a scroll does. False when it was in view (or nothing can scroll).
    @discardableResult
    public func reveal(_ box: Rect, at time: Double) -> Bool {
        let margin = 0.08 * viewport.height
        guard zoom.isZoomed, box.minY < margin || box.maxY > viewport.height - margin else { return false }
        return abs(zoom.scroll(by: viewport.height / 3 - box.midY, at: time)) > 0.5
    }
}
