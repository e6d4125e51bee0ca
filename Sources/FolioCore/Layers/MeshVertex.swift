/// One vertex of a subdivided quad: window position in pixels, texture coordinates, and the
/// shading alpha at that point.
public struct MeshVertex: Equatable, Sendable {
    public var x: Float
    public var y: Float
    public var u: Float
    public var v: Float
    public var shade: Float
}
