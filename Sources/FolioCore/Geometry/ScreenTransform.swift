/// A 2D scale and shift applied to window points after the 3D projection: the zoom into an
/// open book. A point p (points) lands at `p · scale + offset`; scale 1 and offset 0 leave
/// the picture as it is, so the perspective of the pages never changes with the zoom.
public struct ScreenTransform: Equatable, Sendable {
    /// Magnification, ≥ 1 in use.
    public var scale: Double
    /// Shift after scaling, points.
    public var offset: Point

    public init(scale: Double = 1, offset: Point = Point(x: 0, y: 0)) {
        self.scale = scale
        self.offset = offset
    }

    public static let identity = ScreenTransform()

    public var isIdentity: Bool { self == .identity }

    @inline(__always)
    public func apply(_ p: Point) -> Point {
        Point(x: p.x * scale + offset.x, y: p.y * scale + offset.y)
    }

    /// The unzoomed point that lands at window point `p`.
    public func unapply(_ p: Point) -> Point {
        Point(x: (p.x - offset.x) / scale, y: (p.y - offset.y) / scale)
    }

    /// The transform `fraction` of the way to `other`. Scale and offset move together, so a
    /// change of scale keeps one window point fixed all the way (the point it zooms about).
    public func mixed(with other: ScreenTransform, _ fraction: Double) -> ScreenTransform {
        ScreenTransform(scale: scale + (other.scale - scale) * fraction,
                        offset: Point(x: offset.x + (other.offset.x - offset.x) * fraction,
                                      y: offset.y + (other.offset.y - offset.y) * fraction))
    }
}
