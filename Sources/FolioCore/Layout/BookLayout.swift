/// The open book (SPEC §2): every page centred on the window and hinged on the spine at
/// x = W/2; `offset` (points) turns one leaf per window width.
public struct BookLayout: Equatable, Sendable {
    public let size: Size
    /// Pages after padding to an even count.
    public let pageCount: Int
    /// The page in points at unit scale (the tutorial's 362 × 568 unless the book has its own).
    public let pageShape: Size

    /// Leaves whose raw ratio is beyond ±5.5 lie flat (their ratio compresses past ±1) and
    /// exactly under the one at ±5.5, so they are never posed: cost follows the screen, not
    /// the book. While turning, the fan's last leaf lifts slightly and still covers them.
    static let fanReach = 5.5

    /// Pages side by side in the reading view: 2 (the spread) or 1 (one page at a time).
    public var readingPages = 2

    /// Points at the window's bottom that the thumbnail strip takes while it shows: the
    /// pages make room above it.
    public var bottomInset = 0.0

    /// The first leaf the book rests on: −1, the cover unturned, alone on the right as a
    /// printed book's first page is (leaf 0 is the first spread, the cover turned).
    public let firstLeaf = -1

    public init(size: Size, pageCount: Int, pageShape: Size = PageGeometry.size) {
        self.size = size
        self.pageCount = pageCount + pageCount % 2
        self.pageShape = pageShape
    }

    /// Points per point of the 1280×800 layout: the window's, less the strip's band while
    /// one shows, so the book in 3D (its leaves standing up included) stays whole above it.
    public var unit: Double { Size(width: size.width, height: max(size.height - bottomInset, 1)).layoutUnit }
    public var pageSize: Size { Size(width: pageShape.width * unit, height: pageShape.height * unit) }
    public var leafCount: Int { pageCount / 2 }
    /// Eye distance for m34 = −1/2000 at 1280×800, scaled with the layout so every window
    /// size sees the same picture.
    public var eyeDistance: Double { 2000 * unit }
    public var cornerRadius: Double { PageGeometry.cornerRadius * unit }
    /// Where the spine's middle sits in the window: its middle, or the middle of what the
    /// strip leaves above it while one shows.
    public var spine: Point { Point(x: size.width / 2, y: (size.height - bottomInset) / 2) }
    /// The open spread lying flat, window points: a page either side of the spine.
    public var spreadFrame: Rect {
        Rect(x: spine.x - pageSize.width, y: spine.y - pageSize.height / 2,
             width: 2 * pageSize.width, height: pageSize.height)
    }

    /// Offsets at which paging rests: −W (the cover alone), 0, W, 2W, … (one leaf each).
    public var offsetRange: ClosedRange<Double> {
        (Double(firstLeaf) * size.width)...(Double(max(leafCount - 1, firstLeaf)) * size.width)
    }

    public static func side(of page: Int) -> PageSide { page % 2 == 0 ? .right : .left }

    /// `r = −0.5 + floor(i/2) − o/W`, compressed by 0.1 beyond ±0.5.
    public func ratio(of page: Int, offset: Double) -> Double {
        let r = -0.5 + Double(page / 2) - offset / size.width
        if r > 0.5 { return 0.5 + 0.1 * (r - 0.5) }
        if r < -0.5 { return -0.5 + 0.1 * (r + 0.5) }
        return r
    }

    /// Even pages `(1 − r)·(−π/2)`, odd pages `(1 + r)·(π/2) + 1/1000`, r clamped to ±1.
    public static func angle(of page: Int, ratio: Double) -> Double {
        let r = clamp(ratio, -1, 1)
        return page % 2 == 0 ? (1 - r) * (-Double.pi / 2) : (1 + r) * (Double.pi / 2) + 1.0 / 1000
    }

    /// The ratio that a rotation corresponds to (SPEC §2's ρ for the shading).
    public static func rho(side: PageSide, angle: Double) -> Double {
        switch side {
        case .right: return 1 - angle / (-Double.pi / 2)
        case .left: return -(1 - angle / (Double.pi / 2))
        case .alone: return 0
        }
    }

    public func pose(of page: Int, offset: Double) -> PagePose {
        let r = ratio(of: page, offset: offset)
        let hidden = (r > 0 && page % 2 == 1) || (r < 0 && page % 2 == 0)
        return PagePose(page: page, ratio: r, angle: BookLayout.angle(of: page, ratio: r), visible: !hidden)
    }

    /// The pages worth posing at `offset`: leaves whose raw ratio lies within the fan's reach.
    public func pageRange(offset: Double) -> Range<Int> {
        guard leafCount > 0 else { return 0..<0 }
        let leaf = offset / size.width
        let first = max(0, Int((leaf + 0.5 - BookLayout.fanReach).rounded(.up)))
        let last = min(leafCount - 1, Int((leaf + 0.5 + BookLayout.fanReach).rounded(.down)))
        return first <= last ? (2 * first)..<(2 * last + 2) : 0..<0
    }

    /// The layer for page `page` rotated by `angle`, then (for transitions) translated by `tx`
    /// along its own x axis and scaled by `scale`, the order of the tutorial's closePageCell;
    /// seen by an eye `eye` points away (nil: `eyeDistance`).
    public func layer(page: Int, content: LayerContent, angle: Double, tx: Double = 0,
                      scale: Double = 1, opacity: Double = 1, eye: Double? = nil) -> Layer {
        let side = BookLayout.side(of: page)
        let transform = Transform3D.perspective(distance: eye ?? eyeDistance)
            .rotated(angle, 0, 1, 0)
            .translated(tx, 0, 0)
            .scaled(scale, scale, 1)
        return Layer(
            size: pageSize, position: spine,
            anchor: side == .right ? Point(x: 0, y: 0.5) : Point(x: 1, y: 0.5),
            transform: transform, opacity: opacity, content: content, side: side,
            cornerRadius: cornerRadius,
            shading: Shading.page(side: side, rho: BookLayout.rho(side: side, angle: angle)),
            stackOrder: page == 0 ? Int.max : -page)
    }
}
