/// One line of a book's contents: a chapter's title, how deep it lies (0 at the top) and the
/// page it starts on, by the reader's numbering (`PageNumbering`: the cover is page 1).
public struct ContentsEntry: Equatable, Sendable {
    public var title: String
    public var level: Int
    public var number: Int
    /// Where on its page the entry goes (a fraction of the page's height from its top), when
    /// the document names a place; nil for the page's top.
    public var top: Double?

    public init(title: String, level: Int, number: Int, top: Double? = nil) {
        self.title = title
        self.level = level
        self.number = number
        self.top = top
    }

    /// How the reader arrives at the entry: at its place on the page, else the page's top.
    public var arrival: ReadingPlace.Arrival { top.map { .at($0) } ?? .top }
}

/// A book's contents as Folio keeps them: a PDF's outline (read by poppler in a decoder
/// worker) or a comic's ComicInfo.xml bookmarks, both hostile. Whatever the source, the
/// entries kept are at most `maxEntries`, at most `maxDepth` levels deep, each title one line
/// of at most `maxTitleLength` characters with control characters removed, and each on a
/// page the book has (entries on other pages are dropped).
public enum BookContents {
    /// Most entries kept; the rest are dropped (the worker stops reading there too).
    public static let maxEntries = 10_000
    /// Deepest level kept (0 to `maxDepth - 1`); the worker reads no deeper.
    public static let maxDepth = 16
    /// Longest title kept, in characters (as a ComicInfo.xml field).
    public static let maxTitleLength = ComicInfo.maxTextLength
    /// Longest title carried on the wire, in bytes (its characters may take four each).
    public static let maxTitleBytes = 4 * maxTitleLength + 8

    /// `raw` entries made safe for a book of `pageCount` pages (by the reader's numbering):
    /// titles made one bounded line (an empty one named by its page), levels clamped to
    /// `maxDepth`, entries on pages outside the book dropped, at most `maxEntries` kept.
    public static func checked(_ raw: [ContentsEntry], pageCount: Int) -> [ContentsEntry] {
        var kept: [ContentsEntry] = []
        for entry in raw where (1...max(pageCount, 1)).contains(entry.number) && pageCount >= 1 {
            guard kept.count < maxEntries else { break }
            let title = ComicInfo.text(entry.title) ?? "Page \(entry.number)"
            kept.append(ContentsEntry(title: title, level: min(max(entry.level, 0), maxDepth - 1), number: entry.number,
                                      top: PageLink.checkedTop(entry.top)))
        }
        return kept
    }

    /// A comic's bookmarks (image index → title) as contents, in page order: each image's page
    /// number once its cover (image `cover`, page 1) is taken out of the pages.
    public static func bookmarks(_ marks: [Int: String], cover: Int, imageCount: Int) -> [ContentsEntry] {
        let entries = marks.compactMap { image, title -> ContentsEntry? in
            guard (0..<imageCount).contains(image) else { return nil }
            let number = image == cover ? 1 : ComicInfo.pageIndex(ofImage: image, cover: cover, imageCount: imageCount).map { $0 + 2 }
            return number.map { ContentsEntry(title: title, level: 0, number: $0) }
        }
        return checked(entries.sorted { ($0.number, $0.title) < ($1.number, $1.title) }, pageCount: imageCount)
    }

    /// The entry of `entries` the reader is in at page `number`: the last one starting on or
    /// before it (entries in page order; an outline out of order takes the last such in
    /// list order), nil before the first.
    public static func current(_ entries: [ContentsEntry], atPage number: Int) -> Int? {
        entries.lastIndex { $0.number <= number }
    }
}
