/// One page as drawn: its resting pose in the open book plus the transition's components.
public struct PageState: Equatable, Sendable {
    public var pose: PagePose
    /// Rotation about the spine actually drawn, radians.
    public var angle: Double
    public var scale: Double
    /// Shift along the page's own x axis, points.
    public var tx: Double
    public var alpha: Double
    /// How far the spine is lifted towards the reading view's middle, points.
    public var rise = 0.0
    /// How far the spine moves right, points: the reading view showing one page at a time
    /// slides the page being read to the window's middle.
    public var slide = 0.0
    /// The eye's distance for this page's perspective, points (nil: the book's,
    /// `BookLayout.eyeDistance`; farther in the reading view, `readingEyeDistance`).
    public var eye: Double?
}
