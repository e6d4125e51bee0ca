/// The series a book belongs to and its place in it: what a ComicInfo.xml says (Series,
/// Volume, Number), or the sub-folder of the library the book sits in (its name the series,
/// the book's title its place). The library grid stacks the books of one series.
public struct BookSeries: Equatable, Hashable, Sendable {
    /// The series' name, one bounded line (`TextLayer.bounded`).
    public var name: String
    /// The volume and the number in it, as numbers where they read as one ("5", "2.5",
    /// "12a" is 12); nil where there is none.
    public var volume: Double?
    public var number: Double?

    public init(name: String, volume: Double? = nil, number: Double? = nil) {
        self.name = TextLayer.bounded(name)
        self.volume = volume
        self.number = number
    }

    /// The series a ComicInfo.xml names, if it names one.
    public init?(_ info: ComicInfo) {
        guard let name = info.series, !TextLayer.bounded(name).isEmpty else { return nil }
        self.init(name: name, volume: info.volume.flatMap(BookSeries.number), number: info.number.flatMap(BookSeries.number))
    }

    /// The number `text` begins with (digits, one point and more digits), bounded: at most
    /// 9 digits before the point and 4 after; nil when it begins with none.
    static func number(_ text: String) -> Double? {
        let trimmed = text.drop { $0 == " " }
        let whole = trimmed.prefix { $0.isASCII && $0.isNumber }
        guard !whole.isEmpty, whole.count <= 9 else { return nil }
        var digits = String(whole)
        let rest = trimmed.dropFirst(whole.count)
        if rest.first == "." {
            let fraction = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }.prefix(4)
            if !fraction.isEmpty { digits += "." + fraction }
        }
        return Double(digits)
    }

    /// Books of one series in reading order: by volume, then number (books without come
    /// after those with), then `title` in natural order, then as listed.
    public static func reading(_ a: (series: BookSeries?, title: String, index: Int),
                               before b: (series: BookSeries?, title: String, index: Int)) -> Bool {
        func ordered(_ x: Double?, _ y: Double?) -> Bool? {
            switch (x, y) {
            case let (x?, y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return nil
            }
        }
        if let first = ordered(a.series?.volume, b.series?.volume) { return first }
        if let first = ordered(a.series?.number, b.series?.number) { return first }
        if naturalLess(a.title, b.title) { return true }
        if naturalLess(b.title, a.title) { return false }
        return a.index < b.index
    }
}
