import Foundation
import Testing
import CSDL2
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioSDL

/// Text drawn by SDL2_ttf in the bundled font: where it lands, how crisp it is at 2× pixel
/// density, that it fits a 320×240 window, and that unchanged text is not rendered again.
@Suite(.serialized)
struct TextRenderingTests {
    typealias Frame = (rgb: [UInt8], width: Int, height: Int)

    static func frame(_ app: FolioApp, canvas: HeadlessCanvas) throws -> Frame {
        try canvas.draw(app)
        var rgb: [UInt8] = []
        canvas.readRGB(into: &rgb)
        return (rgb, Int(canvas.size.width), Int(canvas.size.height))
    }

    static func luma(_ f: Frame, _ x: Int, _ y: Int) -> Double {
        let i = (y * f.width + x) * 3
        return 0.2126 * Double(f.rgb[i]) + 0.7152 * Double(f.rgb[i + 1]) + 0.0722 * Double(f.rgb[i + 2])
    }

    /// Pixels of light text on the dark background inside `rows` and `columns` (pixels).
    static func bright(_ f: Frame, rows: Range<Int>, columns: Range<Int>? = nil, above: Double = 140) -> [(x: Int, y: Int)] {
        var out: [(x: Int, y: Int)] = []
        for y in rows.clamped(to: 0..<f.height) {
            for x in (columns ?? 0..<f.width).clamped(to: 0..<f.width) where luma(f, x, y) > above { out.append((x, y)) }
        }
        return out
    }

    static func app(_ library: Library, _ size: Size) -> FolioApp {
        let app = FolioApp(library: library, size: size)
        app.update(at: 0)
        return app
    }

    static func library(titles: [String], pages: Int = 4) -> Library {
        Library(books: titles.map { Book(title: $0, cover: nil, pages: Array(repeating: nil, count: pages)) })
    }

    /// The first text layer saying `words`.
    static func layer(_ app: FolioApp, _ words: String) throws -> TextLayer {
        try #require(app.drawList().texts.first { $0.text == words })
    }

