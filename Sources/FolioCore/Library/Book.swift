/// One book: a title, a cover image and page images.
public struct Book: Equatable, Sendable {
    public var title: String
    public var cover: ImageSource?
    public var pages: [ImageSource?]
    /// Width over height of the book's pages, from its content (nil: the tutorial's page).
    public var pageAspect: Double?

    public init(title: String, cover: ImageSource?, pages: [ImageSource?], pageAspect: Double? = nil) {
        self.title = title
        self.cover = cover
        self.pages = pages
        self.pageAspect = pageAspect
    }

    /// The page size in points at unit scale (PageGeometry).
    public var pageShape: Size { pageAspect.map(PageGeometry.size(aspect:)) ?? PageGeometry.size }

    /// Pages in the book scene: the cover, every page, a blank page when the count is odd,
    /// and the back cover (the last leaf's back), so the count is even and the last spread
    /// holds two pages.
    public var displayPageCount: Int { pages.count + 2 + pages.count % 2 }

    /// The reader's numbering of this book's pages (the cover is page 1).
    public var numbering: PageNumbering { PageNumbering(self) }

    /// The display page that is the back cover: always the last.
    public var backCoverPage: Int { displayPageCount - 1 }

    /// The image for display page `index` (0 is the cover); nil for the blank padding page
    /// and the back cover (drawn in the cover's colour).
    public func image(forPage index: Int) -> ImageSource? {
        if index == 0 { return cover }
        let i = index - 1
        return i < pages.count ? pages[i] : nil
    }
}
