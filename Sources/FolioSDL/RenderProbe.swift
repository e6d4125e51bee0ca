import FolioCore

/// How the renderer draws pages. The viewer draws the default way; a benchmark or a test
/// hands in another to compare (the same frame drawn whole, or blended throughout).
public struct DrawingStrategy: Equatable, Sendable {
    /// What becomes of the parts of pages that pages over them hide.
    public var hiddenParts: Renderer.HiddenParts
    /// False blends every triangle, the page's opaque interior too.
    public var blendsOnlyEdges: Bool
    /// False filters every page, one drawn texel for pixel too (tests compare the two).
    public var samplesSquarePagesUnfiltered: Bool

    public init(hiddenParts: Renderer.HiddenParts = .cut, blendsOnlyEdges: Bool = true, samplesSquarePagesUnfiltered: Bool = true) {
        self.hiddenParts = hiddenParts
        self.blendsOnlyEdges = blendsOnlyEdges
        self.samplesSquarePagesUnfiltered = samplesSquarePagesUnfiltered
    }
}

/// Told of every triangle the renderer submits, in pixels: a benchmark's or a test's way to
/// watch a frame being drawn. The viewer has none.
public protocol RenderProbe: AnyObject {
    func filled(_ a: Point, _ b: Point, _ c: Point)
}
