/// A link on a document's page (a PDF's link annotation), as Folio keeps it: the area it
/// answers on, as fractions of the page from its top-left corner, and where it goes.
public struct PageLink: Equatable, Sendable {
    public enum Target: Equatable, Sendable {
        /// A page of the same book, by the reader's numbering (the first page is 1).
        case page(Int)
        /// An address outside the book (a web page, a mail address): shown, and opened only
        /// when the reader clicks it again after the notice naming it.
        case address(String)
        /// An address longer than `maxAddress` bytes: never kept (nor cut short, which would
        /// open another address), named by its length where a book is checked.
        case unkept(bytes: Int)
    }

    public var area: Rect
    public var target: Target
    /// The page's own width over its height, when known: its picture is centred on a page of
    /// the book's shape (letterboxed), so `area` is placed within that picture.
    public var pageAspect: Double?
    /// For a link to a page: where on it the link goes (a fraction of the page's height from
    /// its top), when the document names a place; nil for the page's top.
    public var top: Double?

    public init(area: Rect, target: Target, pageAspect: Double? = nil, top: Double? = nil) {
        self.area = area
        self.target = target
        self.pageAspect = pageAspect
        self.top = top
    }

    /// How the reader arrives where the link goes: at its place on the page, else the top.
    public var arrival: ReadingPlace.Arrival { top.map { .at($0) } ?? .top }

    /// A place on a page kept: a finite fraction, clamped to the page (0…1).
    public static func checkedTop(_ top: Double?) -> Double? {
        top.flatMap { $0.isFinite ? clamp($0, 0, 1) : nil }
    }

    /// The aspects kept: a page from 1:20 to 20:1.
    static func checkedAspect(_ aspect: Double?) -> Double? {
        aspect.flatMap { $0.isFinite && (0.05...20).contains($0) ? $0 : nil }
    }

    /// Most links kept on one page, and the longest address kept (bytes of UTF-8).
    public static let maxPerPage = 500
    public static let maxAddress = 2048

    /// The links a decoder read from page `number`'s file, bounded for a book of
    /// `pageCount` pages: areas within the page and of some size, pages the book has,
    /// addresses of printable characters and no longer than `maxAddress` (others are dropped,
    /// not repaired); at most `maxPerPage`.
    public static func checked(_ raw: [PageLink], pageCount: Int) -> [PageLink] {
        var kept: [PageLink] = []
        for link in raw where kept.count < maxPerPage {
            guard let area = PageLink.unitArea(link.area) else { continue }
            switch link.target {
            case .page(let number) where (1...max(pageCount, 1)).contains(number) && pageCount >= 1:
                kept.append(PageLink(area: area, target: link.target, pageAspect: checkedAspect(link.pageAspect),
                                     top: checkedTop(link.top)))
            case .address(let address) where isShowable(address):
                kept.append(PageLink(area: area, target: link.target, pageAspect: checkedAspect(link.pageAspect)))
            default:
                continue
            }
        }
        return kept
    }

    /// `area` within the unit square, or nil when it is not a box of some size there.
    static func unitArea(_ area: Rect) -> Rect? {
        let values = [area.minX, area.minY, area.size.width, area.size.height]
        guard values.allSatisfy(\.isFinite) else { return nil }
        let x0 = clamp(area.minX, 0, 1), y0 = clamp(area.minY, 0, 1)
        let x1 = clamp(area.maxX, 0, 1), y1 = clamp(area.maxY, 0, 1)
        guard x1 - x0 > 1e-4, y1 - y0 > 1e-4 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// An address that can be named on screen as it is: printable, with no spaces or
    /// controls, at most `maxAddress` bytes.
    static func isShowable(_ address: String) -> Bool {
        !address.isEmpty && address.utf8.count <= maxAddress
            && address.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value)
                && !$0.properties.isBidiControl && !$0.properties.isWhitespace }
    }

    /// The most of its page a link may cover and still take clicks (half): a link laid over
    /// most of a page, visible or not, would take the clicks meant for the page.
    public static let maxArea = 0.5

    /// It takes clicks and shows the hand: it covers at most `maxArea` of its page.
    public var isClickable: Bool { area.size.width * area.size.height <= Self.maxArea }

    /// The schemes Folio hands to the desktop to open: web pages and mail. Any other address
    /// is named and not opened.
    public var opens: Bool {
        guard case .address(let address) = target else { return false }
        let lower = address.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:")
    }
}

/// Where a search found its text: the page, by the reader's numbering, and the box on it
/// (fractions of the page from its top-left corner).
public struct TextHit: Equatable, Sendable {
    public var number: Int
    public var area: Rect
    /// The page's own width over its height, when known (as a link's).
    public var pageAspect: Double?

    public init(number: Int, area: Rect, pageAspect: Double? = nil) {
        self.number = number
        self.area = area
        self.pageAspect = pageAspect
    }
}

/// What one stretch of a search answered: its hits, the pages it searched (from the first
/// asked for; fewer than asked when its time ran out), and whether any of them holds text.
public struct TextSearchStretch: Equatable, Sendable {
    public var hits: [TextHit]
    public var searched: Int
    public var hasText: Bool

    public init(hits: [TextHit], searched: Int, hasText: Bool) {
        self.hits = hits
        self.searched = searched
        self.hasText = hasText
    }
}
