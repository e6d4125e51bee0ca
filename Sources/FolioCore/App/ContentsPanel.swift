/// Where the contents' lines go in a window (`ContentsContext` shows them): the look of the
/// list of keys (`HelpOverlay`: its dimmed window, its colours, its font), a title line, then
/// one row a chapter, indented by its level, its page number at the right; the row selected
/// marked with ▶ in white, the chapter being read with ● in the headings' amber. Rows that do
/// not fit scroll, the selection always in view.
struct ContentsPanel {
    static let title = "Contents \u{2014} Enter goes there, Escape or Tab closes"
    static let empty = "This book has no contents."

    let size: Size
    let textSize: Double
    let pitch: Double
    let left: Double
    let width: Double
    /// The middle of the first row, points from the top.
    let firstRowY: Double
    /// How many rows fit.
    let rows: Int

    init(size: Size) {
        self.size = size
        let u = size.layoutUnit
        let margin = max(24 * u, 6)
        textSize = max(HelpOverlay.minimumSize, (HelpOverlay.baseSize * max(u, 0.75) * 2).rounded() / 2)
        pitch = textSize * HelpOverlay.lineFactor
        width = max(min(size.width - 2 * margin, 48 * textSize), 1)
        left = (size.width - width) / 2
        firstRowY = margin + pitch / 2 + 2 * pitch
        rows = max(1, Int((size.height - margin - (firstRowY - pitch / 2)) / pitch))
    }

    /// The row on screen at `point` (0 the first shown), if any.
    func row(at point: Point) -> Int? {
        guard point.x >= left, point.x < left + width, point.y >= firstRowY - pitch / 2 else { return nil }
        let row = Int((point.y - (firstRowY - pitch / 2)) / pitch)
        return row < rows ? row : nil
    }

    /// The panel's lines: `entries` from `first`, `selected` and `current` (indices into
    /// `entries`) marked; each page named by `label` (the number printed on it).
    func texts(_ entries: [ContentsEntry], first: Int, selected: Int, current: Int?,
               label: (Int) -> String = { String($0) }) -> [TextLayer] {
        var out = [TextLayer(Self.title, size: textSize, weight: .bold, position: Point(x: size.width / 2, y: firstRowY - 2 * pitch),
                             colour: HelpOverlay.keyColour, maxWidth: width)]
        guard !entries.isEmpty else {
            out.append(TextLayer(Self.empty, size: textSize, position: Point(x: size.width / 2, y: firstRowY),
                                 colour: HelpOverlay.helpColour, maxWidth: width))
            return out
        }
        let numberWidth = 4.5 * textSize, markWidth = 1.4 * textSize
        let shown = entries.indices.dropFirst(first).prefix(rows)
        for (row, index) in shown.enumerated() {
            let entry = entries[index], y = firstRowY + Double(row) * pitch
            let isSelected = index == selected, isCurrent = index == current
            let colour = isCurrent ? HelpOverlay.headingColour : isSelected ? HelpOverlay.keyColour : HelpOverlay.helpColour
            let weight: TextLayer.Weight = isSelected ? .bold : .regular
            if isSelected {
                out.append(TextLayer("\u{25B6}", size: textSize * 0.8, position: Point(x: left, y: y), alignment: .leading,
                                     colour: HelpOverlay.keyColour, maxWidth: markWidth))
            }
            let indent = min(Double(entry.level) * 1.5 * textSize, width / 3)
            out.append(TextLayer((isCurrent ? "\u{25CF} " : "") + entry.title, size: textSize, weight: weight,
                                 position: Point(x: left + markWidth + indent, y: y), alignment: .leading, colour: colour,
                                 maxWidth: max(width - markWidth - indent - numberWidth, textSize)))
            out.append(TextLayer(label(entry.number), size: textSize, weight: weight, position: Point(x: left + width, y: y),
                                 alignment: .trailing, colour: colour, maxWidth: numberWidth))
        }
        if first > 0 || first + rows < entries.count {
            let last = min(first + rows, entries.count)
            out.append(TextLayer("\(first + 1)\u{2013}\(last) of \(entries.count)", size: textSize * 0.85,
                                 position: Point(x: left + width, y: firstRowY - pitch), alignment: .trailing,
                                 colour: HelpOverlay.helpColour, maxWidth: width / 3))
        }
        return out
    }
}

extension HelpOverlay {
    /// The list of keys' dimmed window with other lines on it (the contents).
    init(size: Size, lines: [TextLayer]) {
        self.size = size
        scrim = HelpOverlay.scrimColour
        texts = lines
    }
}