    @Test func theTitleAndPageCountAreDrawnUnderTheCoverAndNotOnIt() throws {
        let library = RendererTests.library
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 1280, height: 800)
        let app = Self.app(library, Size(width: 1280, height: 800))
        let f = try Self.frame(app, canvas: canvas)
        let title = try Self.layer(app, library.books[0].title)
        let band = Int(title.position.y - title.size)..<Int(title.position.y + title.size)
        let ink = Self.bright(f, rows: band)
        #expect(ink.count > 80, "the title is drawn")
        // Centred under the cover, within the cover's width, below its bottom edge.
        let xs = ink.map(\.x)
        let centre = Double(xs.min()! + xs.max()!) / 2
        #expect(abs(centre - 640) < 6)
        let coverBottom = 400 + app.shelf.layout.cellSize.height * ShelfLayout.baseScale / 2
        #expect(Double(ink.map(\.y).min()!) > coverBottom)
        let count = try Self.layer(app, "12 pages")
        #expect(Self.bright(f, rows: Int(count.position.y - count.size / 2)..<Int(count.position.y + count.size / 2), above: 110).count > 30)
        let hint = try Self.layer(app, OnScreenText.hint)
        #expect(Self.bright(f, rows: Int(hint.position.y - hint.size / 2)..<Int(hint.position.y + hint.size / 2), above: 110).count > 60)
    }

    @Test func theHelpOverlayDimsTheWindowAndListsTheKeys() throws {
        for (w, h) in [(1280, 800), (320, 240)] {
            let library = RendererTests.library
            let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: w, height: h)
            let app = Self.app(library, Size(width: Double(w), height: Double(h)))
            let before = try Self.frame(app, canvas: canvas)
            app.handle(.key(.f1), at: 0.1)
            let after = try Self.frame(app, canvas: canvas)
            // The cover under the list is dimmed; the list's lines are drawn in bright text.
            // (The median over a patch of the cover: lines of the list cross it.)
            func median(_ f: Frame) -> Double {
                let values = stride(from: w * 42 / 100, through: w * 58 / 100, by: max(w / 100, 1)).flatMap { x in
                    stride(from: h * 25 / 100, through: h * 45 / 100, by: max(h / 100, 1)).map { y in Self.luma(f, x, y) }
                }.sorted()
                return values[values.count / 2]
            }
            #expect(median(after) < median(before) * 0.5 + 12)
            let help = try #require(app.drawList().help)
            for line in help.texts.prefix(6) {
                let y = Int(line.position.y)
                let x0 = line.alignment == .leading ? Int(line.position.x) : Int(line.position.x - line.maxWidth / 2)
                let found = Self.bright(after, rows: (y - Int(line.size / 2))..<(y + Int(line.size / 2) + 1),
                                        columns: x0..<(x0 + Int(line.maxWidth)), above: 120)
                #expect(found.count > 10, "\(line.text) at \(w)×\(h)")
            }
        }
    }

    /// At 2× the text is rendered at its pixel size: twice as tall as at 1×, with edges that
    /// go from background to text within a pixel or two (a scaled 1× texture would blur).
    @Test func textIsCrispAtTwicePixelDensity() throws {
        let library = Self.library(titles: ["Hxlf"])
        var heights: [Double] = []
        var steepest: [Double] = []
        for scale in [1.0, 2.0] {
            let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 640, height: 400, pixelScale: scale)
            let app = Self.app(library, Size(width: 640, height: 400))
            let f = try Self.frame(app, canvas: canvas)
            let title = try Self.layer(app, "Hxlf")
            let rows = Int((title.position.y - title.size) * scale)..<Int((title.position.y + title.size) * scale)
            let ink = Self.bright(f, rows: rows, above: 180)
            try #require(!ink.isEmpty)
            heights.append(Double(ink.map(\.y).max()! - ink.map(\.y).min()! + 1))
            // The largest luma step between neighbours along the text's rows.
            var step = 0.0
            for y in rows {
                for x in 1..<f.width { step = max(step, abs(Self.luma(f, x, y) - Self.luma(f, x - 1, y))) }
            }
            steepest.append(step)
        }
        #expect(heights[1] / heights[0] > 1.8 && heights[1] / heights[0] < 2.2, "heights \(heights)")
        // Background luma ≈ 42, text ≈ 231: a crisp vertical stem reaches most of that in one step.
        #expect(steepest[1] > 150, "steepest edge at 2×: \(steepest[1])")
    }

    @Test func theShelfsTextFitsA320By240WindowWithoutTouchingTheCover() throws {
        let library = RendererTests.library
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 320, height: 240)
        let app = Self.app(library, Size(width: 320, height: 240))
        let f = try Self.frame(app, canvas: canvas)
        let coverBottom = Int((120 + app.shelf.layout.cellSize.height * ShelfLayout.baseScale / 2).rounded(.up))
        // Below the cover: the title, its page count and the hint, all within the window.
        let ink = Self.bright(f, rows: (coverBottom + 1)..<240, above: 110)
        let lines = Set(ink.map { $0.y / 4 })
        #expect(ink.count > 150 && lines.count >= 6, "three lines of text under the cover")
        #expect(ink.allSatisfy { $0.x > 0 && $0.x < 319 })
        // Legible: the title's capitals are at least 8 pixels tall.
        let title = try Self.layer(app, library.books[0].title)
        #expect(title.size >= 11)
        let titleInk = Self.bright(f, rows: Int(title.position.y - title.size)..<Int(title.position.y + title.size / 2), above: 180)
        #expect(titleInk.map(\.y).max()! - titleInk.map(\.y).min()! >= 8)
    }

    @Test func unchangedTextIsNotRenderedAgainAndAFadeOnlyChangesItsOpacity() throws {
        let library = RendererTests.library
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 640, height: 400)
        let app = Self.app(library, Size(width: 640, height: 400))
        try canvas.draw(app)
        let first = canvas.renderer.textRenderCount
        #expect(first >= 3)
        for _ in 0..<5 { try canvas.draw(app) }
        #expect(canvas.renderer.textRenderCount == first)
        // Open a book and let its page numbers fade out: one rendering for the label.
        app.handle(.key(.return), at: 0.1)
        var t = 0.1
        var before = 0
        while t < 4 {
            t += 1.0 / 30
            app.update(at: t)
            try canvas.draw(app)
            if app.transition == nil && before == 0 { before = canvas.renderer.textRenderCount }
        }
        #expect(app.drawList().texts.isEmpty, "faded out")
        #expect(canvas.renderer.textRenderCount == before)
    }

    /// Hostile titles: glyphs the font lacks, right-to-left overrides, one endless word.
    @Test(arguments: ["\u{13000}\u{1F9FF}\u{10FFFD}", "\u{202E}gnp.exe", String(repeating: "W", count: 5000),
                      String(repeating: "e\u{0301}\u{0302}\u{0303}", count: 300)])
    func hostileTitlesAreDrawnWithinTheirWidth(title: String) throws {
        let library = Self.library(titles: [title])
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 640, height: 400)
        let app = Self.app(library, Size(width: 640, height: 400))
        let f = try Self.frame(app, canvas: canvas)
        let layer = try #require(app.drawList().texts.first { $0.weight == .bold })
        let ink = Self.bright(f, rows: Int(layer.position.y - layer.size)..<Int(layer.position.y + layer.size), above: 100)
        #expect(!ink.isEmpty, "something is drawn (missing glyphs show as boxes)")
        let xs = ink.map(\.x)
        #expect(Double(xs.max()! - xs.min()!) <= layer.maxWidth + 1)
    }

    /// The pixels of `text` drawn by `typeface` at 24 pixels, and the surface's size.
    static func drawn(_ text: String, _ typeface: Typeface) throws -> (pixels: [UInt8], width: Int, height: Int) {
        let surface = try #require(typeface.render(text, pixels: 24, weight: .bold, maxWidth: 2000))
        defer { SDL_FreeSurface(surface) }
        let s = surface.pointee, pitch = Int(s.pitch)
        let bytes = UnsafeRawPointer(s.pixels!).assumingMemoryBound(to: UInt8.self)
        var out: [UInt8] = []
        for y in 0..<Int(s.h) { out += UnsafeBufferPointer(start: bytes + y * pitch, count: Int(s.w) * 4) }
        return (out, Int(s.w), Int(s.h))
    }

    /// Titles in scripts DejaVu lacks are drawn in the font the system has for them (through
    /// fontconfig), not as boxes: two different titles of as many characters draw different
    /// pixels (boxes would be the same), and a Latin title beside them keeps DejaVu.
    @Test(arguments: [("\u{30EF}\u{30F3}\u{30D4}\u{30FC}\u{30B9}", "\u{9B3C}\u{6EC5}\u{306E}\u{5203}\u{3060}"),  // Japanese
                      ("\u{4E09}\u{4F53}\u{7B2C}\u{4E00}\u{90E8}", "\u{897F}\u{904A}\u{8A18}\u{753B}\u{672C}"),  // Chinese
                      ("\u{D55C}\u{AD6D}\u{C5B4}\u{C6F9}\u{D230}", "\u{B098}\u{D63C}\u{C790}\u{C0B0}\u{B2E4}")])  // Korean
    func titlesInOtherScriptsAreDrawnInAFontThatHasThem(one: String, other: String) throws {
        let typeface = try #require(Typeface.bundled())
        let a = try Self.drawn(one + " 1", typeface), b = try Self.drawn(other + " 1", typeface)
        let differ = a.pixels != b.pixels
        #expect(differ, "two titles drew the same pixels: boxes")
        // The boxes DejaVu draws for five characters it lacks, for comparison: not what shows.
        let boxes = try Self.drawn("\u{10FFFD}\u{10FFFD}\u{10FFFD}\u{10FFFD}\u{10FFFD} 1", typeface)
        let notBoxes = a.pixels != boxes.pixels && b.pixels != boxes.pixels
        #expect(notBoxes, "the titles are not drawn as boxes")
        // Mixed with Latin, the line is one surface, wider than the Latin alone.
        let latin = try Self.drawn("Vol. 1", typeface), mixed = try Self.drawn(one + " Vol. 1", typeface)
        #expect(mixed.width > latin.width && mixed.height >= latin.height, "\(mixed.width)×\(mixed.height) beside \(latin.width)×\(latin.height)")
    }

    /// Emoji are drawn in colour by the system's emoji font (fonts-noto-color-emoji, which
    /// the package recommends), on the line: that font holds only 109-pixel bitmaps, scaled to
    /// the line's height (unscaled, one emoji stood five lines tall over the text).
    @Test func emojiAreDrawnInColourAtTheLinesHeight() throws {
        let typeface = try #require(Typeface.bundled())
        let latin = try Self.drawn("Vol. 1", typeface), mixed = try Self.drawn("\u{1F4DA} Vol. 1 \u{1F600}", typeface)
        #expect(mixed.height <= latin.height * 3 / 2, "\(mixed.height) pixels high beside \(latin.height)")
        #expect(mixed.width > latin.width && mixed.width < latin.width + 4 * latin.height, "\(mixed.width) wide beside \(latin.width)")
        // Colour: a pixel whose channels differ widely (the text itself is white).
        let coloured = stride(from: 0, to: mixed.pixels.count, by: 4).contains { i in
            let channels = mixed.pixels[i..<(i + 3)].map(Int.init)
            return mixed.pixels[i + 3] > 200 && channels.max()! - channels.min()! > 80
        }
        #expect(coloured, "the emoji are drawn in colour")
    }

    /// The pixels of `text` drawn plainly by SDL2_ttf in the bundled bold font: left to
    /// right, unshaped, as every line was before.
    static func plain(_ text: String, _ typeface: Typeface) throws -> [UInt8] {
        let font = try #require(typeface.font(pixels: 24, weight: .bold))
        let surface = try #require(TTF_RenderUTF8_Blended(font, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)))
        defer { SDL_FreeSurface(surface) }
        let s = surface.pointee, pitch = Int(s.pitch)
        let bytes = UnsafeRawPointer(s.pixels!).assumingMemoryBound(to: UInt8.self)
        var out: [UInt8] = []
        for y in 0..<Int(s.h) { out += UnsafeBufferPointer(start: bytes + y * pitch, count: Int(s.w) * 4) }
        return out
    }

    /// Hebrew reads from the right: its letters are drawn as the same letters reversed are
    /// drawn left to right. Arabic is shaped (its letters joined), not drawn as isolated
    /// letters in the order they are stored.
    @Test func rightToLeftTitlesReadFromTheRightAndAreShaped() throws {
        let typeface = try #require(Typeface.bundled())
        let hebrew = "\u{05E9}\u{05DC}\u{05D5}\u{05DD}"
        let seen = try Self.drawn(hebrew, typeface).pixels
        let same = seen == (try Self.plain(String(hebrew.reversed()), typeface))
        #expect(same, "Hebrew is drawn right to left")
        let stored = seen == (try Self.plain(hebrew, typeface))
        #expect(!stored, "not in the order it is stored")
        let arabic = "\u{0633}\u{0644}\u{0627}\u{0645}"
        let shaped = try Self.drawn(arabic, typeface).pixels
        let forwards = try Self.plain(arabic, typeface), backwards = try Self.plain(String(arabic.reversed()), typeface)
        let isolated = shaped == forwards || shaped == backwards
        #expect(!isolated, "Arabic is joined, not isolated letters")
    }

    @Test func aLineIsShortenedToTheLongestPrefixThatFitsWithAnEllipsis() throws {
        let typeface = try #require(Typeface.bundled())
        let font = try #require(typeface.font(pixels: 16, weight: .regular))
        let text = "The Extraordinarily Long and Winding Chronicle"
        let full = Typeface.width(text, font: font)
        #expect(Typeface.fitted(text, font: font, maxWidth: full) == text)
        for maxWidth in [full - 1, full / 2, 40, 1] {
            let fitted = Typeface.fitted(text, font: font, maxWidth: maxWidth)
            #expect(fitted.hasSuffix("…"))
            let kept = String(fitted.dropLast())
            #expect(text.hasPrefix(kept))
            if fitted != "…" {
                #expect(Typeface.width(fitted, font: font) <= maxWidth)
                // One more character would not fit.
                let next = String(text.prefix(kept.count + 1)).trimmingCharacters(in: .whitespaces) + "…"
                #expect(Typeface.width(next, font: font) > maxWidth || next == fitted)
            }
        }
        #expect(typeface.render("", pixels: 16, weight: .regular, maxWidth: 100) == nil)
        #expect(typeface.render("x", pixels: 16, weight: .regular, maxWidth: 0) == nil)
    }

    /// Windows far too small for the text (a recording may ask for them) draw what fits.
    @Test(arguments: [(1, 1), (16, 12), (60, 40)])
    func tinyWindowsDrawWithoutFailing(width: Int, height: Int) throws {
        let library = RendererTests.library
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: width, height: height)
        let app = Self.app(library, Size(width: Double(width), height: Double(height)))
        app.handle(.key(.f1), at: 0)
        app.handle(.key(.s, [.ctrl, .shift]), at: 0)
        let f = try Self.frame(app, canvas: canvas)
        #expect(f.rgb.count == width * height * 3)
        #expect(app.drawList().help?.texts.allSatisfy { $0.size >= HelpOverlay.minimumSize } == true)
    }

    @Test func withoutItsFontFilesThereIsNoTypeface() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-nofont-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(Typeface(directory: dir.path) == nil)
        // One file alone is not enough either.
        try Data().write(to: dir.appendingPathComponent(Typeface.regularFile))
        #expect(Typeface(directory: dir.path) == nil)
    }

    @Test func placeholdersCarryTheirNumberAndReasonInTheFont() throws {
        let book = Book(title: "Lost", cover: nil, pages: [.unavailable(cause: .missing, name: "a.jpg"),
                                                           .unavailable(cause: .missing, name: "b.jpg")])
        let library = Library(books: [book])
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 1280, height: 800)
        let app = Self.app(library, Size(width: 1280, height: 800))
        app.handle(.key(.return), at: 0)
        var t = 0.0
        while t < 2 { t += 1.0 / 30; app.update(at: t) }
        app.book?.settle(onLeaf: 0)
        while t < 3 { t += 1.0 / 30; app.update(at: t) }
        let f = try Self.frame(app, canvas: canvas)
        let layout = try #require(app.book).layout
        // The right page (page 2): dark ink on paper around its middle, more where the number is.
        let left = Int(640 + layout.pageSize.width * 0.2), right = Int(640 + layout.pageSize.width * 0.8)
        func dark(_ rows: Range<Int>) -> Int {
            rows.reduce(0) { n, y in n + (left..<right).filter { Self.luma(f, $0, y) < 150 }.count }
        }
        let number = dark(360..<440)
        let label = dark(Int(400 + layout.pageSize.height * 0.2)..<Int(400 + layout.pageSize.height * 0.3))
        #expect(number > 400, "the page number")
        #expect(label > 40, "the reason")
    }
}
