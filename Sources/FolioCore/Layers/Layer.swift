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
    /// The zoom, applied on screen after the projection (identity unless a book is zoomed).
    public var screen: ScreenTransform = .identity

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
        return screen.apply(Point(x: position.x + p.x, y: position.y + p.y))
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

extension Layer {
    /// A flat colour over `rect` (local points of this layer's bounds), in this layer's plane:
    /// the same position, transform and zoom, with the anchor moved so that the patch's
    /// local points are this layer's. Drawn just after this layer, it lies on it in any pose.
    public func patch(_ rect: Rect, colour: RGBA) -> Layer {
        var patch = self
        patch.size = rect.size
        patch.anchor = Point(x: (anchor.x * size.width - rect.minX) / max(rect.size.width, 1e-9),
                             y: (anchor.y * size.height - rect.minY) / max(rect.size.height, 1e-9))
        patch.content = .fill(colour)
        patch.cornerRadius = 0
        patch.shading = nil
        return patch
    }
}
