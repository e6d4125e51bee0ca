/// One book: a title, a cover image and page images.
public struct Book: Equatable, Sendable {
    public var title: String
    public var cover: ImageSource?
    public var pages: [ImageSource?]

    public init(title: String, cover: ImageSource?, pages: [ImageSource?]) {
        self.title = title
        self.cover = cover
        self.pages = pages
    }

    /// Pages in the book scene: the cover, then every page, padded to an even count.
    public var displayPageCount: Int {
        let n = pages.count + 1
        return n + n % 2
    }

    /// The image for display page `index` (0 is the cover); nil for the padding page.
    public func image(forPage index: Int) -> ImageSource? {
        if index == 0 { return cover }
        let i = index - 1
        return i < pages.count ? pages[i] : nil
    }
}
