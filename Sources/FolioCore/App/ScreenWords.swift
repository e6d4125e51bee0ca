/// The words on screen: under the centred cover its title and page count, in a book the
/// spread's page numbers, the first-run hint, the empty shelf's hint and the slow-motion and
/// capture indicators. Sizes follow the layout unit with a floor, so text stays legible in
/// a 320×240 window. Made for one frame, from the app as it is.
struct ScreenWords {
    let app: any AppHost
    var size: Size { app.window.size }

    static let textColour = RGBA(0.93, 0.91, 0.86)
    static let dimColour = RGBA(0.66, 0.66, 0.64)
    static let slowMotionColour = RGBA(0.98, 0.76, 0.35)
    static let captureColour = RGBA(0.98, 0.45, 0.40)
    /// A find that matched no title.
    static let notFoundColour = RGBA(0.98, 0.62, 0.52)
    /// A text size: `base` points at 1280×800, scaled with the window, never under `minimum`.
    func textSize(_ base: Double, minimum: Double) -> Double {
        ScreenWords.textSize(base, minimum: minimum, in: size)
    }

    /// The same, in a window of `size`.
    static func textSize(_ base: Double, minimum: Double, in size: Size) -> Double {
        max(base * size.layoutUnit, minimum)
    }

    /// Behind a line that may lie over a page (a page zoomed past the window's edges): the
    /// strip's colour.
    static let backing = StripContext.colour

    /// The text layers, the shelf's words at the shelf's pose `shelf`, back to front.
    /// The middle of the line under a book's pages (the page number's, the notices', a
    /// search's) for text `s` points high: under the 3D book's lifted bottom edge, or the
    /// flat spread's, and above the strip when it shows.
    static func lineUnder(_ showing: any PageShowing, app: any AppHost, textSize s: Double) -> Double {
        let bottom = showing.pagesBottom, floor = app.window.size.height - showing.bottomInset
        return min((bottom + floor) / 2, floor - s * 0.6)
    }

    /// The words over the scenes: the shelf's (`shelf` at `pose`), the line under a book's
    /// pages, the indicators and notices.
    func texts(shelf: ShelfScene, pose: ShelfScene.Pose) -> [TextLayer] {
        let u = size.layoutUnit
        var out: [TextLayer] = []
        if app.library.books.isEmpty {
            // On as many lines as the window's width needs (about half an em a character), at
            // most 60 characters each, as a paragraph reads.
            let s = textSize(18, minimum: 12), width = size.width * 0.94
            let lines = Sentence.wrapped(FolioApp.emptyHint, width: min(60, max(12, Int(width / (s * 0.55)))))
            let top = size.height / 2 - Double(lines.count - 1) * s * 0.7
            for (i, line) in lines.enumerated() {
                out.append(TextLayer(line, size: s, position: Point(x: size.width / 2, y: top + Double(i) * s * 1.4),
                                     colour: ScreenWords.textColour, maxWidth: width))
            }
        } else {
            out += shelfTexts(of: shelf, in: pose)
        }
        // In a book a notice goes on the page number's line under the pages, at its left,
        // never over a page.
        var noticeShown = false
        if let showing = app.navigation.top as? any PageShowing, app.navigation.transition == nil,
           app.library.books.indices.contains(showing.bookIndex) {
            let typed = app.modals.first(TypedPageContext.self)
            let onScreen = app.window.words, time = app.clock.time
            let opacity = typed == nil ? onScreen.pageOpacity(at: time) : 1
            let s = textSize(16, minimum: 11)
            // Under the spread: the 3D book's lifted bottom edge, or the flat spread's (and
            // above the strip when it shows).
            let y = ScreenWords.lineUnder(showing, app: app, textSize: s)
            if !onScreen.capturing, typed == nil, let notice = onScreen.notice, onScreen.noticeOpacity(at: time) > 0 {
                noticeShown = true
                let x = max(20 * u, 6)
                // Clear of the page number in the middle of the line; backed, for a page zoomed
                // past the window's edges (fit width) lies under this line too.
                var line = TextLayer(notice.text, size: textSize(14, minimum: 11), weight: .bold, position: Point(x: x, y: y),
                                     alignment: .leading, colour: ScreenWords.textColour, opacity: onScreen.noticeOpacity(at: time),
                                     maxWidth: max(size.width / 2 - x - 100 * u, 40))
                line.backing = ScreenWords.backing
                out.append(line)
            }
            // Not squeezed between a lifted leaf and the strip (the strip names the page).
            if opacity > 0, size.height - showing.bottomInset - showing.pagesBottom >= s {
                let numbering = PageNumbering(app.library.books[showing.bookIndex])
                let shown = showing.pagesShown
                let label = typed.map { $0.label(of: showing.bookIndex, app: app) }
                    ?? (shown.count == 1 ? numbering.label(page: shown[0]) : numbering.label(pages: shown))
                out.append(TextLayer(label, size: s, position: Point(x: size.width / 2, y: y), colour: ScreenWords.textColour,
                                     opacity: opacity, maxWidth: size.width * 0.9))
            }
        }
        // Indicators, top left, one per line.
        let s = textSize(14, minimum: 11)
        var y = max(24 * u, s)
        let x = max(20 * u, 6)
        if app.clock.slowMotion {
            out.append(TextLayer("Slow motion (Ctrl+Shift+S)", size: s, weight: .bold, position: Point(x: x, y: y), alignment: .leading,
                                 colour: ScreenWords.slowMotionColour, maxWidth: size.width - 2 * x))
            y += s * 1.5
        }
        let onScreen = app.window.words, time = app.clock.time
        if onScreen.capturing {
            out.append(TextLayer("\u{25CF} Capturing input (Ctrl+R)", size: s, weight: .bold, position: Point(x: x, y: y),
                                 alignment: .leading, colour: ScreenWords.captureColour, maxWidth: size.width - 2 * x))
        } else if !noticeShown, let notice = onScreen.notice, onScreen.noticeOpacity(at: time) > 0 {
            var line = TextLayer(notice.text, size: s, weight: .bold, position: Point(x: x, y: y), alignment: .leading,
                                 colour: ScreenWords.textColour, opacity: onScreen.noticeOpacity(at: time), maxWidth: size.width - 2 * x)
            line.backing = ScreenWords.backing
            out.append(line)
        } else if !noticeShown, app.navigation.visibleScenes.contains(where: { $0 === shelf }),
                  case let opacity = shelf.orderNoticeOpacity * pose.wordsOpacity, opacity > 0 {
            // The shelf's order, as Tab changed it.
            out.append(TextLayer(shelf.ordering.notice, size: s, weight: .bold, position: Point(x: x, y: y), alignment: .leading,
                                 colour: ScreenWords.textColour, opacity: opacity, maxWidth: size.width - 2 * x))
        }
        return out
    }

