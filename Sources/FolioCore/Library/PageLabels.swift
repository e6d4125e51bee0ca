/// The labels printed on a document's pages (a PDF's /PageLabels: "iii" in the front matter,
/// "17" on the twentieth page), as a book keeps them (`Book.pageLabels`): each one bounded
/// line, none for a book whose pages carry their own numbers.
public enum PageLabels {
    /// Pages whose labels are kept (a longer book's later pages carry their numbers).
    public static let maxPages = 10_000
    /// Longest label kept, bytes of UTF-8.
    public static let maxBytes = 31

    /// `raw` (a reader's word, unchecked) made safe: one line each, no control characters,
    /// at most `maxBytes` bytes, at most one per page of a `pageCount`-page book; nil when
    /// every label is its page's own number (the cover is 1) or there are none.
    public static func checked(_ raw: [String], pageCount: Int) -> [String]? {
        let labels = raw.prefix(min(pageCount, maxPages)).map { label -> String in
            let line = String(String.UnicodeScalarView(label.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
                .trimmingCharacters(in: .whitespaces)
            var bounded = ""
            for character in line where bounded.utf8.count + String(character).utf8.count <= maxBytes { bounded.append(character) }
            return bounded
        }
        let own = labels.enumerated().allSatisfy { $0.element.isEmpty || $0.element == String($0.offset + 1) }
        return own ? nil : labels
    }
}
