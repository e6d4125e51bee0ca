/// The list of keys (`?` or F1): a dimmed window with every row of `KeyBindings` (the same
/// table `--help` and the README show), laid out for the window size. Where one column would
/// need text under 12 points, the lines flow into two columns, or three where two would need
/// text under `minimumSize`.
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

    /// One line of the list.
    enum Line: Equatable {
        case heading(String)
        case row(keys: String, help: String)
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
        groups.append([.heading("Pointer:")] + KeyBindings.pointer.map { .row(keys: $0.input, help: KeyBindings.shortHelp($0.help)) })
        return groups
    }

    public init(size: Size) {
        self.size = size
        scrim = HelpOverlay.scrimColour
        texts = HelpOverlay.layout(size: size, groups: HelpOverlay.lines)
    }

    static func layout(size: Size, groups: [[Line]]) -> [TextLayer] {
        guard !groups.isEmpty else { return [] }
        let title = "Keys \u{2014} Escape, ? or F1 closes this"
        let u = size.layoutUnit
        let margin = max(24 * u, 6)
        let usable = max(size.height - 2 * margin, 1)
        let flat = Array(groups.joined())
        let total = flat.count
        func fit(_ count: Int) -> Double { usable / (Double(count + 2) * lineFactor) }
        /// The lines split into `n` columns of nearly equal height, never right after a
        /// heading (a group may go on in the next column, under its rows).
        func split(_ n: Int) -> [[Line]] {
            var columns: [[Line]] = []
            var start = 0
            for c in 0..<n {
                var end = c == n - 1 ? total : min(total, start + (total - start + (n - c) - 1) / (n - c))
                if end > start + 1, end < total, case .heading = flat[end - 1] { end -= 1 }
                columns.append(Array(flat[start..<end]))
                start = end
            }
            return columns.filter { !$0.isEmpty }
        }
        // One column while its text can be 12 points or more, else the fewest columns (up
        // to three) whose text reaches the smallest size.
        var columnLines = split(1)
        if fit(total) < 12 && groups.count >= 2 {
            columnLines = split(2)
            let tallest = Double((columnLines.map(\.count).max() ?? 0) + 2)
            if usable / (tallest * tightLineFactor) < minimumSize { columnLines = split(3) }
        }
        let columns = columnLines.count
        let tallestCount = columnLines.map(\.count).max() ?? 0
        let textSize = max(min(baseSize * max(u, 1), fit(tallestCount)), minimumSize)
        let linesTall = Double(tallestCount + 2)
        let pitch = textSize * clamp(usable / (linesTall * textSize), tightLineFactor, lineFactor)

        let panelWidth = min(size.width - 2 * margin, textSize * 48 * Double(columns))
        let columnWidth = panelWidth / Double(columns)
        let left = (size.width - panelWidth) / 2
        let keyWidth = columnWidth * 0.42
        // Rows sit under their heading, indented less where space is short.
        let indent = textSize * (columns == 1 ? 1 : 0.5)
        let tallest = linesTall
        let top = max(margin, (size.height - tallest * pitch) / 2) + pitch / 2

        var out = [TextLayer(title, size: textSize, weight: .bold, position: Point(x: size.width / 2, y: top),
                             colour: keyColour, maxWidth: panelWidth)]
        for (c, column) in columnLines.enumerated() {
            let x = left + Double(c) * columnWidth
            var y = top + 2 * pitch
            for line in column {
                switch line {
                case .heading(let text):
                    out.append(TextLayer(text, size: textSize, weight: .bold, position: Point(x: x, y: y), alignment: .leading,
                                         colour: headingColour, maxWidth: columnWidth - textSize))
                case .row(let keys, let help):
                    out.append(TextLayer(keys, size: textSize, weight: .bold, position: Point(x: x + indent, y: y),
                                         alignment: .leading, colour: keyColour, maxWidth: keyWidth - indent - textSize / 2))
                    out.append(TextLayer(help, size: textSize, position: Point(x: x + keyWidth, y: y), alignment: .leading,
                                         colour: helpColour, maxWidth: columnWidth - keyWidth - textSize / 2))
                }
                y += pitch
            }
        }
        return out
    }
}
