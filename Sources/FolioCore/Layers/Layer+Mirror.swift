/// Right-to-left books are the left-to-right book seen in a mirror, with the pictures on the
/// pages the right way round: the geometry is reflected across the window's vertical middle,
/// and each layer's own x is reflected too, so its texture reads as it is.
extension Layer {
    /// This layer reflected across the vertical line x = `width` / 2: the point the original
    /// drew at local (w − x, y) is drawn at the window's mirror image of it, for local (x, y).
    /// The two reflections make a proper motion, so front faces stay front faces, depth and
    /// stacking are unchanged, and the side (which corners round, where the shading runs)
    /// becomes the other one.
    public func mirrored(acrossWidth width: Double) -> Layer {
        var layer = self
        let flip = Transform3D.scale(-1, 1, 1)
        layer.position.x = width - position.x
        layer.anchor.x = 1 - anchor.x
        layer.transform = flip.concatenating(transform).concatenating(flip)
        layer.side = side.opposite
        layer.shading = shading?.mirrored
        return layer
    }
}

extension Shading {
    /// The same gradient measured from the other edge.
    public var mirrored: Shading {
        Shading(stops: stops.reversed().map { (x: 1 - $0.x, alpha: $0.alpha) })
    }
}
