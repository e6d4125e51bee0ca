/// One book: a title, a cover image and page images.
public struct Book: Equatable, Sendable {
    public var title: String
    public var cover: ImageSource?
    public var pages: [ImageSource?] {
        didSet { reorder() }
    }
    /// Width over height of the book's pages, from its content (nil: the tutorial's page).
    public var pageAspect: Double?
    /// Who made it, from its metadata (a ComicInfo.xml's Writer, a PDF's Author): shown under
    /// the title on the shelf.
    public var byline: String?
    /// The series it belongs to (a ComicInfo.xml's, or its sub-folder's), if any: the library
    /// grid stacks the books of one series.
    public var series: BookSeries?
    /// When its file came into the library (its last status change, seconds since 1970: a
    /// copy, a move or a rename sets it), for the shelf's "recently added" order; nil when
    /// not known.
    public var addedAt: Int?
    /// Its chapters (a PDF's outline, a comic's bookmarks), bounded by `BookContents`.
    public var contents: [ContentsEntry] = []
    /// The numbers printed on its pages where they differ from the count (a PDF's page
    /// labels: "iii" in the front matter, "17" on the 20th page), one per page from the
    /// cover; nil: the pages carry their count.
    public var pageLabels: [String]?
    /// The pages (indices into `pages`) whose image spans a whole spread: about twice as
    /// wide as the book's page shape, its left half on a left page and its right half on
    /// the right one.
    public var spreads: Set<Int> = [] {
        didSet { reorder() }
    }
    /// The pairing is shifted by one page (a blank after the cover), for a book whose
    /// spreads fall on the wrong pages.
    public var shifted = false {
        didSet { reorder() }
    }
    /// Read right to left (manga): the spine on the right, leaves turning leftwards, a
    /// spread's right half read first. The book scene draws it mirrored; the order holds a
    /// spread's halves in reading order.
    public var rightToLeft = false {
        didSet { reorder() }
    }
    /// What each display page shows: made again whenever the pages, spreads or shift change
    /// (it is read every frame, so it is kept rather than derived on each read).
    public private(set) var order: PageOrder

    private mutating func reorder() {
        order = PageOrder(pageCount: pages.count, spreads: spreads, shifted: shifted, rightToLeft: rightToLeft)
    }

    public init(title: String, cover: ImageSource?, pages: [ImageSource?], pageAspect: Double? = nil,
                spreads: Set<Int> = [], shifted: Bool = false, rightToLeft: Bool = false) {
        self.title = Sentence.showingBytes(title)
        self.cover = cover
        self.pages = pages
        self.pageAspect = pageAspect
        self.spreads = spreads
        self.shifted = shifted
        self.rightToLeft = rightToLeft
        order = PageOrder(pageCount: pages.count, spreads: spreads, shifted: shifted, rightToLeft: rightToLeft)
    }

    /// A PDF (its pages are a document's, not images).
    public var isDocument: Bool {
        if case .documentPage? = cover { return true }
        return false
    }

    /// The PDF's path, for a PDF.
    public var documentPath: String? {
        if case .documentPage(let document, _)? = cover { return document }
        return nil
    }

    /// How the reading view first shows this book, until the reader chooses with D: a PDF
    /// one page at a time (as evince and zathura open a paper), comics and photos as suits
    /// the window.
    public var firstPageMode: PageMode { isDocument ? .one : .automatic }
    /// How the reading view first fits this book, until the reader chooses with W: a PDF
    /// at its width, so its text reads at a size, comics and photos whole.
    public var firstFit: FitMode { isDocument ? .width : .page }
    /// Whether the reading view first scrolls this book's pages one under another, until
    /// the reader chooses with C: a document's (as evince, zathura and Okular read them),
    /// not comics' and photos' (spreads).
    public var firstContinuous: Bool { isDocument }

    /// The page size in points at unit scale (PageGeometry).
    public var pageShape: Size { pageAspect.map(PageGeometry.size(aspect:)) ?? PageGeometry.size }

    /// Pages in the book scene: the cover, every page (a spread on two), the blanks that
    /// keep a spread off a right page and even the count, and the back cover (the last
    /// leaf's back), so the count is even and the last spread holds two pages.
    public var displayPageCount: Int { order.slots.count }

    /// The reader's numbering of this book's pages (the cover is page 1).
    public var numbering: PageNumbering { PageNumbering(self) }

    /// What page `number` (the cover is 1) has printed on it: its label, else the number.
    public func label(ofNumber number: Int) -> String { numbering.label(ofNumber: number) }

    /// The display page that is the back cover: always the last.
    public var backCoverPage: Int { displayPageCount - 1 }

    /// The image for display page `index` (0 is the cover); nil for a blank page and the
    /// back cover (drawn in the cover's colour).
    public func image(forPage index: Int) -> ImageSource? {
        guard order.slots.indices.contains(index) else { return nil }
        switch order.slots[index] {
        case .cover: return cover
        case .page(let i), .half(let i, _): return pages.indices.contains(i) ? pages[i] : nil
        case .blank, .backCover: return nil
        }
    }

    /// The half of its image display page `index` shows when that image spans a spread
    /// (nil: the page shows its image whole, or none).
    public func half(ofPage index: Int) -> PageSide? {
        guard order.slots.indices.contains(index), case .half(_, let side) = order.slots[index] else { return nil }
        return side
    }
}

/// What each display page of a book shows, cover to back cover. Display pages alternate
/// right (even: the cover, 2, 4, …) and left (odd); a spread's halves take a left page and
/// the right page beside it, so a spread that would start on a right page has a blank put
/// before it, as comic readers do. (In a right-to-left book the sides are mirrored on
/// screen: the odd page shows on the right, so it holds the spread's right half.)
public struct PageOrder: Equatable, Sendable {
    public enum Slot: Equatable, Sendable {
        case cover
        /// `pages[i]`, whole.
        case page(Int)
        /// One half of `pages[i]`, whose image spans the spread.
        case half(Int, PageSide)
        /// A blank: the pairing shift, before a spread, or evening the count.
        case blank
        case backCover
    }

    public let slots: [Slot]

    public init(pageCount: Int, spreads: Set<Int> = [], shifted: Bool = false, rightToLeft: Bool = false) {
        let firstHalf: PageSide = rightToLeft ? .right : .left
        var slots: [Slot] = [.cover]
        if shifted && pageCount > 0 { slots.append(.blank) }
        for i in 0..<max(pageCount, 0) {
            if spreads.contains(i) {
                // Display page `slots.count` is next, a right page when even: a blank goes
                // before the spread, or the blank already there (the shift) is taken out.
                if slots.count % 2 == 0 {
                    if slots.last == .blank { slots.removeLast() } else { slots.append(.blank) }
                }
                slots += [.half(i, firstHalf), .half(i, firstHalf.opposite)]
            } else {
                slots.append(.page(i))
            }
        }
        // The back cover is a left page (odd): even the count before it.
        if slots.count % 2 == 0 { slots.append(.blank) }
        slots.append(.backCover)
        self.slots = slots
    }
}
