/// The reading view's geometry: the same leaves lying flat, facing the reader, the spread as
/// large as the window allows but a margin, with room for the page indicator below. A leaf
/// turns about the spine across one leaf of offset and lands flat; the leaves under it lie
/// flat too, so only the two or three leaves that show are posed.
extension BookLayout {
    /// Margin around the flat spread at 1280×800, points (scaled with the window, floored).
    static let readingMargin = 14.0
    /// Room under the flat spread for the page indicator at 1280×800, points.
    static let readingFooter = 34.0

    /// The box the flat spread fits in, window points.
    public var readingArea: Rect {
        let margin = max(BookLayout.readingMargin * unit, 4)
        let footer = max(BookLayout.readingFooter * unit, 18)
        return Rect(x: margin, y: margin, width: max(size.width - 2 * margin, 1),
                    height: max(size.height - 2 * margin - footer, 1))
    }

    /// How much larger a page is in the reading view than in the 3D book.
    public var readingScale: Double {
        let area = readingArea
        return min(area.size.width / (2 * pageSize.width), area.size.height / pageSize.height)
    }

    /// Where the spine's middle sits in the reading view.
    public var readingSpine: Point {
        let area = readingArea
        return Point(x: size.width / 2, y: area.midY)
    }

    /// The flat spread in the reading view, window points.
    public var readingFrame: Rect {
        let s = readingScale, spine = readingSpine
        return Rect(x: spine.x - s * pageSize.width, y: spine.y - s * pageSize.height / 2,
                    width: 2 * s * pageSize.width, height: s * pageSize.height)
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
