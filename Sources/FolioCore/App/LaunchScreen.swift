/// How far the reading of a library at launch has gone: the books found, by name, which
/// are done and which are being read now. Read by the window while the listing runs on
/// another thread (`LibraryLoadProgress` holds it there).
public struct LibraryReading: Equatable, Sendable {
    public enum Phase: Equatable, Sendable {
        /// The folder is being looked through; no book is named yet.
        case looking
        /// Each book is listed by a decoder worker.
        case listing
        /// The books' page shapes are measured (their first pages' headers).
        case measuring
    }

    /// The library's own name (its folder's or file's).
    public var library: String
    public var phase = Phase.looking
    /// The books found, in the shelf's order (file names).
    public var names: [String] = []
    /// Which of `names` have been read.
    public var done: Set<Int> = []
    /// Which of `names` are being read now.
    public var reading: Set<Int> = []

    public init(library: String) {
        self.library = library
    }

    /// Most names kept: the launch screen shows a window's worth.
    public static let maxNames = 100_000
}

/// What the window shows while a library is read at launch, once that takes longer than
/// `showAfter` (a slow disk, a hung network mount, decoder workers that stall): the
/// library's name, a bar of how many books are read, the books by name around the ones being
/// read now, and how to quit. The window draws it and answers its keys at once, whatever the
/// workers do; the shelf follows as soon as the books are read.
public enum LaunchScreen {
    /// Seconds of reading before the window shows this screen (a library read sooner opens
    /// straight on the shelf).
    public static let showAfter = 0.25
    /// Seconds between redraws while it shows.
    public static let redrawEvery = 0.1

    /// The line under the title: what is being done, in a reader's words.
    public static func status(_ reading: LibraryReading) -> String {
        switch reading.phase {
        case .looking:
            return "Looking for books\u{2026}"
        case .listing:
            return "\(reading.done.count) of \(Sentence.count(reading.names.count, "book")) read"
        case .measuring:
            return "Measuring the pages\u{2026}"
        }
    }

    /// The rows of names shown in a window `rows` high: from a little before the first book
    /// being read (or the first not read yet), in order.
    public static func shownNames(_ reading: LibraryReading, rows: Int) -> Range<Int> {
        let count = reading.names.count
        guard rows > 0, count > 0 else { return 0..<0 }
        let focus = reading.reading.min() ?? (0..<count).first { !reading.done.contains($0) } ?? count - 1
        let first = max(0, min(focus - rows / 3, count - rows))
        return first..<min(count, first + rows)
    }

    /// The frame for `reading` in a window of `size`.
    public static func drawList(_ reading: LibraryReading, size: Size) -> DrawList {
        var list = DrawList(background: ShelfScene.background)
        let body = ScreenWords.textSize(15, minimum: 11, in: size)
        let width = min(size.width * 0.8, body * 36)
        let left = (size.width - width) / 2
        var y = size.height * 0.2
        list.texts.append(TextLayer("Opening \(reading.library)", size: body * 1.4, weight: .bold, position: Point(x: size.width / 2, y: y),
                                    colour: ScreenWords.textColour, maxWidth: width))
        y += body * 2.2
        list.texts.append(TextLayer(status(reading), size: body, position: Point(x: size.width / 2, y: y),
                                    colour: ScreenWords.dimColour, maxWidth: width))
        y += body * 1.4
        // The bar: its track, and what is read of it.
        let bar = Rect(x: left, y: y, width: width, height: max(3, body * 0.3))
        list.bands.append((bar, RGBA(1, 1, 1, 0.12)))
        if !reading.names.isEmpty {
            let fraction = reading.phase == .measuring ? 1 : Double(reading.done.count) / Double(reading.names.count)
            list.bands.append((Rect(x: left, y: y, width: width * min(max(fraction, 0), 1), height: bar.size.height),
                               ScreenWords.textColour))
        }
        y += body * 2
        // The books by name: being read (bold), read (dim), waiting (plain).
        let pitch = body * 1.5
        let footer = size.height - body * 2
        let rows = max(0, Int((footer - body * 1.5 - y) / pitch))
        for (row, index) in shownNames(reading, rows: rows).enumerated() {
            let being = reading.reading.contains(index), read = reading.done.contains(index)
            let mark = being ? "\u{25B8} " : read ? "\u{2713} " : "   "
            list.texts.append(TextLayer(mark + reading.names[index], size: body, weight: being ? .bold : .regular,
                                        position: Point(x: left, y: y + Double(row) * pitch), alignment: .leading,
                                        colour: read ? ScreenWords.dimColour : ScreenWords.textColour, maxWidth: width))
        }
        list.texts.append(TextLayer("\(KeyBindings.names(of: .quit)) quits", size: body * 0.9,
                                    position: Point(x: size.width / 2, y: footer),
                                    colour: ScreenWords.dimColour, maxWidth: width))
        return list
    }
}
