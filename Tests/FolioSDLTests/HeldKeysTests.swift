import FolioCore
import Testing
@testable import FolioSDL

/// A held key's repeat turns the reading view only onto a spread whose every page has
/// something to draw; any other repeat (on the shelf, a key that turns nothing) acts.
@Suite struct HeldKeysTests {
    static func reading() -> FolioApp {
        let app = FolioApp(library: .synthetic(books: 1, pages: 40), size: Size(width: 1280, height: 800))
        app.update(at: 0)
        app.read(book: 0, atPage: 5, at: 0)
        for frame in 1...120 { app.update(at: Double(frame) / 60) }
        return app
    }

    @Test func aRepeatWaitsOnTheSpreadItWouldTurnOnto() throws {
        let app = Self.reading()
        let leaf = try #require(app.book?.currentLeaf)
        let next = Set([2 * leaf + 3, 2 * leaf + 4].map { LayerContent.page(book: 0, page: $0) })
        let right = InputEvent.key(.right, [])
        var held = HeldKeys()
        #expect(held.repeatActs(right, app: app, at: 0) { _ in true })
        #expect(!held.repeatActs(right, app: app, at: 0.03) { !next.contains($0) }, "a page of the next spread has nothing to draw")
        #expect(held.repeatActs(right, app: app, at: 0.06) { $0 != .page(book: 0, page: 2 * leaf - 1) }, "only the next spread counts")
        #expect(held.repeatActs(.key(.plus, []), app: app, at: 0.09) { _ in false }, "a zoom key turns nothing")
        #expect(held.repeatActs(.wheel(dx: 0, dy: 1, modifiers: []), app: app, at: 0.12) { _ in false })
    }

    @Test func onTheShelfEveryRepeatActs() {
        let app = FolioApp(library: .synthetic(books: 4, pages: 12), size: Size(width: 1280, height: 800))
        app.update(at: 0)
        var held = HeldKeys()
        #expect(held.repeatActs(.key(.right, []), app: app, at: 0) { _ in false })
    }

    /// A stalled decoder does not stop a held key for good: held back for `patience`, the next
    /// repeat turns all the same, and the wait starts afresh.
    @Test func aRepeatWaitsNoLongerThanItsPatience() {
        let app = Self.reading()
        let right = InputEvent.key(.right, [])
        var held = HeldKeys()
        var acted: [Double] = []
        for step in 0..<60 {
            let t = Double(step) * 0.03
            if held.repeatActs(right, app: app, at: t, canShow: { _ in false }) { acted.append(t) }
        }
        #expect(acted.count == 3, "\(acted)")
        #expect(acted.allSatisfy { $0 >= HeldKeys.patience - 1e-9 })
        #expect(zip(acted, acted.dropFirst()).allSatisfy { $1 - $0 >= HeldKeys.patience })
    }

    /// A single press onto a spread with nothing to draw waits for it, acts as soon as its
    /// pages can be shown, and a press onto pages that can be shown acts at once.
    @Test func aPressWaitsOnItsSpreadUntilItCanBeShown() throws {
        let app = Self.reading()
        let leaf = try #require(app.book?.currentLeaf)
        let next = Set([2 * leaf + 3, 2 * leaf + 4].map { LayerContent.page(book: 0, page: $0) })
        let right = InputEvent.key(.right, [])
        var held = HeldKeys()
        #expect(held.pressActs(right, app: app, at: 0) { _ in true })
        #expect(!held.isWaiting)
        #expect(!held.pressActs(right, app: app, at: 1) { !next.contains($0) }, "the next spread has nothing to draw")
        #expect(held.isWaiting)
        #expect(held.due(app: app, at: 1.05) { !next.contains($0) } == nil, "still nothing to draw")
        #expect(!held.repeatActs(right, app: app, at: 1.06) { _ in true }, "a repeat waits behind the press")
        #expect(held.due(app: app, at: 1.1) { _ in true } == right, "its pages came")
        #expect(!held.isWaiting)
        #expect(held.due(app: app, at: 1.2) { _ in true } == nil, "it acts once")
    }

    /// A stalled decoder holds a press back for `pressPatience` at most.
    @Test func aPressWaitsNoLongerThanItsPatience() {
        let app = Self.reading()
        let right = InputEvent.key(.right, [])
        var held = HeldKeys()
        #expect(!held.pressActs(right, app: app, at: 2) { _ in false })
        #expect(held.due(app: app, at: 2 + HeldKeys.pressPatience * 0.9) { _ in false } == nil)
        #expect(held.due(app: app, at: 2 + HeldKeys.pressPatience) { _ in false } == right)
    }

    /// Keys keep their order: a waiting press acts before the next key or click, not before
    /// the pointer's moves; keys that turn nothing never wait.
    @Test func aWaitingPressActsBeforeTheNextInput() {
        let app = Self.reading()
        let right = InputEvent.key(.right, [])
        var held = HeldKeys()
        #expect(held.pressActs(.key(.escape, []), app: app, at: 0) { _ in false }, "Escape turns nothing")
        #expect(!held.pressActs(right, app: app, at: 0) { _ in false })
        #expect(held.takeWaiting(before: .pointerMoved(Point(x: 3, y: 4))) == [])
        #expect(held.takeWaiting(before: right) == [], "the same key again waits behind it")
        #expect(held.takeWaiting(before: .key(.escape, [])) == [right])
        #expect(!held.isWaiting)
        #expect(held.takeWaiting(before: .key(.escape, [])) == [])
    }

    /// Presses of one key in quick succession wait in turn: each acts once the spread it turns
    /// onto can be shown (or its patience is over), one at a time, none onto placeholders.
    @Test func quickPressesOfOneKeyWaitInTurn() throws {
        let app = Self.reading()
        let leaf = try #require(app.book?.currentLeaf)
        let right = InputEvent.key(.right, [])
        var shown = Set([2 * leaf + 1, 2 * leaf + 2].map { LayerContent.page(book: 0, page: $0) })
        var held = HeldKeys(), acted: [Double] = []
        func canShow(_ page: LayerContent) -> Bool { shown.contains(page) }
        var t = 0.0
        for _ in 0..<3 { held.press(right, app: app, at: t, canShow: canShow) { _ in acted.append(t) } }
        #expect(acted.isEmpty && held.isWaiting, "the next spread has nothing to draw")
        t = 0.05
        #expect(held.due(app: app, at: t, canShow: canShow) == nil)
        // The next spread's pages come: the first press turns onto it.
        shown.formUnion([2 * leaf + 3, 2 * leaf + 4].map { LayerContent.page(book: 0, page: $0) })
        #expect(held.due(app: app, at: t, canShow: canShow) == right)
        app.handle(right, at: t)
        #expect(held.isWaiting, "two presses still wait")
        // The spread after it has nothing yet: the second waits its own patience from here.
        #expect(held.due(app: app, at: t + HeldKeys.pressPatience * 0.9, canShow: canShow) == nil)
        #expect(held.due(app: app, at: t + HeldKeys.pressPatience, canShow: canShow) == right)
        app.handle(right, at: t + HeldKeys.pressPatience)
        #expect(held.isWaiting, "one press still waits")
    }
}
