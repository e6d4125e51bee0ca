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

    /// For each layer of `layers` (back to front), the polygons, in that layer's own bounds
    /// coordinates, that the layers drawn after it hide. `inset(j)` is the inset of layer j's
    /// opaque interior, nil when layer j hides nothing (not drawn, or not opaque); a layer
    /// below full opacity never hides anything. Each layer keeps its `maxPerLayer` largest
    /// polygons: in a fan of pages the largest hides nearly all that the others do (an open
    /// 12-page book at 1280×800 fills 1.032 pixels per pixel with one, 1.029 with three, at
    /// about half the CPU).
    public static func hidden(in layers: [Layer], maxPerLayer: Int = 1, inset: (Int) -> Double?) -> [[ConvexPolygon]] {
        var result = [[ConvexPolygon]](repeating: [], count: layers.count)
        guard layers.count > 1 else { return result }
        let maps = layers.map { PlaneMap($0) }
        // Each opaque layer's interior in window points, with its bounding box.
        var covers: [(index: Int, window: ConvexPolygon, box: (minX: Double, minY: Double, maxX: Double, maxY: Double))] = []
        for (j, layer) in layers.enumerated() where layer.opacity >= 1 {
            guard let d = inset(j), let map = maps[j], let interior = opaqueInterior(of: layer, inset: d) else { continue }
            let corners = interior.points.compactMap { map.window($0) }
            guard corners.count == interior.points.count else { continue }
            let window = ConvexPolygon(corners)
            covers.append((j, window, window.bounds))
        }
        guard !covers.isEmpty else { return result }
        for (i, layer) in layers.enumerated() {
            guard let map = maps[i] else { continue }
            let outline = [Point(x: 0, y: 0), Point(x: layer.size.width, y: 0),
                           Point(x: layer.size.width, y: layer.size.height), Point(x: 0, y: layer.size.height)]
            let corners = outline.compactMap { map.window($0) }
            guard corners.count == 4 else { continue }
            let box = ConvexPolygon(corners).bounds
            for cover in covers where cover.index > i {
                guard cover.box.minX < box.maxX, cover.box.maxX > box.minX,
                      cover.box.minY < box.maxY, cover.box.maxY > box.minY else { continue }
                // Into this layer's bounds; a corner this plane cannot see there skips it.
                let local = cover.window.points.compactMap { map.bounds($0) }
                guard local.count == cover.window.points.count else { continue }
                let polygon = ConvexPolygon(local)
                if polygon.area > 1e-6 { result[i].append(polygon) }
            }
            result[i] = Array(essential(result[i]).prefix(maxPerLayer))
        }
        return result
    }

    /// The polygons that are not inside another of them, largest first (the one most likely
    /// to hold a cell is tried first).
    static func essential(_ polygons: [ConvexPolygon]) -> [ConvexPolygon] {
        guard polygons.count > 1 else { return polygons }
        let sorted = polygons.map { ($0, $0.area) }.sorted { $0.1 > $1.1 }.map(\.0)
        var kept: [ConvexPolygon] = []
        for polygon in sorted where !kept.contains(where: { outer in polygon.points.allSatisfy(outer.contains) }) {
            kept.append(polygon)
        }
        return kept
    }
}
