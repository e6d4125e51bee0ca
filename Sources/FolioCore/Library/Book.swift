/// Where a page image comes from.
public enum ImageSource: Hashable, Sendable {
    /// A file on disk (absolute path).
    case file(String)
    /// An entry inside a ZIP/CBZ archive, read in place.
    case archiveEntry(archive: String, entry: String)
    /// An image that cannot be shown; the reason ("missing", "refused") marks its placeholder.
    case unavailable(reason: String, name: String)

    /// A short name for messages.
    public var name: String {
        switch self {
        case .file(let path): return path
        case .archiveEntry(let archive, let entry): return "\(archive):\(entry)"
        case .unavailable(_, let name): return name
        }
    }
}

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

/// The books on the shelf.
public struct Library: Equatable, Sendable {
    public var books: [Book]

    public init(books: [Book]) {
        self.books = books
    }

    /// The image behind a layer's content, if it has one.
    public func image(for content: LayerContent) -> ImageSource? {
        switch content {
        case .cover(let book):
            return books.indices.contains(book) ? books[book].cover : nil
        case .page(let book, let page):
            return books.indices.contains(book) ? books[book].image(forPage: page) : nil
        case .blank:
            return nil
        }
    }

    /// A library of `count` books of `pages` pages with no images (benchmarks and tests).
    public static func synthetic(books count: Int, pages: Int) -> Library {
        Library(books: (0..<count).map { Book(title: "Book \($0 + 1)", cover: nil, pages: Array(repeating: nil, count: pages)) })
    }
}
