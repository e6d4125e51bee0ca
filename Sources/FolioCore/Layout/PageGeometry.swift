/// The page of the tutorial, in points at unit scale (u = 1, a 1280×800 window): every
/// book's pages and every shelf cell have this size and these rounded outer corners.
public enum PageGeometry {
    /// 362 × 568 points.
    public static let size = Size(width: 362, height: 568)
    /// The outer corners' radius, points.
    public static let cornerRadius = 20.0
}
