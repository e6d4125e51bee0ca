/// The page of the tutorial, in points at unit scale (u = 1, a 1280×800 window), and the
/// shapes other books take: a book's pages follow its content's aspect ratio (width over
/// height), as tall as the tutorial's page when narrower than it, and no wider than a page
/// whose cover on the shelf (at 0.7) fills a portrait cell, so covers never overlap.
public enum PageGeometry {
    /// 362 × 568 points.
    public static let size = Size(width: 362, height: 568)
    /// The outer corners' radius, points.
    public static let cornerRadius = 20.0
    /// The tutorial page's aspect ratio, 362/568.
    public static let aspect = size.width / size.height
    /// The widest page: 362 / 0.7 ≈ 517 points.
    public static let maxWidth = size.width / 0.7
    /// Aspect ratios a book may take; beyond these a page is letterboxed into the nearest.
    public static let aspectRange = 0.4...2.5

    /// The page size in points at unit scale for pages of aspect ratio `aspect`.
    public static func size(aspect: Double) -> Size {
        guard aspect.isFinite, aspect > 0, abs(aspect - self.aspect) > 1e-6 else { return size }
        let a = clamp(aspect, aspectRange.lowerBound, aspectRange.upperBound)
        if a <= self.aspect { return Size(width: size.height * a, height: size.height) }
        let width = min(size.height * a, maxWidth)
        return Size(width: width, height: width / a)
    }

    /// Ratios closer than this (relative) are one shape: scans of one book vary by a few
    /// pixels, and a page within it of the tutorial's keeps the tutorial's page.
    public static let sameShape = 0.03

    /// An image this many times as wide, for its height, as the book's page (or more) spans
    /// a spread: a double page scanned whole is about twice a page's width.
    public static let spreadWidthRatio = 1.6

    /// True when an image of `size` spans a spread of a book whose pages have aspect
    /// `pageAspect` (its halves go on a left and a right page).
    public static func spansSpread(_ size: Size, pageAspect: Double) -> Bool {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0, pageAspect > 0 else { return false }
        return size.width / size.height >= spreadWidthRatio * pageAspect
    }

    /// A book's page aspect from the sizes of its first pages (the cover first): the most
    /// common shape among them (a tie goes to the one seen first; the group's median), nil
    /// when none could be read or it is the tutorial's shape, kept within `aspectRange`.
    public static func aspect(ofPageSizes sizes: [Size]) -> Double? {
        let ratios = sizes.compactMap { s -> Double? in
            guard s.width.isFinite, s.height.isFinite, s.width > 0, s.height > 0 else { return nil }
            let ratio = s.width / s.height
            return ratio.isFinite && ratio > 0 ? ratio : nil
        }
        var best: [Double] = []
        for ratio in ratios {
            let group = ratios.filter { abs($0 / ratio - 1) <= sameShape }
            if group.count > best.count { best = group }
        }
        guard !best.isEmpty else { return nil }
        let median = best.sorted()[best.count / 2]
        guard abs(median / aspect - 1) > sameShape else { return nil }
        return clamp(median, aspectRange.lowerBound, aspectRange.upperBound)
    }
}
