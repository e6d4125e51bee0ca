/// The reading view's geometry: the same leaves lying flat, facing the reader, the spread as
/// large as the window allows but a margin, with room for the page indicator below. A leaf
/// turns about the spine across one leaf of offset and lands flat; the leaves under it lie
/// flat too, so only the two or three leaves that show are posed.
extension BookLayout {
    /// Margin around the flat spread at 1280×800, points (scaled with the window, floored).
    static let readingMargin = 14.0
    /// Room under the flat spread for the page indicator at 1280×800, points.
    static let readingFooter = 34.0

    /// The box the flat spread fits in, window points (above the strip when one shows).
    public var readingArea: Rect {
        let margin = max(BookLayout.readingMargin * unit, 4)
        let footer = max(BookLayout.readingFooter * unit, 18)
        return Rect(x: margin, y: margin, width: max(size.width - 2 * margin, 1),
                    height: max(size.height - bottomInset - 2 * margin - footer, 1))
    }

    /// How much larger a page is in the reading view than in the 3D book: the spread, or one
    /// page, as large as the reading area holds.
    public var readingScale: Double { readingScale(pages: readingPages) }

    func readingScale(pages: Int) -> Double {
        let area = readingArea
        return min(area.size.width / (Double(max(pages, 1)) * pageSize.width), area.size.height / pageSize.height)
    }

    /// The pages the reading view shows side by side when the reader leaves it to Folio: one
    /// in a window taller than wide; else two when each then shows at least 85 % as large as
    /// one page alone (a portrait comic in a landscape window), else one (landscape photos).
    public var automaticReadingPages: Int {
        guard size.width >= size.height else { return 1 }
        return readingScale(pages: 2) >= BookLayout.twoPagesAtLeast * readingScale(pages: 1) ? 2 : 1
    }

    static let twoPagesAtLeast = 0.85

    /// How far the spine moves right in the reading view to bring a page to the window's
    /// middle when one page shows at a time: `focus` is −1 for the left page, 1 for the
    /// right one (between them as the view slides); 0 with two pages.
    public func readingSlide(focus: Double) -> Double {
        readingPages == 1 ? -focus * readingScale * pageSize.width / 2 : 0
    }

    /// The eye's distance in the reading view, points: the 3D book's, or farther where a leaf
    /// standing up (its outer edge a page width nearer the eye, and so taller) would reach
    /// past the window's top or bottom edge; a turning or riffling leaf stays in the window.
    public var readingEyeDistance: Double {
        let s = readingScale
        let width = s * pageSize.width, half = s * pageSize.height / 2
        guard width > 0, half > 0 else { return eyeDistance }
        // An edge `width` nearer an eye `d` away shows d / (d − width) as tall: at most `grow`.
        let grow = min(readingSpine.y, size.height - bottomInset - readingSpine.y) / half
        guard grow > 1.001 else { return 1000 * width }
        return max(eyeDistance, width * grow / (grow - 1))
    }

    /// Where the spine's middle sits in the reading view.
    public var readingSpine: Point {
        let area = readingArea
        return Point(x: size.width / 2, y: area.midY)
    }

    /// The flat spread in the reading view (the page read, one page at a time), window points.
    public var readingFrame: Rect {
        let s = readingScale, spine = readingSpine
        let width = Double(readingPages) * s * pageSize.width
        return Rect(x: spine.x - width / 2, y: spine.y - s * pageSize.height / 2, width: width, height: s * pageSize.height)
    }

    /// SPEC §2's ratio before compression: `−0.5 + floor(i/2) − o/W`.
    public func rawRatio(of page: Int, offset: Double) -> Double {
        -0.5 + Double(page / 2) - offset / size.width
    }

    /// The ratio of a page in the reading view: ±1 (flat) at rest, sweeping through 0 as
    /// its leaf turns over one leaf of offset.
    public func flatRatio(of page: Int, offset: Double) -> Double {
        clamp(2 * rawRatio(of: page, offset: offset), -1, 1)
    }

    /// The pages the reading view poses at `offset`: the leaf turning and the flat leaf
    /// either side (those further away lie flat exactly under them).
    public func readingPageRange(offset: Double) -> Range<Int> {
        guard leafCount > 0 else { return 0..<0 }
        let leaf = offset / size.width
        let first = max(0, Int((leaf - 1 + 1e-9).rounded(.up)))
        let last = min(leafCount - 1, Int((leaf + 2 - 1e-9).rounded(.down)))
        return first <= last ? (2 * first)..<(2 * last + 2) : 0..<0
    }
}
