/// A line of text cut into runs of one direction, in the order they are seen: a title in
/// Hebrew or Arabic reads from the right, its words in right-to-left runs (shaped right to
/// left by HarfBuzz, through SDL2_ttf), the Latin and the numbers in it left to right, the
/// runs set out from the line's side. A simplified bidi: the line's direction is its first
/// strong character's; neutrals (spaces, punctuation) between two runs of one direction
/// join them, others take the line's; numbers are left to right.
public enum BidiRuns {
    public struct Run: Equatable, Sendable {
        public var text: String
        public var rightToLeft: Bool
        /// The script for shaping ("Arab", "Hebr"), nil for the font's own guess.
        public var script: String?
    }

    /// True for a right-to-left letter, false for a left-to-right letter or digit, nil for a
    /// neutral.
    static func direction(_ s: Unicode.Scalar) -> Bool? {
        switch s.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default:
            return s.properties.isAlphabetic || s.properties.numericType != nil ? false : nil
        }
    }

    /// The script a right-to-left character shapes with.
    static func script(_ s: Unicode.Scalar) -> String? {
        switch s.value {
        case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return "Arab"
        case 0x0590...0x05FF, 0xFB1D...0xFB4F: return "Hebr"
        default: return nil
        }
    }

    /// True when `text` has a right-to-left character (it needs runs).
    public static func hasRightToLeft(_ text: String) -> Bool {
        text.unicodeScalars.contains { direction($0) == true }
    }

    /// `text`'s runs in visual order, left to right on screen.
    public static func visual(_ text: String) -> [Run] {
        let characters = Array(text)
        guard !characters.isEmpty else { return [] }
        let strong = characters.map { $0.unicodeScalars.first.flatMap(direction) }
        let base = strong.first { $0 != nil }.flatMap { $0 } ?? false
        // Neutrals take their neighbours' direction when both agree, else the line's.
        var resolved = [Bool](repeating: base, count: characters.count)
        var i = 0
        while i < characters.count {
            if let d = strong[i] {
                resolved[i] = d
                i += 1
                continue
            }
            var j = i
            while j < characters.count, strong[j] == nil { j += 1 }
            let before = i > 0 ? resolved[i - 1] : base
            let after = j < characters.count ? strong[j]! : base
            for k in i..<j { resolved[k] = before == after ? before : base }
            i = j
        }
        var runs: [Run] = []
        for (k, character) in characters.enumerated() {
            let rtl = resolved[k]
            let script = rtl ? character.unicodeScalars.first.flatMap(Self.script) : nil
            if let last = runs.last, last.rightToLeft == rtl, script == nil || last.script == nil || last.script == script {
                runs[runs.count - 1].text.append(character)
                if runs[runs.count - 1].script == nil { runs[runs.count - 1].script = script }
            } else {
                runs.append(Run(text: String(character), rightToLeft: rtl, script: script))
            }
        }
        return base ? runs.reversed() : runs
    }
}
