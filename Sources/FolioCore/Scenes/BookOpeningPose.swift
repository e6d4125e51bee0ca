/// How the shelf and the book show at one instant of the book-opening transition (SPEC §3).
/// The animator computes it from a curve value; the scenes read it; nothing writes into them.
public struct BookOpeningPose: Equatable, Sendable {
    /// 1 in the open book, 0 closed on the shelf; a spring may carry it past 1. Angle, shift
    /// and scale of each page interpolate per component between its closed and open pose.
    public var openness: Double
    /// Opacity of every shelf cover but the centred one (they fade as the book opens).
    public var otherCoversOpacity: Double
    /// The centred cover shows only while its book is neither open nor on its way.
    public var showsCentredCover: Bool
    /// The book's background is opaque once it is open; until then the shelf shows under it.
    public var showsBookBackground: Bool
    /// 0 in the 3D book, 1 in the reading view (the spread flat and filling the window).
    public var flatness: Double

    public init(openness: Double, otherCoversOpacity: Double, showsCentredCover: Bool, showsBookBackground: Bool,
                flatness: Double = 0) {
        self.flatness = flatness
        self.openness = openness
        self.otherCoversOpacity = otherCoversOpacity
        self.showsCentredCover = showsCentredCover
        self.showsBookBackground = showsBookBackground
    }

    /// The shelf alone, every cover showing.
    public static let shelf = BookOpeningPose(openness: 0, otherCoversOpacity: 1,
                                              showsCentredCover: true, showsBookBackground: false)
    /// The book open over a hidden shelf.
    public static let open = BookOpeningPose(openness: 1, otherCoversOpacity: 0,
                                             showsCentredCover: false, showsBookBackground: true)
    /// The book flat in the reading view.
    public static let reading = BookOpeningPose(openness: 1, otherCoversOpacity: 0,
                                                showsCentredCover: false, showsBookBackground: true, flatness: 1)
}
