/// How the library grid draws: each cell's cover (flying between the shelf and its cell while
/// the grid comes or goes), a stack's edges, the ring, the reading bar and the ribbon, the
/// titles and the heading; and what the state trace says of it.
extension LibraryScene {

    /// The slots whose covers show in the window now.
    public var visibleSlots: [Int] {
        layout.visibleSlots(at: scroller.position).filter {
            let frame = layout.coverFrame(of: $0, at: scroller.position)
            return frame.maxY > 0 && frame.minY < size.height
        }
    }

    public func draw(into list: inout DrawList, in pose: Double) {
        if pose >= 1 { list.background = ShelfScene.background }
        let y = scroller.position
        let shown = layout.visibleSlots(at: y)
        let words = clamp(pose, 0, 1)
        var layers: [Layer] = []
        if pose >= 1 {
            for slot in shown { layers += cell(slot, frame: layout.coverFrame(of: slot, at: y), opacity: 1, marks: 1) }
        } else {
            // Covers on the shelf fly between their place there and their cell; the others
            // fade in at their cells, under them.
            var flying: [(slot: Int, from: Rect)] = []
            var onShelf = Set<Int>()
            for (book, frame) in shelf.coverFrames() {
                flying.append((slot(ofBook: book), frame))
                onShelf.insert(book)
            }
            for slot in shown where !onShelf.contains(book(inSlot: slot)) {
                layers += cell(slot, frame: layout.coverFrame(of: slot, at: y), opacity: words, marks: words)
            }
            for (slot, from) in flying {
                let to = layout.coverFrame(of: slot, at: y)
                let frame = Rect(x: mix(from.minX, to.minX, pose), y: mix(from.minY, to.minY, pose),
                                 width: mix(from.size.width, to.size.width, pose), height: mix(from.size.height, to.size.height, pose))
                layers += cell(slot, frame: frame, opacity: 1, marks: words)
            }
        }
        list.appendFlat(layers)
        list.texts += titles(of: shown, at: y, opacity: words * words)
    }

    /// One cover at `frame` (its cell's, or on its way there), with its ring, bar and ribbon.
    func cell(_ slot: Int, frame: Rect, opacity: Double, marks: Double) -> [Layer] {
        let book = book(inSlot: slot)
        let cell = layout.coverFrame(of: slot, at: scroller.position)
        guard cell.size.width > 0, frame.size.width > 0 else { return [] }
        let scale = frame.size.width / cell.size.width
        let shape = layout.shapes.indices.contains(slot) ? layout.shapes[slot] : PageGeometry.size
        let cover = Layer(size: cell.size, position: Point(x: frame.midX, y: frame.midY), anchor: Point(x: 0.5, y: 0.5),
                          transform: .scale(scale, scale, 1), opacity: opacity, content: .cover(book: book), side: .right,
                          cornerRadius: PageGeometry.cornerRadius * cell.size.height / max(shape.height, 1))
        var ring: [Layer] = []
        let u = layout.unit
        let stacked = items.indices.contains(slot) ? items[slot].books : [book]
        if stacked.count > 1 {
            // A series: two more covers' edges behind this one, up and to the right.
            for (step, colour) in [(2.0, LibraryScene.stackColours.back), (1.0, LibraryScene.stackColours.front)] {
                let shift = 5 * u * step
                ring.append(ShelfScene.layer(Rect(x: shift, y: -shift, width: cell.size.width, height: cell.size.height),
                                             on: cover, colour: colour, opacity: opacity))
            }
        }
        let colour = slot == selected ? LibraryScene.selectionColour : (slot == hovered ? LibraryScene.hoverColour : nil)
        if let colour, marks > 0 {
            let w = 3 * layout.unit
            ring.append(ShelfScene.layer(Rect(x: -w, y: -w, width: cell.size.width + 2 * w, height: cell.size.height + 2 * w),
                                         on: cover, colour: colour, opacity: marks))
        }
        var after: [Layer] = []
        if let readings = shelf.readings {
            let progress = stacked.count > 1 ? LibraryScene.progress(ofSeries: stacked, readings) : readings.progress(ofBook: book)
            after += ShelfScene.progressBar(on: cover, progress: progress, unit: layout.unit).map {
                var bar = $0
                bar.opacity *= marks
                return bar
            }
            if progress == nil {
                // A ribbon hangs from the top edge, near the spine's far corner: never opened.
                let width = 9 * u, height = 26 * u
                after.append(ShelfScene.layer(Rect(x: cell.size.width - width - 12 * u, y: 0, width: width, height: height),
                                              on: cover, colour: LibraryScene.ribbonColour, opacity: marks))
            }
        }
        return ring + [cover] + after
    }

    /// The titles under the covers of `slots`, and the heading over the rows.
    func titles(of slots: Range<Int>, at y: Double, opacity: Double) -> [TextLayer] {
        guard opacity > 0 else { return [] }
        let u = layout.unit, textSize = max(13 * u, 10)
        var out: [TextLayer] = []
        let stacks = items.filter { if case .stack = $0 { return true } else { return false } }.count
        let series = stacks > 0 ? " (\(Sentence.count(stacks, "series", "series")))" : ""
        let dot = " \u{00B7} "
        let heading = Sentence.count(madeFrom.count, "book") + series + dot + shelf.ordering.name + dot + layout.density.name + " covers"
        if layout.top / 2 - y > -20 {
            out.append(TextLayer(heading, size: max(15 * u, 11), weight: .bold, position: Point(x: layout.left, y: layout.top / 2 - y),
                                 alignment: .leading, colour: ScreenWords.textColour, opacity: opacity,
                                 maxWidth: size.width - 2 * layout.left))
        }
        for slot in slots {
            let box = layout.boxFrame(of: slot, at: y)
            let line = box.maxY + (ShelfScene.barGap + ShelfScene.barHeight) * u + textSize
            guard line > -textSize, line < size.height + textSize else { continue }
            var title = shelf.readings?.title(ofBook: book(inSlot: slot)) ?? ""
            if case .stack(let name, let books)? = items.indices.contains(slot) ? items[slot] : nil {
                title = name
                // How many, on a line of its own under the name (a long name ends in "…").
                var count = TextLayer(Sentence.count(books.count, "book"), size: max(11 * u, 9),
                                      position: Point(x: box.midX, y: line + textSize * 1.2), colour: ScreenWords.dimColour,
                                      opacity: opacity, maxWidth: box.size.width + layout.gap * 0.8)
                count.canWait = true
                out.append(count)
            }
            var text = TextLayer(title, size: textSize, weight: slot == selected ? .bold : .regular,
                                 position: Point(x: box.midX, y: line),
                                 colour: slot == selected ? ScreenWords.textColour : ScreenWords.dimColour, opacity: opacity,
                                 maxWidth: box.size.width + layout.gap * 0.8)
            text.canWait = true
            out.append(text)
        }
        return out
    }

    public func trace(into frame: inout TraceFrame) {
        let stacks = items.compactMap { item -> TraceFrame.Stack? in
            guard case .stack(let name, let books) = item else { return nil }
            return TraceFrame.Stack(name: name, books: books)
        }
        frame.library = TraceFrame.Library(count: madeFrom.count, visible: visibleSlots.map(book(inSlot:)),
                                           sort: shelf.ordering.rawValue, selected: book(inSlot: selected), size: layout.density.name,
                                           stacks: stacks)
    }
}
