import Foundation
import Testing
@testable import FolioCore

/// Finding a book on the shelf by typing its title's first letters: the shelf glides to the
/// first title from the centred book on (round again) that begins with them, else to one with
/// a word that does; case and diacritics do not count. Every character typed on the shelf is
/// the find's: no letter there is a command (the window's commands are chords: Ctrl+Q).
@Suite struct ShelfFindTests {
    static let titles = [
        "Moby-Dick",                                       // 0
        "Astérix le Gaulois",                              // 1
        "The Adventures of Tom Sawyer",                    // 2
        ComicInfo(title: "Chapter One", series: "Saga", number: "1", volume: "1").bookTitle!,  // 3
        "Émile et les détectives",                         // 4
        "Asterios Polyp",                                  // 5
        "Dune",                                            // 6
        "Quo Vadis",                                       // 7
        "Quest for Fire",                                  // 8
    ]

    /// The shelf of `titles`, at rest on book `centred`.
    static func shelf(centred: Int = 0, slowMotion: Bool = false) -> AppDriver {
        let s = AppDriver(books: titles.count, pages: 4, slowMotion: slowMotion)
        for (i, title) in titles.enumerated() { s.app.library.books[i].title = title }
        s.app.shelf.settle(onBook: centred)
        return s
    }

    /// Types `text` as a keyboard does: each key's press, then what it typed (a character
    /// with no key of its own, as text alone).
    static func type(_ s: AppDriver, _ text: String, modifiers: Modifiers = []) {
        for character in text {
            if let key = character == " " ? Key.space : Key(rawValue: character.lowercased()) { s.send(.key(key, modifiers)) }
            s.send(.text(String(character)))
        }
    }

    /// The find's line at the bottom of the shelf, if one shows.
    static func line(_ s: AppDriver) -> TextLayer? {
        s.app.drawList().texts.first { $0.text.hasPrefix("Find:") || $0.text.hasPrefix("No title") }
    }

    /// Where the shelf rests once it has come to rest.
    static func settled(_ s: AppDriver) -> Int {
        s.run(until: s.now + 1.5)
        #expect(s.app.shelf.isAtRest)
        return s.app.shelf.centredIndex
    }

    @Test func typingGlidesTheShelfToTheFirstTitleTheLettersBegin() {
        let s = Self.shelf()
        Self.type(s, "a")
        // "Astérix": the é is an e.
        #expect(s.app.shelf.targetIndex == 1 && Self.line(s)?.text.hasPrefix("Find: a") == true)
        // It glides (the shelf's own scroll), passing the places between.
        #expect(s.app.shelf.scroller.isAnimating)
        var positions: [Double] = []
        s.run(until: s.now + 0.1) { _ in positions.append(s.app.shelf.position) }
        let stride = s.app.shelf.layout.stride
        #expect(positions.contains { $0 > 0.05 * stride && $0 < 0.95 * stride }, "\(positions)")
        Self.type(s, "sterio")
        #expect(s.app.shelf.targetIndex == 5, "only Asterios begins with \"asterio\"")
        #expect(Self.line(s)?.text.hasPrefix("Find: asterio") == true)
        #expect(Self.settled(s) == 5)
        // The caption under the cover names the book found.
        #expect(s.app.drawList().texts.contains { $0.text == "Asterios Polyp" })
    }

    @Test(arguments: [("emile", 4, Modifiers()), ("EMILE", 4, .shift), ("asterix", 1, Modifiers())])
    func caseAndDiacriticsDoNotCount(typed: String, book: Int, modifiers: Modifiers) {
        let s = Self.shelf()
        Self.type(s, typed, modifiers: modifiers)
        #expect(Self.settled(s) == book)
    }

    @Test(arguments: [("Émile", "emile"), ("ÄSTHETIK", "asthetik"), ("\u{FB01}n", "fin"), ("  Tom \t Sawyer ", "tom sawyer"),
                      ("Cafe\u{301}", "cafe"), ("ＡＢＣ", "abc")])
    func titlesAreFolded(title: String, folded: String) {
        #expect(TitleFind.folded(title) == folded)
    }

