/// The list of keys (F1, or `?` in a book): a dimmed window with every row of `KeyBindings` (the same
/// table `--help` and the README show), laid out for the window size in one to three
/// columns: the layout that gives the largest text with every line whole, a row's words
/// wrapping under it where they are long.
public struct HelpOverlay: Equatable, Sendable {
    /// The window size it is laid out for, points.
    public var size: Size
    /// Drawn over the whole window before the text.
    public var scrim: RGBA
    public var texts: [TextLayer]

    public static let scrimColour = RGBA(0.07, 0.08, 0.10, 0.9)
    static let headingColour = RGBA(0.96, 0.78, 0.45)
    static let keyColour = RGBA(1, 1, 1)
    static let helpColour = RGBA(0.80, 0.80, 0.78)

    /// Text size at 1280×800, points; never above it, never under `minimumSize`.
    static let baseSize = 16.0
    static let minimumSize = 9.0
    /// Line pitch over text size; lines close up to `tightLineFactor` before they would
    /// run off a window the smallest text does not fit.
    static let lineFactor = 1.45
    static let tightLineFactor = 1.2
    /// The widest a character of the bundled font is on average, in ems, for the layout's
    /// estimate of a line's width (DejaVu Sans: about 0.55 regular, 0.62 bold; the test that
    /// renders every line with the font holds these to it).
    static let regularEm = 0.56
    static let boldEm = 0.63

    /// One line of the list.
    enum Line: Equatable {
        case heading(String)
        case row(keys: String, help: String)
        /// More of the row above's words, under them.
        case more(String)
    }

    /// Every line: a title, then one group per context and one for the pointer.
    static var lines: [[Line]] {
        var groups: [[Line]] = []
        for context in KeyContext.allCases {
            let rows = KeyBindings.all.filter { $0.context == context }
            guard !rows.isEmpty else { continue }
            groups.append([.heading(KeyBindings.heading(context))]
                          + rows.map { .row(keys: KeyBindings.names($0), help: $0.help) })
        }
        groups.append([.heading("Pointer:")] + KeyBindings.pointer.map { .row(keys: $0.input, help: $0.help) })
        return groups
    }

    /// `lines` with each row's words wrapped at `characters`.
    static func wrapped(_ lines: [Line], characters: Int) -> [Line] {
        lines.flatMap { line -> [Line] in
            guard case .row(let keys, let help) = line else { return [line] }
            let parts = Sentence.wrapped(help, width: characters)
            return [.row(keys: keys, help: parts[0])] + parts.dropFirst().map { .more($0) }
        }
    }

    public init(size: Size) {
        self.size = size
        scrim = HelpOverlay.scrimColour
        texts = HelpOverlay.layout(size: size, groups: HelpOverlay.lines)
    }

    /// A layout: the lines in columns at a text size.
    struct Plan {
        var columns: [[Line]]
        var textSize: Double
        /// Each column's keys' width, its indent included.
        var keyWidths: [Double]
    }

    /// The lines split into `n` columns of nearly equal height, never right after a heading
    /// and never between a row and the rest of its words.
    static func split(_ flat: [Line], into n: Int) -> [[Line]] {
        var columns: [[Line]] = []
        var start = 0
        let total = flat.count
        for c in 0..<n {
            var end = c == n - 1 ? total : min(total, start + (total - start + (n - c) - 1) / (n - c))
            while end > start + 1, end < total, case .more = flat[end] { end -= 1 }
            if end > start + 1, end < total, case .heading = flat[end - 1] { end -= 1 }
            columns.append(Array(flat[start..<end]))
            start = end
        }
        return columns.filter { !$0.isEmpty }
    }

