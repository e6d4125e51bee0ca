/// The books on the shelf.
public struct Library: Equatable, Sendable {
    public var books: [Book]

    /// Most books a shelf holds, and most pages a book (every reader checks against these).
    public static let maxBooks = 10_000
    public static let maxPages = 100_000

    public init(books: [Book]) {
        self.books = books
    }

    /// The image behind a layer's content, if it has one.
    public func image(for content: LayerContent) -> ImageSource? {
        switch content {
        case .cover(let book), .backCover(let book):
            // The back cover takes its colour from the cover image.
            return books.indices.contains(book) ? books[book].cover : nil
        case .page(let book, let page):
            return books.indices.contains(book) ? books[book].image(forPage: page) : nil
        case .thumbnail(let book, let number):
            guard books.indices.contains(book) else { return nil }
            if number == 1 { return books[book].cover }
            return books[book].pages.indices.contains(number - 2) ? books[book].pages[number - 2] : nil
        case .blank, .fill:
            return nil
        }
    }

    /// True when `content` shows one half of an image that spans its spread.
    public func spansSpread(_ content: LayerContent) -> Bool {
        guard case .page(let book, let page) = content, books.indices.contains(book) else { return false }
        return books[book].half(ofPage: page) != nil
    }

    /// The books read from `path` (an archive, a PDF, an image) or from inside it (a folder
    /// of images), by the file that names each (`BookKey.file(of:)`).
    public func books(at path: String) -> [Int] {
        let folder = path.hasSuffix("/") ? path : path + "/"
        return books.indices.filter { index in
            guard let file = BookKey.file(of: books[index])?.filePath else { return false }
            return file == path || file.hasPrefix(folder)
        }
    }

    /// A library of `count` books of `pages` pages with no images (benchmarks and tests).
    public static func synthetic(books count: Int, pages: Int) -> Library {
        Library(books: (0..<count).map { Book(title: "Book \($0 + 1)", cover: nil, pages: Array(repeating: nil, count: pages)) })
    }
}