    /// No title begins with "tom" or "dick": a word inside one does. A title that begins
    /// with the letters wins over an earlier one with a word that does.
    @Test(arguments: [("tom", 2), ("dick", 0), ("chapter", 3), ("d", 6), ("le g", 1)])
    func aWordInsideATitleIsTheFallback(typed: String, book: Int) {
        let s = Self.shelf(centred: 1)
        Self.type(s, typed)
        #expect(Self.settled(s) == book)
        #expect(Self.line(s)?.text.hasPrefix("Find: \(typed)") == true)
    }

    /// From the centred book on, round past the last book to the first; the centred book
    /// itself counts.
    @Test func theFindStartsAtTheCentredBookAndWrapsRound() {
        let s = Self.shelf(centred: 6)
        Self.type(s, "m")
        #expect(Self.settled(s) == 0, "Moby-Dick, round past the end")
        let t = Self.shelf(centred: 5)
        Self.type(t, "a")
        #expect(Self.settled(t) == 5, "Asterios itself, not Astérix before it")
        let u = Self.shelf(centred: 2)
        Self.type(u, "a")
        #expect(Self.settled(u) == 5, "the next A after the centred book")
    }

    /// Titles that begin with the letters other views use as commands: typed, they find,
    /// and nothing quits, slows or goes fullscreen.
    @Test func typingQuestFindsABookAndQuitsNothing() {
        let s = Self.shelf()
        Self.type(s, "quest")
        #expect(!s.app.quitRequested && !s.app.slowMotion && !s.app.fullscreen)
        #expect(Self.line(s)?.text.hasPrefix("Find: quest") == true)
        #expect(Self.settled(s) == 8)
        s.send(.key(.escape))
        Self.type(s, "saga")
        #expect(!s.app.slowMotion, "S typed, it did not toggle slow motion")
        #expect(Self.settled(s) == 3)
        s.send(.key(.escape))
        Self.type(s, "rf")
        #expect(!s.app.fullscreen && Self.line(s)?.text == "No title begins with \u{201C}rf\u{201D}")
    }

    /// Digits and signs type too, and a character with no key of its own ("é" on a French
    /// layout) as well.
    @Test func digitsSignsAndTheLayoutsLettersType() {
        let s = Self.shelf()
        Self.type(s, "Moby-")
        #expect(Self.line(s)?.text.hasPrefix("Find: Moby-") == true && Self.settled(s) == 0, "shown as typed")
        s.send(.key(.escape))
        s.send(.text("\u{C9}"))
        s.send(.text("m"))
        #expect(Self.settled(s) == 4, "Émile")
        s.send(.key(.escape))
        Self.type(s, "7")
        #expect(Self.line(s)?.text == "No title begins with \u{201C}7\u{201D}")
    }

    /// A character AltGr makes (Alt held, on X11 layouts that map AltGr so) types into the
    /// find like any other; Ctrl ends it.
    @Test func altGrCharactersTypeAndCtrlEndsTheFind() {
        let s = Self.shelf()
        Self.type(s, "Moby")
        s.send(.key(.e, .alt))
        s.send(.text("\u{20AC}"))
        #expect(s.app.find?.text == "Moby\u{20AC}")
        s.send(.key(.s, .ctrl))
        #expect(s.app.find == nil)
    }

    /// Space alone on the shelf opens the centred book (its text starts no find); inside a
    /// find it is a space.
    @Test func spaceOpensTheBookUnlessAFindShows() {
        let s = Self.shelf()
        Self.type(s, "le")
        Self.type(s, " g")
        #expect(Self.line(s)?.text.hasPrefix("Find: le g") == true && s.kinds == [.shelf])
        #expect(Self.settled(s) == 1)
        s.send(.key(.escape))
        Self.type(s, " ")
        #expect(s.app.find == nil)
        s.run(until: s.now + 1.5)
        #expect(s.kinds == [.shelf, .book])
    }

