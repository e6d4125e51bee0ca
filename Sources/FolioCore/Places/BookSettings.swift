/// What the reader chose for one book, remembered with its place.
public struct BookSettings: Equatable, Sendable {
    /// The pairing shifted by one page (the book's spreads fell on the wrong pages).
    public var shifted = false
    /// Right to left (true) or left to right (false), when the reader chose with the key;
    /// nil: the book's own direction (its ComicInfo.xml, else left to right).
    public var rightToLeft: Bool?
    /// Pages side by side in the reading view (automatic unless the reader chose with D).
    public var pageMode: PageMode = .automatic
    /// How the reading view fits the page (the whole page unless the reader chose with W).
    public var fit: FitMode = .page
    /// The zoom the reading view was left at (nil: the fit's own).
    public var zoom: RememberedZoom?

    public init(shifted: Bool = false, rightToLeft: Bool? = nil, pageMode: PageMode = .automatic, fit: FitMode = .page,
                zoom: RememberedZoom? = nil) {
        self.shifted = shifted
        self.rightToLeft = rightToLeft
        self.pageMode = pageMode
        self.fit = fit
        self.zoom = zoom
    }
}
