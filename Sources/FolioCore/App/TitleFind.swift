import Foundation

/// A find on the shelf: the characters typed so far, when the last key came, and whether any
/// title matched them. Titles match when they begin with the text, or failing that (in no
/// title at all) when a word inside them does; case and diacritics do not count ("e" finds
/// "Étoile"). Times are the app's real time (seconds, injected): slow motion does not make a
/// find last longer.
public struct TitleFind: Sendable {
    /// What has been typed, as typed (it is folded to compare).
    public private(set) var text = ""
    /// When the find began or last took a key.
    var lastKeyAt: Double
    /// No title matched `text`: the shelf stayed where it was.
    public internal(set) var notFound = false
    /// The titles, folded, in shelf order (folded once, as the find begins).
    private(set) var titles: [String]

    /// A find ends by itself this long after its last key (seconds), then fades out over
    /// `OnScreenText.fadeTime`: long enough to find the next letter on the keyboard, short
    /// enough that the next characters soon begin a new find.
    public static let idleTime = 2.0
    /// Longest text kept (characters); titles are at most 200 (`ComicInfo.maxTextLength`).
    static let maxLength = 100

    init(titles: [String], at time: Double) {
        self.titles = titles.map(TitleFind.folded)
        lastKeyAt = time
    }

    /// The find still takes keys at `time`.
    public func isActive(at time: Double) -> Bool { time < lastKeyAt + TitleFind.idleTime }

    /// The find's line's opacity at `time`: whole while it takes keys, then fading.
    func opacity(at time: Double) -> Double {
        OnScreenText.fading(since: lastKeyAt, hold: TitleFind.idleTime, at: time)
    }

    /// Adds `character` (false when the text is as long as it may be, or a space would lead).
    mutating func type(_ character: Character, at time: Double) -> Bool {
        lastKeyAt = time
        guard text.count < TitleFind.maxLength, !(character == " " && (text.isEmpty || text.last == " ")) else { return false }
        text.append(character)
        return true
    }

    /// Takes the last character back; false when there was none.
    mutating func erase(at time: Double) -> Bool {
        lastKeyAt = time
        guard !text.isEmpty else { return false }
        text.removeLast()
        return true
    }

    /// The book the text finds, looking from book `start` on and round to it again: the first
    /// title that begins with the text, else the first with a word that does. Nil when none
    /// does, or nothing is typed.
    func match(from start: Int) -> Int? {
        let query = TitleFind.folded(text)
        guard !query.isEmpty, !titles.isEmpty else { return nil }
        let first = min(max(start, 0), titles.count - 1)
        let order = Array(titles.indices[first...]) + Array(titles.indices[..<first])
        return order.first { titles[$0].hasPrefix(query) }
            ?? order.first { TitleFind.aWord(in: titles[$0], beginsWith: query) }
    }

    /// Takes the titles again when the shelf changed (a drop added books).
    mutating func adopt(titles: [String]) {
        guard titles.count != self.titles.count else { return }
        self.titles = titles.map(TitleFind.folded)
    }

    /// `text` as it is compared: no marks on letters, lower case, runs of white space one space.
    static func folded(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var space = false
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars {
            if scalar.properties.isWhitespace {
                space = !out.isEmpty
                continue
            }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: break
            }
            if space { out.append(" ") }
            space = false
            out.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
        }
        return String(out)
    }

    /// A word of `title` other than its first (a letter or digit after anything else)
    /// begins `query`'s match.
    static func aWord(in title: String, beginsWith query: String) -> Bool {
        var previous: Character?
        var index = title.startIndex
        while index < title.endIndex {
            let character = title[index]
            if let previous, !previous.isLetter && !previous.isNumber, character.isLetter || character.isNumber,
               title[index...].hasPrefix(query) {
                return true
            }
            previous = character
            index = title.index(after: index)
        }
        return false
    }
}