    /// The window's commands on the shelf are chords and function keys: Ctrl+Shift+S, F11,
    /// Ctrl+Q; with Ctrl held nothing is typed.
    @Test func theWindowsCommandsOnTheShelfAreChords() {
        let s = Self.shelf()
        s.send(.key(.s, [.ctrl, .shift]))
        #expect(s.app.slowMotion && s.app.find == nil && Self.line(s) == nil)
        s.send(.key(.f11))
        #expect(s.app.fullscreen)
        s.send(.key(.s, .ctrl))
        #expect(s.app.slowMotion, "Ctrl+S is not slow motion's chord")
        s.send(.key(.s, [.ctrl, .shift]))
        #expect(!s.app.slowMotion)
        #expect(s.app.shelf.targetIndex == 0 && !s.app.quitRequested)
        s.send(.key(.q, .ctrl))
        #expect(s.app.quitRequested)
    }

    @Test func noMatchSaysSoAndTheShelfStays() {
        let s = Self.shelf(centred: 2)
        Self.type(s, "xyz")
        let line = Self.line(s)
        #expect(line?.text == "No title begins with \u{201C}xyz\u{201D}")
        #expect(line?.colour == ScreenWords.notFoundColour)
        #expect(!s.app.shelf.scroller.isAnimating && s.app.shelf.targetIndex == 2)
        // Enter ends it without opening the book that was not asked for.
        s.send(.key(.return))
        s.run(until: s.now + 1.5)
        #expect(s.kinds == [.shelf] && Self.line(s) == nil)
    }

    /// The find ends 2 s after its last key, by the app's clock (slow motion does not
    /// stretch it); its line then fades, and the next character begins a new find.
    @Test func aFindEndsByItselfAfterTwoSecondsIdle() {
        let s = Self.shelf(slowMotion: true)
        s.run(until: 1)
        Self.type(s, "d")
        s.run(until: 2.5)
        Self.type(s, "u")
        #expect(Self.line(s)?.text.hasPrefix("Find: du") == true)
        s.run(until: 2.5 + TitleFind.idleTime - 0.1)
        #expect(s.app.find?.isActive(at: s.app.time) == true && !s.app.isAtRest)
        #expect(Self.line(s)?.opacity == 1)
        s.run(until: 2.5 + TitleFind.idleTime + 0.1)
        #expect(s.app.find?.isActive(at: s.app.time) == false)
        let fading = Self.line(s)?.opacity ?? 0
        #expect(fading > 0 && fading < 1, "it fades out")
        s.run(until: 2.5 + TitleFind.idleTime + OnScreenText.fadeTime + 0.1)
        #expect(Self.line(s) == nil && s.app.find == nil)
        s.send(.key(.s, [.ctrl, .shift]))
        #expect(!s.app.slowMotion)
        s.run(until: s.now + 2)
        #expect(s.app.isAtRest)
        #expect(s.app.shelf.centredIndex == 6)
        // The next character begins a new find, not "duq".
        Self.type(s, "q")
        #expect(Self.line(s)?.text.hasPrefix("Find: q") == true && Self.settled(s) == 7)
    }

    @Test func backspaceTakesACharacterBackAndThenEndsTheFind() {
        let s = Self.shelf()
        Self.type(s, "dx")
        #expect(Self.line(s)?.text == "No title begins with \u{201C}dx\u{201D}")
        #expect(s.app.shelf.targetIndex == 6, "the shelf went to Dune on \"d\" and stayed")
        s.send(.key(.backspace))
        #expect(Self.line(s)?.text.hasPrefix("Find: d") == true && Self.line(s)?.colour == ScreenWords.textColour)
        s.send(.key(.backspace))
        #expect(Self.line(s)?.text.hasPrefix("Find: ") == true, "nothing typed, still finding")
        Self.type(s, "q")
        #expect(!s.app.quitRequested && Self.settled(s) == 7)
        s.send(.key(.backspace)); s.send(.key(.backspace))
        #expect(s.app.find == nil && Self.line(s) == nil)
        #expect(s.app.shelf.centredIndex == 7, "the shelf stays on the book found")
        s.send(.key(.backspace))
        #expect(s.kinds == [.shelf])
    }

    /// Enter ends the find and opens the book found, even while the shelf still glides to it.
    @Test func enterOpensTheBookFound() throws {
        let s = Self.shelf()
        Self.type(s, "dun")
        s.run(until: s.now + 0.05)
        s.send(.key(.return))
        #expect(Self.line(s) == nil)
        s.run(until: s.now + 1.5)
        #expect(s.kinds == [.shelf, .book])
        #expect(try #require(s.app.book).bookIndex == 6)
    }