    /// The plan with the largest text, from `largest` down in half points (fewest columns on
    /// a tie), whose lines all fit across `width` and down `usable`; when none does at the
    /// smallest size, three columns of unwrapped rows. Each column's keys are as wide as its
    /// own longest (the pointer's long names widen only theirs).
    static func plan(groups: [[Line]], width: Double, usable: Double, largest: Double = baseSize) -> Plan {
        let flat = Array(groups.joined())
        let headingCharacters = flat.reduce(0) { if case .heading(let text) = $1 { return max($0, text.count) }; return $0 }
        var best: Plan?
        for n in 1...3 {
            var size = max(largest, minimumSize)
            while size >= minimumSize - 1e-9 {
                let columnWidth = width / Double(n)
                let indent = size * (n == 1 ? 1 : 0.5)
                if Double(headingCharacters) * boldEm * size <= columnWidth - size,
                   let plan = fit(split(flat, into: n), columnWidth: columnWidth, indent: indent, size: size) {
                    let tall = Double((plan.columns.map(\.count).max() ?? 0) + 2) * size * tightLineFactor
                    if tall <= usable {
                        if best == nil || size > best!.textSize { best = plan }
                        break
                    }
                }
                size -= 0.5
            }
        }
        if let best { return best }
        // A window too small for every line whole (under about 800×600): the rows unwrapped in
        // three columns of the smallest text (more when three are too tall), cut where they
        // must be, so all of them show.
        let perColumn = max(Int(usable / (minimumSize * tightLineFactor)) - 3, 1)
        let n = max(3, Int((Double(flat.count) / Double(perColumn)).rounded(.up)))
        let columns = split(flat, into: n)
        return Plan(columns: columns, textSize: minimumSize, keyWidths: columns.map { _ in width / Double(n) * 0.42 })
    }

    /// `columns` at text `size`, each with keys as wide as its longest and its rows' words
    /// wrapped in the rest; nil when a column leaves its words under 16 characters.
    static func fit(_ columns: [[Line]], columnWidth: Double, indent: Double, size: Double) -> Plan? {
        var plan = Plan(columns: [], textSize: size, keyWidths: [])
        for column in columns {
            let keyCharacters = column.reduce(0) { if case .row(let keys, _) = $1 { return max($0, keys.count) }; return $0 }
            let keyWidth = indent + Double(keyCharacters) * boldEm * size + size
            let helpCharacters = Int((columnWidth - keyWidth - size / 2) / (regularEm * size))
            guard helpCharacters >= 16 else { return nil }
            plan.columns.append(wrapped(column, characters: helpCharacters))
            plan.keyWidths.append(keyWidth)
        }
        return plan
    }

    static func layout(size: Size, groups: [[Line]]) -> [TextLayer] {
        guard !groups.isEmpty else { return [] }
        let title = "Keys \u{2014} Escape or F1 closes this"
        let u = size.layoutUnit
        let margin = max(24 * u, 6)
        let usable = max(size.height - 2 * margin, 1)
        let panelWidth = max(size.width - 2 * margin, 1)
        let plan = plan(groups: groups, width: panelWidth, usable: usable, largest: (baseSize * max(u, 1) * 2).rounded() / 2)
        let textSize = plan.textSize
        let columns = plan.columns.count
        let tallest = Double((plan.columns.map(\.count).max() ?? 0) + 2)
        let pitch = textSize * clamp(usable / (tallest * textSize), tightLineFactor, lineFactor)
        let columnWidth = panelWidth / Double(columns)
        let left = (size.width - panelWidth) / 2
        let indent = textSize * (columns == 1 ? 1 : 0.5)
        let top = max(margin, (size.height - tallest * pitch) / 2) + pitch / 2

        var out = [TextLayer(title, size: textSize, weight: .bold, position: Point(x: size.width / 2, y: top),
                             colour: keyColour, maxWidth: panelWidth)]
        for (c, column) in plan.columns.enumerated() {
            let x = left + Double(c) * columnWidth
            let keyWidth = plan.keyWidths[c]
            var y = top + 2 * pitch
            for line in column {
                switch line {
                case .heading(let text):
                    out.append(TextLayer(text, size: textSize, weight: .bold, position: Point(x: x, y: y), alignment: .leading,
                                         colour: headingColour, maxWidth: columnWidth - textSize / 2))
                case .row(let keys, let help):
                    out.append(TextLayer(keys, size: textSize, weight: .bold, position: Point(x: x + indent, y: y),
                                         alignment: .leading, colour: keyColour, maxWidth: keyWidth - indent - textSize / 2))
                    out.append(TextLayer(help, size: textSize, position: Point(x: x + keyWidth, y: y), alignment: .leading,
                                         colour: helpColour, maxWidth: columnWidth - keyWidth - textSize / 4))
                case .more(let help):
                    out.append(TextLayer(help, size: textSize, position: Point(x: x + keyWidth, y: y), alignment: .leading,
                                         colour: helpColour, maxWidth: columnWidth - keyWidth - textSize / 4))
                }
                y += pitch
            }
        }
        return out
    }
}
