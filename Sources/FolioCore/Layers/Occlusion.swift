/// What of each layer in a draw list is hidden under opaque layers drawn after it, so the
/// renderer can leave it out: a fanned page mostly lies under the page above it, and filling
/// it anyway costs a software rasteriser a whole page of pixels.
///
/// A page hidden by another keeps a rim under that page's soft edge: the cover is the upper
/// page's opaque interior, its bounds inset by `inset` (which the caller sizes past the
/// texture's filtered edge) with its rounded corners cut off.
public enum Occlusion {
    /// The convex region of `layer` that is opaque when its texture is: the bounds inset by
    /// `inset` points, each corner cut diagonally where its rounding starts.
    public static func opaqueInterior(of layer: Layer, inset: Double) -> ConvexPolygon? {
        let w = layer.size.width, h = layer.size.height
        let x0 = inset, y0 = inset, x1 = w - inset, y1 = h - inset
        // The chord from where a corner's arc starts to where it ends stays inside the arc.
        let r = max(layer.cornerRadius, 0)
        guard x1 - x0 > 2 * r, y1 - y0 > 2 * r else { return nil }
        let c = r  // measured from the inset edges, so the cut is inset too
        return ConvexPolygon([
            Point(x: x0 + c, y: y0), Point(x: x1 - c, y: y0), Point(x: x1, y: y0 + c),
            Point(x: x1, y: y1 - c), Point(x: x1 - c, y: y1), Point(x: x0 + c, y: y1),
            Point(x: x0, y: y1 - c), Point(x: x0, y: y0 + c),
        ])
    }

    /// For each layer of `layers` (back to front), the largest polygon, in that layer's own
    /// bounds coordinates, that one of the layers drawn after it hides, or nil. `inset(j)` is
    /// the inset of layer j's opaque interior, nil when layer j hides nothing (not drawn, or
    /// not opaque); a layer below full opacity never hides anything. One polygon a layer is
    /// enough: in a fan of pages the largest hides nearly all that the others do (an open
    /// 12-page book at 1280×800 fills 1.032 pixels per pixel with the largest; taking away
    /// the three largest gave 1.029 for twice the CPU).
    public static func hidden(in layers: [Layer], inset: (Int) -> Double?) -> [ConvexPolygon?] {
        var result = [[ConvexPolygon]](repeating: [], count: layers.count)
        guard layers.count > 1 else { return result.map(\.first) }
        let maps = layers.map { PlaneMap($0) }
        let boxes = layers.indices.map { windowBox(of: layers[$0], map: maps[$0]) }
        func overlap(_ a: Box, _ b: Box) -> Bool {
            a.minX < b.maxX && a.maxX > b.minX && a.minY < b.maxY && a.maxY > b.minY
        }
        for j in layers.indices.dropFirst() where layers[j].opacity >= 1 {
            // Only a layer over another can hide anything: most of the shelf's covers are not.
            guard let box = boxes[j], (0..<j).contains(where: { boxes[$0].map { overlap($0, box) } ?? false }),
                  let d = inset(j), let map = maps[j], let interior = opaqueInterior(of: layers[j], inset: d)
            else { continue }
            let corners = interior.points.compactMap { map.window($0) }
            guard corners.count == interior.points.count else { continue }
            let window = ConvexPolygon(corners)
            let coverBox = window.bounds
            for i in 0..<j {
                guard let below = boxes[i], overlap(below, coverBox), let map = maps[i] else { continue }
                // Into layer i's bounds; a corner its plane cannot see there skips it.
                let local = window.points.compactMap { map.bounds($0) }
                guard local.count == window.points.count else { continue }
                let polygon = ConvexPolygon(local)
                if polygon.area > 1e-6 { result[i].append(polygon) }
            }
        }
        return result.map { $0.max { $0.area < $1.area } }
    }

    typealias Box = (minX: Double, minY: Double, maxX: Double, maxY: Double)

    /// The window box of a layer's bounds, or nil when a corner is behind the eye.
    static func windowBox(of layer: Layer, map: PlaneMap?) -> Box? {
        guard let map else { return nil }
        var box: Box = (.infinity, .infinity, -.infinity, -.infinity)
        for (x, y) in [(0.0, 0.0), (layer.size.width, 0), (layer.size.width, layer.size.height), (0, layer.size.height)] {
            guard let p = map.window(Point(x: x, y: y)) else { return nil }
            box = (min(box.minX, p.x), min(box.minY, p.y), max(box.maxX, p.x), max(box.maxY, p.y))
        }
        return box
    }
}
