import Foundation

/// One book: a title, a cover image and page images (absolute file paths).
public struct Book: Equatable, Sendable {
    public var title: String
    public var cover: String?
    public var pages: [String?]

    public init(title: String, cover: String?, pages: [String?]) {
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
    public func imagePath(forPage index: Int) -> String? {
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

    /// The file behind a layer's content, if it has one.
    public func imagePath(for content: LayerContent) -> String? {
        switch content {
        case .cover(let book):
            return books.indices.contains(book) ? books[book].cover : nil
        case .page(let book, let page):
            return books.indices.contains(book) ? books[book].imagePath(forPage: page) : nil
        case .blank:
            return nil
        }
    }

    /// A library of `count` books of `pages` pages with no images (benchmarks and tests).
    public static func synthetic(books count: Int, pages: Int) -> Library {
        Library(books: (0..<count).map { Book(title: "Book \($0 + 1)", cover: nil, pages: Array(repeating: nil, count: pages)) })
    }
}

/// A library that could not be read; `description` is one sentence naming the file.
public struct LibraryError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension Library {
    /// Reads a Books.plist: an array of {title, cover, pages[]} with paths relative to the
    /// plist's folder.
    public static func load(plist path: String) throws -> Library {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LibraryError("\(path): cannot be read (\(error.localizedDescription)).")
        }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            throw LibraryError("\(path): is not a property list.")
        }
        guard let entries = root as? [Any] else {
            throw LibraryError("\(path): the root is not an array of books.")
        }
        let folder = url.deletingLastPathComponent()
        func resolve(_ relative: String) -> String {
            folder.appendingPathComponent(relative).standardizedFileURL.path
        }
        var books: [Book] = []
        for (index, entry) in entries.enumerated() {
            guard let dict = entry as? [String: Any] else {
                warn("\(path): entry \(index) is not a dictionary; skipped.")
                continue
            }
            guard let title = dict["title"] as? String else {
                warn("\(path): entry \(index) has no string title; skipped.")
                continue
            }
            guard let pages = dict["pages"] as? [Any] else {
                warn("\(path): \"\(title)\" has no list of pages; skipped.")
                continue
            }
            let cover = (dict["cover"] as? String).map(resolve)
            books.append(Book(title: title, cover: cover, pages: pages.map { ($0 as? String).map(resolve) }))
        }
        return Library(books: books)
    }

    static func warn(_ message: String) {
        FileHandle.standardError.write(Data(("folio: warning: " + message + "\n").utf8))
    }
}
