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
        #expect(HeldKeys.repeatActs(right, app: app) { _ in true })
        #expect(!HeldKeys.repeatActs(right, app: app) { !next.contains($0) }, "a page of the next spread has nothing to draw")
        #expect(HeldKeys.repeatActs(right, app: app) { $0 != .page(book: 0, page: 2 * leaf - 1) }, "only the next spread counts")
        #expect(HeldKeys.repeatActs(.key(.plus, []), app: app) { _ in false }, "a zoom key turns nothing")
        #expect(HeldKeys.repeatActs(.wheel(dx: 0, dy: 1, modifiers: []), app: app) { _ in false })
    }

    @Test func onTheShelfEveryRepeatActs() {
        let app = FolioApp(library: .synthetic(books: 4, pages: 12), size: Size(width: 1280, height: 800))
        app.update(at: 0)
        #expect(HeldKeys.repeatActs(.key(.right, []), app: app) { _ in false })
    }
}