    /// The centred book's title and page count under its cover, fading as the shelf scrolls
    /// away from it or the book opens; the first-run hint at the bottom.
    private func shelfTexts(of shelf: ShelfScene, in pose: ShelfScene.Pose) -> [TextLayer] {
        let layout = shelf.layout
        let u = size.layoutUnit
        let index = shelf.centredIndex
        let away = abs(shelf.position - Double(shelf.centredSlot) * layout.stride) / max(layout.stride, 1)
        // Gone within the first part of an opening, before the book grows over the words.
        let shelfOpacity = pose.wordsOpacity
        var out: [TextLayer] = []
        let nameOpacity = clamp(1 - 2.5 * away, 0, 1) * shelfOpacity
        if nameOpacity > 0, app.library.books.indices.contains(index) {
            let book = app.library.books[index]
            let titleSize = textSize(20, minimum: 12), detailSize = textSize(15, minimum: 11)
            let coverBottom = size.height / 2 + layout.cellSize.height * ShelfLayout.baseScale / 2
            let titleY = coverBottom + max(14 * u, 4) + titleSize * 0.6
            let detailY = titleY + titleSize * 0.6 + max(4 * u, 1) + detailSize * 0.6
            let width = min(size.width * 0.9, max(layout.stride * 1.6, 200))
            out.append(TextLayer(book.title, size: titleSize, weight: .bold, position: Point(x: size.width / 2, y: titleY),
                                 colour: ScreenWords.textColour, opacity: nameOpacity, maxWidth: width))
            let detail = [book.byline, PageNumbering(book).countLabel].compactMap { $0 }.joined(separator: " \u{00B7} ")
            out.append(TextLayer(detail, size: detailSize,
                                 position: Point(x: size.width / 2, y: detailY), colour: ScreenWords.dimColour,
                                 opacity: nameOpacity, maxWidth: width))
        }
        // A find shows in the hint's place; the hint comes back as it fades.
        let find = app.modals.first(FindContext.self)?.line(in: app, words: self)
        if let find { out.append(find) }
        let hintOpacity = app.window.words.hintOpacity(at: app.clock.time) * shelfOpacity * (1 - (find?.opacity ?? 0))
        if hintOpacity > 0 {
            let s = textSize(16, minimum: 11)
            out.append(TextLayer(OnScreenText.hint, size: s, position: Point(x: size.width / 2, y: size.height - max(28 * u, s)),
                                 colour: ScreenWords.dimColour, opacity: hintOpacity, maxWidth: size.width * 0.94))
        }
        return out
    }
}
