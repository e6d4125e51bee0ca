import FolioCore
import FolioDecoding
import FolioLibrary
#if canImport(Glibc)
import Glibc
#endif

/// The size page textures are made at: the drawn size capped by the renderer's largest
/// texture, kept through small resizes so dragging a window's edge does not decode every
/// page again; past 1.25× or below 0.6× the old textures are redone (and drawn scaled
/// meanwhile).
struct PageSizePolicy {
    /// Largest texture side the renderer takes.
    let maxTextureSide: Int32
    /// The current shape (zero until the first `adopt`); its side is always `.right`.
    private(set) var shape = PageImage.Shape(width: 0, height: 0, radius: 0, side: .right)
    /// The size was last taken exactly (a column's pages, drawn texel for pixel).
    private(set) var isExact = false

    init(maxTextureSide: Int32) {
        self.maxTextureSide = maxTextureSide
    }

    /// Pages drawn larger than the 3D book's (the reading view, zoomed or not) are made
    /// larger in steps (quarters up to 2 times the window's page size, then whole numbers up
    /// to 8, whichever first covers `zoom`), so a zoom in asks for a few redos; a page stays
    /// within `maxPageBytes` (never below its unzoomed size).
    /// `exactBytes`: pages standing alone in a column are made at the size they are drawn,
    /// to be drawn texel for pixel (`Renderer`), when that takes at most `exactBytes`.
    static func magnification(zoom: Double, width: Double, height: Double, maxPageBytes: Int, exactBytes: Int? = nil) -> Double {
        if let exactBytes, width * height * 4 * zoom * zoom <= Double(exactBytes) { return zoom }
        guard zoom > 1 else { return 1 }
        // Quarter steps up to 2 (the reading view draws pages about 1.3× their 3D size),
        // then whole ones.
        let step = zoom <= 2 ? ((zoom - 1e-9) * 4).rounded(.up) / 4 : min(8, (zoom - 1e-9).rounded(.up))
        let fits = (Double(maxPageBytes) / max(width * height * 4, 1)).squareRoot()
        return max(1, min(step, fits))
    }

    /// Takes the page size in pixels; true when the shape changed and textures made for the
    /// old one must be redone. `exact`: any change of size is taken (pages drawn texel for
    /// pixel), not only a large one.
    mutating func adopt(width: Double, height: Double, cornerRadius: Double, exact: Bool = false) -> Bool {
        isExact = exact
        let limit = Double(maxTextureSide - 2 * PageImage.margin)
        let fit = min(1, limit / max(width, 1), limit / max(height, 1))
        let w = Int32(max(8, (width * fit).rounded())), h = Int32(max(8, (height * fit).rounded()))
        guard w != shape.width || h != shape.height else { return false }
        let ratio = Double(w) / Double(max(shape.width, 1))
        guard exact || shape.width == 0 || ratio > 1.25 || ratio < 0.6 else { return false }
        shape = PageImage.Shape(width: w, height: h, radius: cornerRadius * fit, side: .right)
        return true
    }

    /// The shape of a page on `side` of a book whose pages have aspect ratio `aspect`
    /// (PageGeometry's shape for it, at this policy's texels per point); `spans`: the page
    /// shows `side`'s half of an image spanning the spread.
    func shape(for side: PageSide, aspect: Double = PageGeometry.aspect, spans: Bool = false) -> PageImage.Shape {
        var s = shape
        s.side = side
        s.spans = spans
        let points = PageGeometry.size(aspect: aspect)
        guard points != PageGeometry.size, shape.width > 0 else { return s }
        let texelsPerPoint = Double(shape.width) / PageGeometry.size.width
        s.width = Int32(max(8, (points.width * texelsPerPoint).rounded()))
        s.height = Int32(max(8, (points.height * texelsPerPoint).rounded()))
        return s
    }
}
