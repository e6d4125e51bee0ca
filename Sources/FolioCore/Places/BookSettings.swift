/// What the reader chose for one book, remembered with its place.
public struct BookSettings: Equatable, Sendable {
    /// The pairing shifted by one page (the book's spreads fell on the wrong pages).
    public var shifted = false
    /// Right to left (true) or left to right (false), when the reader chose with the key;
    /// nil: the book's own direction (its ComicInfo.xml, else left to right).
    public var rightToLeft: Bool?
    /// Pages side by side in the reading view, when the reader chose other than the book's
    /// own with D (nil: `Book.firstPageMode`).
    public var pageMode: PageMode?
    /// How the reading view fits the page, when the reader chose other than the book's own
    /// with W (nil: `Book.firstFit`).
    public var fit: FitMode?
    /// The zoom the reading view was left at (nil: the fit's own).
    public var zoom: RememberedZoom?
    /// Continuous scroll (true) or leaves (false), when the reader chose other than the
    /// book's own with C (nil: `Book.firstContinuous`).
    public var continuous: Bool?
    /// The line of the page at the window's top edge as the reading view was left, a
    /// fraction of the page's height (nil: its top): with the page, the reader's place.
    public var top: Double?

    public init(shifted: Bool = false, rightToLeft: Bool? = nil, pageMode: PageMode? = nil, fit: FitMode? = nil,
                zoom: RememberedZoom? = nil) {
        self.shifted = shifted
        self.rightToLeft = rightToLeft
        self.pageMode = pageMode
        self.fit = fit
        self.zoom = zoom
    }
}
