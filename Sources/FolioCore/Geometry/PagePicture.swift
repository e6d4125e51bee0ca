/// Where a page's picture lies on the page's rectangle on screen, and a place on the picture
/// (as fractions of it, from its top-left corner, as links and a search's hits are given)
/// in window points and back. A picture is fitted whole and centred, the rest paper, as
/// pages are made (letterboxed, never cropped).
public enum PagePicture {
    /// The picture of `aspect` (its width over its height; nil: the page's own shape) on
    /// `frame`, the page's rectangle on screen.
    public static func on(_ frame: Rect, aspect: Double?) -> Rect {
        guard let aspect, aspect > 0, frame.size.width > 0, frame.size.height > 0 else { return frame }
        let width = min(frame.size.width, frame.size.height * aspect), height = width / aspect
        return Rect(x: frame.midX - width / 2, y: frame.midY - height / 2, width: width, height: height)
    }

    /// A box given as fractions of the picture of `aspect` on `frame`, in window points.
    public static func onScreen(_ area: Rect, of frame: Rect, aspect: Double? = nil) -> Rect {
        let p = on(frame, aspect: aspect)
        return Rect(x: p.minX + area.minX * p.size.width, y: p.minY + area.minY * p.size.height,
                    width: area.size.width * p.size.width, height: area.size.height * p.size.height)
    }

    /// Window point `point` as fractions of the picture of `aspect` on `frame`.
    public static func onPage(_ point: Point, of frame: Rect, aspect: Double? = nil) -> Point {
        let p = on(frame, aspect: aspect)
        return Point(x: (point.x - p.minX) / p.size.width, y: (point.y - p.minY) / p.size.height)
    }
}
