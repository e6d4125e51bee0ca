/// How the open book shows at one instant of the book-opening transition (SPEC §3): the book
/// scene's pose (`BookScene.Pose`). The animator computes it from a curve value; the book
/// reads it; nothing writes into the scene.
public struct BookOpeningPose: Equatable, Sendable {
    /// 1 in the open book, 0 closed on the shelf; a spring may carry it past 1. Angle, shift
    /// and scale of each page interpolate per component between its closed and open pose.
    public var openness: Double
    /// The book's background is opaque once it is open; until then the shelf shows under it.
    public var showsBookBackground: Bool

    public init(openness: Double, showsBookBackground: Bool) {
        self.openness = openness
        self.showsBookBackground = showsBookBackground
    }

    /// The book closed, as it lies on the shelf.
    public static let shelf = BookOpeningPose(openness: 0, showsBookBackground: false)
    /// The book open over a hidden shelf.
    public static let open = BookOpeningPose(openness: 1, showsBookBackground: true)
}
