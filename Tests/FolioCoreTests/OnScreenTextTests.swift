import Testing
@testable import FolioCore
@testable import FolioLibrary

/// When each piece of text shows, what it says, and how it fades; the help overlay.
@Suite struct OnScreenTextTests {
    static func texts(_ driver: AppDriver) -> [TextLayer] { driver.app.drawList().texts }
    static func text(_ driver: AppDriver, _ words: String) -> TextLayer? { texts(driver).first { $0.text == words } }
    static func pageNumbers(_ driver: AppDriver) -> TextLayer? { texts(driver).first { $0.text.contains(" / ") } }

    @Test func theShelfNamesTheCentredBookUnderItsCoverAndHintsHowToOpen() throws {
        let driver = AppDriver(books: 3, pages: 12)
        let title = try #require(Self.text(driver, "Book 1"))
        let count = try #require(Self.text(driver, "13 pages")) // the cover and 12 pages
        let hint = try #require(Self.text(driver, OnScreenText.hint))
        let layout = driver.app.shelf.layout
        let coverBottom = 400 + layout.cellSize.height * ShelfLayout.baseScale / 2
        #expect(title.position.x == 640 && title.position.y - title.size / 2 > coverBottom)
        #expect(count.position.y > title.position.y && hint.position.y > count.position.y && hint.position.y < 800)
        #expect([title, count, hint].allSatisfy { $0.opacity == 1 })
        // Right: mid-way the name has faded out; at rest the next book's shows.
        driver.send(.key(.right, []))
        var faded = false
        driver.run(until: driver.now + 1) { _ in
            let p = driver.app.shelf.position / layout.stride
            if abs(p - 0.5) < 0.1 { faded = faded || (Self.texts(driver).first { $0.text.hasPrefix("Book") } == nil) }
        }
        #expect(faded)
        #expect(Self.text(driver, "Book 2")?.opacity == 1 && Self.text(driver, "Book 1") == nil)
    }

    @Test func theHintGoesOnceABookOpensAndStaysGone() {
        let driver = AppDriver(books: 2, pages: 12)
        driver.send(.key(.return, []))
        driver.run(until: driver.now + 0.1)
        // The shelf's words are gone early in the opening, before the book grows over them.
        #expect(Self.text(driver, OnScreenText.hint) == nil && Self.text(driver, "Book 1") == nil)
        driver.run(until: driver.now + 2)
        driver.send(.key(.escape, []))
        driver.run(until: driver.now + 2)
        #expect(driver.kinds == [.shelf])
        #expect(Self.text(driver, "Book 1")?.opacity == 1)
        #expect(Self.text(driver, OnScreenText.hint) == nil)
    }

    @Test func pageNumbersShowAsTheBookOpensAndAfterEachTurnThenFade() throws {
        let driver = AppDriver(books: 1, pages: 12)
        driver.send(.key(.return, []))
        var opened: Double?
        driver.run(until: 3) { t in
            if opened == nil, driver.app.transition == nil, driver.kinds == [.shelf, .book] { opened = t }
        }
        let openedAt = try #require(opened)
        #expect(openedAt < 2, "the opening takes about a second")
        // Nothing during the opening; shown once open, held a second, gone after the fade.
        let fresh = AppDriver(books: 1, pages: 12)
        fresh.send(.key(.return, []))
        fresh.run(until: openedAt - 0.05)
        #expect(Self.pageNumbers(fresh) == nil)
        fresh.run(until: openedAt + OnScreenText.pageHoldTime - 0.05)
        #expect(Self.pageNumbers(fresh)?.text == "1 / 13" && Self.pageNumbers(fresh)?.opacity == 1, "the cover first")
        #expect(!fresh.app.isAtRest, "a fade to come keeps frames coming")
        fresh.run(until: openedAt + OnScreenText.pageHoldTime + OnScreenText.fadeTime / 2)
        let half = try #require(Self.pageNumbers(fresh)?.opacity)
        #expect(half > 0.3 && half < 0.7)
        fresh.run(until: openedAt + OnScreenText.pageHoldTime + OnScreenText.fadeTime + 0.05)
        #expect(Self.pageNumbers(fresh) == nil && fresh.app.isAtRest)
        // A turn shows the indicator at once, and the clock starts again; it names what the
        // window shows: the cover until the leaf passes halfway, then the spread it goes to.
        fresh.send(.key(.right, []))
        fresh.run(until: fresh.now + 1.0 / 60)
        #expect(Self.pageNumbers(fresh)?.text == "1 / 13" && Self.pageNumbers(fresh)?.opacity == 1)
        fresh.run(until: fresh.now + 1)
        #expect(Self.pageNumbers(fresh)?.text == "2\u{2013}3 / 13" && Self.pageNumbers(fresh)?.opacity == 1)
        fresh.run(until: fresh.now + 3)
        #expect(Self.pageNumbers(fresh) == nil)
    }

