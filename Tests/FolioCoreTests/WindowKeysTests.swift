import Testing
@testable import FolioCore
@testable import FolioLibrary

/// The window's keys as the app decides them: fullscreen, quit, and the title.
@Suite struct WindowKeysTests {
    /// F11 anywhere; F only where nothing is typed (on the shelf it is the find's).
    @Test(arguments: [Key.f11, .f])
    func fullscreenTogglesAndEscapeLeavesItFirst(key: Key) {
        let s = AppDriver()
        s.send(.key(.f))
        #expect(!s.app.fullscreen)
        if key == .f {
            s.send(.key(.return))
            s.run(until: 1.5)
        }
        #expect(!s.app.fullscreen)
        s.send(.key(key))
        #expect(s.app.fullscreen)
        // In fullscreen Escape only leaves fullscreen.
        s.send(.key(.escape))
        #expect(!s.app.fullscreen && !s.app.quitRequested)
        s.send(.key(key))
        s.send(.key(key))
        #expect(!s.app.fullscreen)
        if key == .f {
            s.send(.key(.escape))
            s.run(until: 3)
        }
        // On the shelf Escape never quits: Ctrl+Q does.
        s.send(.key(.escape))
        #expect(!s.app.quitRequested && s.kinds == [.shelf])
        s.send(.key(.q, .ctrl))
        #expect(s.app.quitRequested)
    }

    @Test func escapeInAFullscreenBookLeavesFullscreenAndKeepsTheBookOpen() {
        let s = AppDriver()
        s.send(.key(.return))
        s.run(until: 1.5)
        s.send(.key(.f11))
        s.send(.key(.escape))
        s.run(until: 3)
        #expect(!s.app.fullscreen && s.kinds == [.shelf, .book])
        s.send(.key(.escape))
        s.run(until: 4.5)
        #expect(s.kinds == [.shelf])
    }

    @Test func fullscreenDuringATransitionLeavesTheTransitionAlone() {
        let s = AppDriver()
        s.send(.key(.return))
        s.run(until: 0.3)
        s.send(.key(.f))
        #expect(s.app.fullscreen)
        s.send(.key(.escape))
        #expect(!s.app.fullscreen)
        s.run(until: 1.5)
        #expect(s.kinds == [.shelf, .book], "the opening went on: Escape left fullscreen instead of steering back")
    }

    enum Where: CaseIterable { case shelf, opening, book, closing }

    /// Ctrl+Q quits on the shelf, in a book and while a book opens or closes; Q alone
    /// everywhere but the shelf, where it is typed into the find.
    @Test(arguments: [Modifiers(), .ctrl], Where.allCases)
    func qQuitsFromAnywhere(modifiers: Modifiers, place: Where) {
        let s = AppDriver()
        if place != .shelf {
            s.send(.key(.return))
            s.run(until: place == .opening ? 0.3 : 1.5)
        }
        if place == .closing {
            s.send(.key(.escape))
            s.run(until: 1.8)
        }
        #expect((s.app.transition != nil) == (place == .opening || place == .closing))
        #expect(!s.app.quitRequested)
        s.send(.key(.q, modifiers))
        s.send(.text("q"))
        #expect(s.app.quitRequested == (place != .shelf || modifiers == .ctrl))
    }

    @Test func theTitleNamesTheBookOnScreen() {
        var library = Library.synthetic(books: 2, pages: 4)
        library.books[1].title = "Tom \u{1b}[31m Sawyer"
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        app.update(at: 0)
        #expect(app.title == "Folio")
        app.handle(.key(.return), at: 0)
        #expect(app.title == "Book 1 — Folio", "the title changes as the book starts to open")
        app.update(at: 2)
        app.handle(.key(.escape), at: 2)
        #expect(app.title == "Book 1 — Folio", "and stays until it has closed")
        app.update(at: 4)
        #expect(app.title == "Folio")
        app.handle(.key(.right), at: 4)
        app.update(at: 6)
        app.handle(.key(.return), at: 6)
        #expect(app.title == "Tom \\u{1b}[31m Sawyer — Folio", "control characters are escaped")
    }

    @Test func aLongTitleIsCut() {
        var library = Library.synthetic(books: 1, pages: 4)
        library.books[0].title = String(repeating: "long ", count: 100)
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        app.handle(.key(.return), at: 0)
        #expect(app.title.count == Bookcase.maxTitleLength + " — Folio".count)
        #expect(app.title.hasSuffix("… — Folio"))
    }
}
