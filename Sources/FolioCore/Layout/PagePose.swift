/// The pose of one page in the open book.
public struct PagePose: Equatable, Sendable {
    public var page: Int
    /// SPEC §2's ratio after the fan compression (not clamped).
    public var ratio: Double
    /// Rotation about the spine, radians.
    public var angle: Double
    /// The tutorial's visibility rule: a page whose back faces the viewer is hidden.
    public var visible: Bool
}
