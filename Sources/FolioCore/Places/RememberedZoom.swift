/// The zoom a book's reading view was left at, remembered with its place: the magnification
/// over the fit's own (2: twice what the fit W chose shows) and the page point at the
/// window's centre, as fractions of the flat page (or spread) from its top left corner. A
/// zoom that is the fit's own is none. Read from the state file, so every number is checked
/// before it is kept; kept rounded to 1/10,000, so a file reads back as it was written.
public struct RememberedZoom: Equatable, Sendable {
    /// Magnification over the fit's.
    public let scale: Double
    /// The page point at the window's centre: 0 the page's left (top) edge, 1 its right
    /// (bottom) edge.
    public let x: Double
    public let y: Double

    /// The scales a zoom can be left at: up to `BookZoom.maxScale` over the whole page, and
    /// down to the whole page from a fit that shows it up to that much larger.
    public static let scales = (1 / BookZoom.maxScale)...BookZoom.maxScale

    /// nil when a number is not finite or out of range (`scales`; 0…1 for the place), or
    /// when the scale is the fit's own.
    public init?(scale: Double, x: Double, y: Double) {
        guard scale.isFinite, x.isFinite, y.isFinite,
              Self.scales.contains(scale), (0...1).contains(x), (0...1).contains(y) else { return nil }
        func rounded(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }
        guard rounded(scale) != 1 else { return nil }
        self.scale = rounded(scale)
        self.x = rounded(x)
        self.y = rounded(y)
    }
}
