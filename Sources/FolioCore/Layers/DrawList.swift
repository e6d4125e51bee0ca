/// A flat list of quads in drawing order (back to front), ready for the renderer.
public struct DrawList: Sendable {
    /// Cleared to before anything is drawn.
    public var background: RGBA
    /// Back to front.
    public var layers: [Layer]
    /// Flat rectangles of colour over the layers and under the text (the thumbnail strip's
    /// band and its marks), in drawing order.
    public var bands: [(rect: Rect, colour: RGBA)] = []
    /// Layers over the bands, in drawing order (the thumbnails).
    public var overlays: [Layer] = []
    /// Text over the layers (titles, page numbers, hints, indicators), in drawing order.
    public var texts: [TextLayer] = []
    /// The help overlay, drawn over everything else, or nil.
    public var help: HelpOverlay?
    /// How much the layers are magnified on screen (a zoomed book), now or where the zoom is
    /// going, whichever is more: the renderer makes page textures that much larger.
    public var magnification = 1.0
    /// Pages to make at their size before anything else, stand-ins included (the pages a
    /// book arriving from `folio BOOK` will lie open at, while its opening plays).
    public var urgent: [LayerContent] = []
    /// What the pointer shows: the arrow, or the hand over a link.
    public var pointer = PointerShape.arrow
    /// The pages are a column (continuous scroll), each alone: their textures round all four
    /// corners (`PageSide.alone`) rather than a book's outer two.
    public var pagesStandAlone = false

    public enum PointerShape: Sendable {
        case arrow, link
    }

    public init(background: RGBA, layers: [Layer] = []) {
        self.background = background
        self.layers = layers
    }

    /// Appends layers that live in one plane (the shelf) in the given order, dropping
    /// invisible ones.
    public mutating func appendFlat(_ new: [Layer]) {
        layers.append(contentsOf: new.filter { $0.opacity > 0 })
    }

    /// Appends 3D layers sorted back to front by depth, back faces culled; coplanar layers
    /// are ordered by `stackOrder` (higher on top).
    public mutating func appendSorted(_ new: [Layer]) {
        layers.append(contentsOf: DrawList.depthSorted(new))
    }

    public static func depthSorted(_ layers: [Layer]) -> [Layer] {
        struct Keyed {
            let depth: Double
            let layer: Layer
        }
        // Depth quantised to 1/1024 pt so that coplanar layers compare equal.
        var keyed: [Keyed] = []
        keyed.reserveCapacity(layers.count)
        for layer in layers where layer.opacity > 0 && layer.isFrontFacing {
            keyed.append(Keyed(depth: (layer.depth * 1024).rounded(), layer: layer))
        }
        keyed.sort { a, b in
            a.depth != b.depth ? a.depth < b.depth : a.layer.stackOrder < b.layer.stackOrder
        }
        return keyed.map(\.layer)
    }
}
