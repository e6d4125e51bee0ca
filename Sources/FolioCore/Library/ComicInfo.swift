/// What a comic archive's ComicInfo.xml (the ComicRack / Anansi schema) says about its book,
/// as far as Folio uses it: the title's parts, the reading direction, the images that span a
/// spread and the front cover. Every string is one line of at most `maxTextLength`
/// characters; images are 0-based indices into the archive's images in reading order
/// (natural order), at most `maxPageEntries` of them looked at. Parsed in FolioLibrary
/// (`ComicInfoReader`); applied to a book here, without I/O.
public struct ComicInfo: Equatable, Sendable {
    /// The schema's Manga values; only `yesAndRightToLeft` turns the book right to left.
    public enum Manga: String, Equatable, Sendable {
        case unknown = "Unknown", no = "No", yes = "Yes", yesAndRightToLeft = "YesAndRightToLeft"
    }

    public var title: String?
    public var series: String?
    public var number: String?
    public var volume: String?
    public var writer: String?
    public var manga: Manga = .unknown
    /// Images marked DoublePage (true, True or 1).
    public var doublePages: Set<Int> = []
    /// The first image marked Type="FrontCover".
    public var frontCover: Int?
    /// Images marked with a Bookmark (its text, one bounded line): the book's contents.
    public var bookmarks: [Int: String] = [:]

    /// A ComicInfo.xml larger than this is refused unread (bytes).
    public static let maxBytes = 1 << 20
    /// Longest string kept from a field (characters), and longest title made of them.
    public static let maxTextLength = 200
    /// Most <Page> entries looked at; the rest are ignored.
    public static let maxPageEntries = 100_000

    public init(title: String? = nil, series: String? = nil, number: String? = nil, volume: String? = nil,
                writer: String? = nil, manga: Manga = .unknown, doublePages: Set<Int> = [], frontCover: Int? = nil) {
        self.title = title
        self.series = series
        self.number = number
        self.volume = volume
        self.writer = writer
        self.manga = manga
        self.doublePages = doublePages
        self.frontCover = frontCover
    }

    /// Only "YesAndRightToLeft" means right to left ("Yes" is manga read left to right).
    public var rightToLeft: Bool { manga == .yesAndRightToLeft }

    /// The shelf's caption: "Series Vol. 2 #5: Title", "Series #5", "Series: Title", "Title"
    /// (the parts there are), bounded; nil when there is neither a series nor a title.
    public var bookTitle: String? {
        var head = series ?? ""
        if let volume, !head.isEmpty { head += " Vol. \(volume)" }
        if let number, !head.isEmpty { head += " #\(number)" }
        let whole: String
        switch (head.isEmpty, title) {
        case (true, nil): return nil
        case (true, let title?): whole = title
        case (false, nil): whole = head
        case (false, let title?): whole = "\(head): \(title)"
        }
        return whole.count > Self.maxTextLength ? String(whole.prefix(Self.maxTextLength)) + "…" : whole
    }

    // MARK: Reading fields

    /// A field's text on one line (control characters and line breaks made spaces, runs of
    /// white space made one), trimmed and bounded; nil when nothing is left.
    public static func text(_ raw: String) -> String? {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        var count = 0
        for scalar in raw.unicodeScalars {
            let blank = scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .format && scalar.value != 0x200D
            if blank {
                pendingSpace = !out.isEmpty
                continue
            }
            // Room for the space before it too: a cut line never ends in a space.
            guard count + (pendingSpace ? 2 : 1) <= maxTextLength else { return String(out) + "…" }
            if pendingSpace {
                out.append(" ")
                count += 1
                pendingSpace = false
            }
            out.append(scalar)
            count += 1
        }
        return out.isEmpty ? nil : String(out)
    }

    /// The Manga field's value (unknown for anything else), letter case ignored.
    public static func manga(_ raw: String) -> Manga {
        let value = raw.trimmingSpaces.lowercased()
        return [Manga.yes, .no, .yesAndRightToLeft, .unknown].first { $0.rawValue.lowercased() == value } ?? .unknown
    }

    /// A boolean attribute: true, True or 1 (letter case ignored).
    public static func flag(_ raw: String) -> Bool {
        ["true", "1"].contains(raw.trimmingSpaces.lowercased())
    }

    /// An image index: digits only, below `maxPageEntries` (else nil).
    public static func index(_ raw: String) -> Int? {
        let digits = raw.trimmingSpaces
        guard !digits.isEmpty, digits.count <= 7, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int(digits), value < maxPageEntries else { return nil }
        return value
    }

    // MARK: Applying it to a book

    /// The image that is the cover, of `imageCount`: the FrontCover when it names one of
    /// them, else nil (the loader's own choice stands).
    public func cover(imageCount: Int) -> Int? {
        frontCover.flatMap { (0..<imageCount).contains($0) ? $0 : nil }
    }

    /// Where image `image` lies in `Book.pages` when image `cover` is the cover (taken out
    /// of the pages): nil for the cover itself and for images that do not exist.
    public static func pageIndex(ofImage image: Int, cover: Int, imageCount: Int) -> Int? {
        guard (0..<imageCount).contains(image), image != cover else { return nil }
        return image < cover ? image : image - 1
    }

    /// The DoublePage images as indices into `Book.pages` (the cover and images out of range
    /// left out).
    public func spreads(cover: Int, imageCount: Int) -> Set<Int> {
        Set(doublePages.compactMap { Self.pageIndex(ofImage: $0, cover: cover, imageCount: imageCount) })
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return self[first...last]
    }
}