    @Test func pageNumbersSitBelowTheBook() throws {
        for size in [Size(width: 1280, height: 800), Size(width: 320, height: 240), Size(width: 800, height: 1200)] {
            let driver = AppDriver(size: size, books: 1, pages: 12)
            driver.send(.key(.return, []))
            driver.run(until: 2)
            let numbers = try #require(Self.pageNumbers(driver))
            let book = try #require(driver.app.book)
            // Below the lowest corner of any leaf, including one standing up mid-turn.
            var lowest = 0.0
            for offset in stride(from: 0.0, through: size.width, by: size.width / 16) {
                for page in 0..<4 {
                    let layer = book.layout.layer(page: page, content: .blank, angle: book.layout.pose(of: page, offset: offset).angle)
                    for (x, y) in [(0.0, 0.0), (layer.size.width, 0), (0, layer.size.height), (layer.size.width, layer.size.height)] {
                        if let p = layer.project(x: x, y: y) { lowest = max(lowest, p.y) }
                    }
                }
            }
            #expect(lowest > size.height / 2 + book.layout.pageSize.height / 2 + 1, "a standing leaf reaches lower than a flat page")
            #expect(numbers.position.y - numbers.size * 0.6 >= lowest - 1, "\(size)")
            #expect(numbers.position.y + numbers.size * 0.6 <= size.height, "\(size)")
        }
    }

    /// The cover is page 1, so the first spread shows pages 2 and 3; the last spread with a
    /// numbered page shows it; past it only the back cover.
    @Test(arguments: [
        (0, 12, "2\u{2013}3 / 12"), (5, 12, "12 / 12"), (6, 12, "Back cover \u{00B7} 12 pages"),
        (4, 11, "10\u{2013}11 / 11"), (5, 11, "Back cover \u{00B7} 11 pages"), (0, 3, "2\u{2013}3 / 3"),
        (0, 1, "Back cover \u{00B7} 1 page"),
    ])
    func theSpreadsLabel(leaf: Int, pages: Int, label: String) {
        #expect(PageNumbering(count: pages).label(leaf: leaf) == label)
    }

    /// A 64-page PDF's cover and its 63 other pages: 64 pages everywhere, PDF pages 22 and 23
    /// on one spread labelled so, and `--page 22` opening that spread.
    @Test func aBookIsNumberedAsItsFileCountsItsPages() {
        let book = Book(title: "Sixty-four", cover: .documentPage(document: "/b.pdf", page: 0),
                        pages: (1..<64).map { .documentPage(document: "/b.pdf", page: $0) })
        let numbering = book.numbering
        #expect(numbering.count == 64 && numbering.countLabel == "64 pages")
        let display = numbering.displayPage(ofNumber: 22)
        #expect(book.image(forPage: display) == .documentPage(document: "/b.pdf", page: 21))
        let leaf = BookScene.leaf(showing: display)
        #expect(numbering.label(leaf: leaf) == "22\u{2013}23 / 64")
        #expect(numbering.label(leaf: BookScene.leaf(showing: numbering.lastDisplayPage)) == "64 / 64")
    }

    @Test func indicatorsShowSlowMotionAndCapture() {
        let driver = AppDriver(books: 1, pages: 4)
        #expect(!Self.texts(driver).contains { $0.text.contains("Slow motion") })
        driver.send(.key(.s, [.ctrl, .shift]))
        #expect(Self.texts(driver).contains { $0.text.contains("Slow motion") })
        driver.app.capturing = true
        #expect(Self.texts(driver).contains { $0.text.contains("Capturing input") })
        driver.send(.key(.s, [.ctrl, .shift]))
        driver.app.capturing = false
        #expect(!Self.texts(driver).contains { $0.text.contains("Slow motion") || $0.text.contains("Capturing") })
    }

    @Test func anEmptyShelfSaysWhatToDoAndNothingElse() {
        let app = FolioApp(library: Library(books: []), size: Size(width: 320, height: 240))
        app.update(at: 0)
        let lines = app.drawList().texts
        #expect(lines.map(\.text).joined(separator: " ") == FolioApp.emptyHint, "the hint whole, on as many lines as it needs")
        #expect(lines.count > 1 && lines.allSatisfy { Double($0.text.count) * $0.size * 0.55 <= $0.maxWidth }, "no line is cut short")
        #expect(zip(lines, lines.dropFirst()).allSatisfy { $0.position.y < $1.position.y })
    }

