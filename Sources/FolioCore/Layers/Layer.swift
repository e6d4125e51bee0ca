/// A colour with components 0…1.
public struct RGBA: Equatable, Hashable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }
}

/// Which side of the spine a page hangs on; it decides the hinge and the rounded corners.
public enum PageSide: String, Hashable, Sendable {
    /// Hangs on its left edge (anchor (0, 0.5)); rounds the top-right and bottom-right corners.
    case right
    /// Hangs on its right edge (anchor (1, 0.5)); rounds the top-left and bottom-left corners.
    case left
}

/// What a layer shows. The renderer resolves these to textures; FolioCore never sees pixels.
public enum LayerContent: Hashable, Sendable {
    /// The cover image of a book in the library.
    case cover(book: Int)
    /// Page `page` of book `book` (page 0 is the cover, page 1 the inside of the cover).
    case page(book: Int, page: Int)
    /// A blank sheet of paper (the padding page of an odd-length book).
    case blank
}

/// The darkening gradient across a page (SPEC §2): stops at fractions of the width measured
/// from the quad's left edge, each an alpha of dark grey.
public struct Shading: Equatable, Sendable {
    public static let grey = 0.33
    public var stops: [(x: Double, alpha: Double)]

    public static func == (a: Shading, b: Shading) -> Bool {
        a.stops.count == b.stops.count
            && zip(a.stops, b.stops).allSatisfy { $0.x == $1.x && $0.alpha == $1.alpha }
    }

    /// Alpha at fraction `x` of the width, linear between stops.
    public func alpha(at x: Double) -> Double {
        guard let first = stops.first, let last = stops.last else { return 0 }
        if x <= first.x { return first.alpha }
        if x >= last.x { return last.alpha }
        for i in 1..<stops.count where x <= stops[i].x {
            let a = stops[i - 1], b = stops[i]
            return b.x == a.x ? b.alpha : mix(a.alpha, b.alpha, (x - a.x) / (b.x - a.x))
        }
        return last.alpha
    }

    public var isVisible: Bool { stops.contains { $0.alpha > 1.0 / 512 } }

    /// The gradient for a page whose current rotation corresponds to ratio `rho`:
    /// alpha times `inv = 1 − |ρ|`. Right pages measure from the spine (the quad's left
    /// edge); left pages from their outer edge (also the quad's left edge).
    public static func page(side: PageSide, rho: Double) -> Shading {
        let inv = max(0, 1 - abs(rho))
        switch side {
        case .right:
            return Shading(stops: [(0, 0.45 * inv), (0.02, 0.40 * inv), (1, 0.55 * inv)])
        case .left:
            return Shading(stops: [(0, 0.30 * inv), (0.5, 0.40 * inv), (0.98, 0.50 * inv), (1, 0.55 * inv)])
        }
    }
}

/// One textured quad on screen, positioned the way Core Animation positions a layer: its
/// anchor point sits at `position`, and `transform` (Transform3D conventions) acts about it.
public struct Layer: Equatable, Sendable {
    /// Bounds size, points.
    public var size: Size
    /// Window position of the anchor point, points.
    public var position: Point
    /// Anchor in unit coordinates of the bounds: (0, 0.5) is the middle of the left edge.
    public var anchor: Point
    public var transform: Transform3D
    public var opacity: Double
    public var content: LayerContent
    /// The rounded corners follow the side: right pages round their right corners.
    public var side: PageSide
    /// Radius of the rounded outer corners, points.
    public var cornerRadius: Double
    public var shading: Shading?
    /// Breaks ties between coplanar layers: the higher draws on top.
    public var stackOrder: Int

    public init(size: Size, position: Point, anchor: Point, transform: Transform3D = .identity,
                opacity: Double = 1, content: LayerContent, side: PageSide, cornerRadius: Double,
                shading: Shading? = nil, stackOrder: Int = 0) {
        self.size = size
        self.position = position
        self.anchor = anchor
        self.transform = transform
        self.opacity = opacity
        self.content = content
        self.side = side
        self.cornerRadius = cornerRadius
        self.shading = shading
        self.stackOrder = stackOrder
    }

    /// A local point of the bounds (0…w, 0…h) relative to the anchor, before the transform.
    @inline(__always)
    func anchored(_ x: Double, _ y: Double) -> Vector3 {
        Vector3(x - anchor.x * size.width, y - anchor.y * size.height, 0)
    }

    /// Window position of a local bounds point, or nil behind the eye.
    public func project(x: Double, y: Double) -> Point? {
        guard let p = transform.project(anchored(x, y)) else { return nil }
        return Point(x: position.x + p.x, y: position.y + p.y)
    }

    /// Depth of the bounds' centre after the transform (towards the viewer is positive).
    public var depth: Double { transform.apply(anchored(size.width / 2, size.height / 2)).z }

    /// True when the front face points at the viewer (the projected corners keep their
    /// clockwise order on screen). Folio draws single-sided, so back faces are culled.
    public var isFrontFacing: Bool {
        guard let a = project(x: 0, y: 0), let b = project(x: size.width, y: 0),
              let c = project(x: size.width, y: size.height), let d = project(x: 0, y: size.height)
        else { return false }
        let area = (a.x * b.y - b.x * a.y) + (b.x * c.y - c.x * b.y)
            + (c.x * d.y - d.x * c.y) + (d.x * a.y - a.x * d.y)
        return area > 1e-6
    }
}