    /// Escape ends the find (and does not quit); any other key ends it and acts; Ctrl+Q quits.
    @Test func escapeEndsTheFindAndOtherKeysActAsEver() {
        let s = Self.shelf()
        Self.type(s, "t")
        s.send(.key(.escape))
        #expect(!s.app.quitRequested && s.app.find == nil)
        #expect(Self.settled(s) == 2, "the shelf stays on the book found")
        Self.type(s, "m")
        s.send(.key(.right))
        #expect(s.app.find == nil && Self.settled(s) == 1, "Right ended the find and scrolled on from Moby-Dick")
        // After the find has faded, the reflex Escape leaves the viewer running.
        Self.type(s, "m")
        s.run(until: s.now + 3)
        s.send(.key(.escape))
        #expect(!s.app.quitRequested && s.kinds == [.shelf])
        Self.type(s, "m")
        s.send(.key(.q, .ctrl))
        #expect(s.app.quitRequested)
    }

    /// In a book, and while one opens, letters do what they did: no find.
    @Test func inABookLettersDoWhatTheyDid() throws {
        let s = Self.shelf()
        s.send(.key(.return))
        Self.type(s, "a")
        #expect(s.app.find == nil, "no find while the book opens")
        s.run(until: 1.5)
        let book = try #require(s.app.book)
        s.send(.key(.m))
        #expect(book.mirrored, "M turned the book right to left")
        s.send(.key(.f))
        #expect(s.app.fullscreen, "F is fullscreen where nothing is typed")
        s.send(.key(.t))
        #expect(s.app.strip.isShown)
        Self.type(s, "aeg/")
        #expect(s.app.find == nil && Self.line(s) == nil && s.kinds == [.shelf, .book])
    }

    /// No letter is a command on the shelf or in the window's keys: the window's keys that
    /// type carry Ctrl; single letters act only where nothing is typed. The help says how
    /// long a find lasts.
    @Test func noLetterIsACommandWhereAFindCanBeTyped() throws {
        for key in Key.allCases where key.types && key != .space {
            #expect(KeyBindings.action(for: key, in: .shelf) == nil, "\(key)")
            #expect(KeyBindings.action(for: key, [.shift], in: .anywhere) == nil, "\(key)")
        }
        let chords = KeyBindings.all.filter { $0.context == .anywhere && $0.keys.contains { $0.types } }
        #expect(!chords.isEmpty && chords.allSatisfy { $0.modifiers.allSatisfy { $0.contains(.ctrl) } })
        #expect(KeyBindings.action(for: .q, .ctrl, in: .anywhere) == .quit)
        #expect(KeyBindings.action(for: .q, in: .inBook) == .quit)
        let typing = try #require(KeyBindings.all.first { $0.context == .find && $0.action == .find })
        #expect(typing.help.contains("\(Int(TitleFind.idleTime)) s"))
        #expect(KeyBindings.names(typing) == "Any character")
        #expect(KeyBindings.typingAction(in: .shelf) == .find && KeyBindings.typingAction(in: .book) == nil)
    }

    /// A script can type: a `text` event carries the characters; one with a control
    /// character, or none, is refused by name.
    @Test func aScriptTypesAFind() throws {
        let json = #"{"duration":3,"events":[{"t":0.1,"type":"text","text":"Quest"},{"t":0.2,"type":"key","key":"q","ctrl":true},{"t":0.3,"type":"back"}]}"#
        let script = try InputScript.parse(Data(json.utf8), name: "find.json")
        #expect(script.events.map(\.event) == [.input(.text("Quest")), .input(.key(.q, .ctrl)), .input(.back)])
        for bad in [#""text":"""#, #""text":"a\u0007""#, #""key":"a""#] {
            let json = #"{"duration":3,"events":[{"t":0.1,"type":"text","#  + bad + "}]}"
            #expect(throws: FolioError.self) { try InputScript.parse(Data(json.utf8), name: "bad.json") }
        }
    }
}