    @Test func aHostileTitleIsBoundedToOneLine() throws {
        let title = "A\u{0}B\u{1B}[31m\nC\u{202E}D" + String(repeating: "x", count: 10_000)
        let app = FolioApp(library: Library(books: [Book(title: title, cover: nil, pages: [])]), size: Size(width: 1280, height: 800))
        app.update(at: 0)
        let shown = try #require(app.drawList().texts.first { $0.text.hasPrefix("A") })
        #expect(shown.text.hasPrefix("AB[31m CDxxx") && shown.text.hasSuffix("…"))
        #expect(shown.text.count == TextLayer.maxCharacters)
        #expect(shown.maxWidth <= 1280)
    }
}

/// `TextLayer.bounded`: one safe line of bounded length from any string.
@Suite struct BoundedTextTests {
    @Test(arguments: [
        ("", ""), ("  Aurora  ", "Aurora"), ("Line\nbreak\r\n\ttab", "Line break tab"), ("a\u{7}b\u{9B}c\u{7F}", "abc"),
        ("\u{202E}evil\u{2066}", "evil"), ("Ünïcödé 漢字 🙂👩‍👩‍👧", "Ünïcödé 漢字 🙂👩‍👩‍👧"), ("\u{FEFF}bom", "bom"),
    ])
    func cleans(input: String, output: String) {
        #expect(TextLayer.bounded(input) == output)
    }

    @Test func longTextEndsInAnEllipsis() {
        let out = TextLayer.bounded(String(repeating: "word ", count: 1000))
        #expect(out.count == TextLayer.maxCharacters && out.hasSuffix("…"))
        #expect(TextLayer.bounded(String(repeating: "y", count: TextLayer.maxCharacters)).count == TextLayer.maxCharacters)
    }

    /// Clean ASCII skips the walk over characters; what comes back is the same either way.
    @Test func theASCIIShortcutAgreesWithTheWalk() {
        var generator = SystemRandomNumberGenerator()
        // Printable ASCII alone (often clean: the shortcut's side), and with what needs cleaning.
        let plain: [Character] = ["a", "Z", "7", ".", "~", "e", " "]
        let mixed = plain + ["\t", "\n", "\u{7F}", "é", "\u{202E}"]
        var shortcuts = 0
        for alphabet in [plain, mixed] {
            for length in [0, 1, 2, 5, 40, TextLayer.maxCharacters - 1, TextLayer.maxCharacters, TextLayer.maxCharacters + 1] {
                for _ in 0..<200 {
                    let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
                    if TextLayer.isCleanASCII(text) { shortcuts += 1 }
                    #expect(TextLayer.bounded(text) == TextLayer.boundedCharacterByCharacter(text), "\(text.debugDescription)")
                }
            }
        }
        #expect(shortcuts > 100)
        #expect(TextLayer.isCleanASCII("The Cat in the Hat"))
        #expect(!TextLayer.isCleanASCII(" The") && !TextLayer.isCleanASCII("The  Cat") && !TextLayer.isCleanASCII("Café"))
        #expect(!TextLayer.isCleanASCII(String(repeating: "y", count: TextLayer.maxCharacters + 1)))
    }

    @Test func combiningMarksAreBoundedByScalars() {
        let zalgo = String(repeating: "e" + String(repeating: "\u{0301}", count: 50), count: 100)
        let out = TextLayer.bounded(zalgo)
        #expect(out.unicodeScalars.count <= TextLayer.maxScalars + 1 && out.hasSuffix("…"))
        let one = TextLayer.bounded("e" + String(repeating: "\u{0301}", count: 5000))
        #expect(one == "…")
    }
}

/// F1 (and "?" in a book, where nothing is typed) show the list of keys; Escape or the same
/// key hides it; nothing else changes. On the shelf "?" is typed into the find.
@Suite struct HelpOverlayTests {
    @Test func questionMarkAndF1ToggleAndEscapeHides() {
        let driver = AppDriver(books: 2, pages: 4)
        #expect(driver.app.drawList().help == nil)
        driver.send(.text("?"))
        #expect(driver.app.drawList().help == nil && driver.app.find != nil, "typed on the shelf: the find's")
        driver.send(.key(.escape, []))
        driver.send(.key(.return, []))
        driver.run(until: 1.5)
        driver.send(.text("?"))
        #expect(driver.app.drawList().help != nil)
        driver.send(.key(.question, []))
        #expect(driver.app.drawList().help == nil, "a script's \"?\" key toggles it too")
        driver.send(.key(.escape, []))
        driver.run(until: 3)
        driver.send(.key(.f1, []))
        #expect(driver.app.helpShown)
        driver.send(.key(.f1, []))
        #expect(!driver.app.helpShown)
        // Escape hides the list; on the shelf the next Escape does nothing (it never quits).
        driver.send(.key(.f1, []))
        driver.send(.key(.escape, []))
        #expect(!driver.app.helpShown && !driver.app.quitRequested)
        driver.send(.key(.escape, []))
        #expect(!driver.app.quitRequested && !driver.app.helpShown)
    }

    @Test func theListFollowsTheWindowSize() throws {
        let driver = AppDriver(size: Size(width: 1280, height: 800), books: 1, pages: 4)
        driver.send(.key(.f1, []))
        #expect(driver.app.drawList().help == HelpOverlay(size: Size(width: 1280, height: 800)))
        driver.send(.resize(Size(width: 320, height: 240)))
        let small = try #require(driver.app.drawList().help)
        #expect(small == HelpOverlay(size: Size(width: 320, height: 240)))
        #expect(small.texts.allSatisfy { $0.position.y < 240 })
    }

    @Test func escapeHidesTheListBeforeClosingTheBookAndHelpKeysDoNotSteer() {
        let driver = AppDriver(books: 1, pages: 8)
        driver.send(.key(.return, []))
        driver.run(until: 0.1)
        driver.send(.text("?"))
        #expect(driver.app.helpShown && driver.app.transition != nil)
        driver.run(until: 2)
        #expect(driver.kinds == [.shelf, .book], "the help key did not turn the opening back")
        driver.send(.key(.escape, []))
        driver.run(until: 3)
        #expect(driver.kinds == [.shelf, .book] && !driver.app.helpShown)
        driver.send(.key(.escape, []))
        driver.run(until: 5)
        #expect(driver.kinds == [.shelf])
    }

    @Test func theListHasEveryRowOfTheKeyTable() throws {
        let help = HelpOverlay(size: Size(width: 1280, height: 800))
        let words = help.texts.map(\.text)
        for binding in KeyBindings.all {
            let keys = try #require(words.firstIndex(of: KeyBindings.names(binding)), "\(binding.help)")
            // The row's words follow its keys, whole (wrapped onto lines of their own when long).
            let rest = words[(keys + 1)...].joined(separator: " ")
            #expect(rest.contains(binding.help))
        }
        for row in KeyBindings.pointer {
            let keys = try #require(words.firstIndex(of: row.input), "\(row.input)")
            #expect(words[(keys + 1)...].joined(separator: " ").hasPrefix(row.help), "\(row.input): \(row.help)")
        }
        for context in KeyContext.allCases {
            #expect(words.contains(KeyBindings.heading(context)))
        }
    }

    /// Room to grow: a new group of three rows still fits 320×240, its lines closer together
    /// (the zoom's four rows took the rest of the quarter this table once had spare).
    @Test func aLongerTableStillFitsTheSmallestWindow() {
        var groups = HelpOverlay.lines
        let extra = (0..<3).map { HelpOverlay.Line.row(keys: "K\($0)", help: "does \($0)") }
        groups.append([.heading("More:")] + extra)
        let size = Size(width: 320, height: 240)
        let texts = HelpOverlay.layout(size: size, groups: groups)
        #expect(texts.count > HelpOverlay(size: size).texts.count)
        #expect(texts.allSatisfy { $0.position.y + $0.size * 0.6 <= size.height && $0.size >= HelpOverlay.minimumSize })
    }

    @Test(arguments: [Size(width: 1280, height: 800), Size(width: 320, height: 240), Size(width: 3840, height: 2160),
                      Size(width: 640, height: 1000), Size(width: 2000, height: 300)])
    func theListFitsTheWindow(size: Size) {
        let help = HelpOverlay(size: size)
        #expect(help.scrim.a > 0.8)
        for text in help.texts {
            #expect(text.size >= HelpOverlay.minimumSize)
            #expect(text.position.y - text.size * 0.6 >= 0 && text.position.y + text.size * 0.6 <= size.height, "\(text.text) at \(size)")
            let left: Double
            switch text.alignment {
            case .leading: left = text.position.x
            case .center: left = text.position.x - text.maxWidth / 2
            case .trailing: left = text.position.x - text.maxWidth
            }
            #expect(left >= 0 && left + text.maxWidth <= size.width + 1e-9, "\(text.text) at \(size)")
        }
        // No two lines overlap.
        let boxes = help.texts.map { ($0.position, $0.size) }
        let lines = Dictionary(grouping: boxes, by: { ($0.0.y * 1000).rounded() }).keys.sorted()
        for (a, b) in zip(lines, lines.dropFirst()) {
            #expect((b - a) / 1000 >= (help.texts.first?.size ?? 0) * 1.2)
        }
    }
}
