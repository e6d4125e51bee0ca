import Foundation
import Testing
@testable import FolioCore

/// Tab on the shelf: the books last read first, then by title, then as the library lists
/// them again, the centred book kept centred.
@Suite struct ShelfOrderTests {
    static func key(_ i: Int) -> BookKey { BookKey(path: "/books/\(i).cbz", size: Int64(100 + i)) }

    /// Six books whose titles are out of order; book 3 read last, book 1 before it, book 4
    /// from an older file (no time), book 0 from an older file before that; the shelf
    /// centred on book 1.
    static func app() -> FolioApp {
        var library = Library.synthetic(books: 6, pages: 11)
        for (i, title) in ["delta", "Alpha", "foxtrot", "Charlie", "bravo", "echo 10"].enumerated() { library.books[i].title = title }
        for (i, added) in [100, 500, 300, nil, 200, 400].enumerated() { library.books[i].addedAt = added }
        var places = Places()
        places.remember(spread: 1, of: key(0))
        places.remember(spread: 1, of: key(4))
        places.remember(spread: 1, read: 1_790_000_200, of: key(1))
        places.remember(spread: 1, read: 1_790_000_300, of: key(3))
        places.remember(centred: key(1), on: .bundled)
        let keeper = PlaceKeeper(places: places, path: { key($0).path }, key: { key($0) })
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800), places: keeper)
        app.update(at: 0)
        return app
    }

    static let lastRead = [3, 1, 4, 0, 2, 5]
    static let byTitle = [1, 4, 3, 0, 5, 2]
    /// The latest first, the book of no known time last.
    static let byAdded = [1, 5, 2, 4, 0, 3]

    @Test func theOrdersPutTheBooksInPlace() {
        let app = Self.app()
        let readings = app.shelf.readings
        #expect(ShelfOrder.library.books(count: 6, readings: readings) == Array(0..<6))
        #expect(ShelfOrder.lastRead.books(count: 6, readings: readings) == Self.lastRead)
        #expect(ShelfOrder.title.books(count: 6, readings: readings) == Self.byTitle)
        #expect(ShelfOrder.added.books(count: 6, readings: readings) == Self.byAdded)
        #expect(ShelfOrder.lastRead.books(count: 6, readings: nil) == Array(0..<6))
    }

    @Test func tabReordersTheShelfAndKeepsTheCentredBook() throws {
        let app = Self.app()
        var t = 0.0
        func run(_ seconds: Double) {
            for _ in 0..<Int((seconds * 60).rounded(.up)) {
                t += 1.0 / 60
                app.update(at: t)
            }
        }
        #expect(app.shelf.centredIndex == 1 && app.shelf.order == Array(0..<6))
        let orders = [(ShelfOrder.lastRead, Self.lastRead), (.title, Self.byTitle), (.added, Self.byAdded), (.library, Array(0..<6))]
        for (order, books) in orders {
            run(0.5)
            app.handle(.key(.tab), at: t)
            #expect(app.shelf.ordering == order)
            #expect(app.shelf.order == books)
            // The centred book stays centred, at once, in its new slot.
            #expect(app.shelf.centredIndex == 1 && app.shelf.isAtRest == false)
            #expect(app.shelf.position == Double(books.firstIndex(of: 1)!) * app.shelf.layout.stride)
            let covers = app.shelf.covers().map(\.book)
            let slot = books.firstIndex(of: 1)!
            #expect(covers == Array(books[max(slot - 1, 0)...min(slot + 1, 5)]))
            // Its notice shows, top left, then fades.
            #expect(app.drawList().texts.contains { $0.text == order.notice && $0.opacity == 1 })
            run(ShelfScene.orderNoticeTime + OnScreenText.fadeTime + 0.05)
            #expect(app.drawList().texts.allSatisfy { $0.text != order.notice })
            #expect(app.shelf.isAtRest)
        }
    }

    /// On a reordered shelf the keys, a click, Enter and the find go along the new order,
    /// and the centred book is what is remembered and opened.
    @Test func theShelfIsReadInItsNewOrder() throws {
        let app = Self.app()
        var t = 0.0
        func send(_ event: InputEvent, thenRun seconds: Double = 1.5) {
            app.handle(event, at: t)
            for _ in 0..<Int(seconds * 60) {
                t += 1.0 / 60
                app.update(at: t)
            }
        }
        send(.key(.tab), thenRun: 0.1)
        // Last read first: 3, [1], 4, 0, 2, 5.
        send(.key(.right))
        #expect(app.shelf.centredIndex == 4)
        send(.key(.end))
        #expect(app.shelf.centredIndex == 5)
        send(.key(.home))
        #expect(app.shelf.centredIndex == 3)
        // The find goes on from the centred book along the shelf: "b" is bravo (book 4).
        send(.text("b"))
        #expect(app.shelf.centredIndex == 4)
        send(.key(.escape), thenRun: 0.1)
        send(.key(.return))
        #expect(app.book?.bookIndex == 4)
        app.rememberPlace()
        #expect(app.places?.centredBook(count: 6) == 4)
        // The trace names books, not slots.
        #expect(app.trace(frame: 0, t: t).shelf.centred == 4)
    }

    @Test func tabIsTheShelfsOrderKeyAndTypesNothing() {
        #expect(KeyBindings.action(for: .tab, in: .shelf) == .order)
        #expect(KeyBindings.action(for: .tab, in: .book) == nil)
        #expect(!Key.tab.types)
        #expect(KeyBindings.helpText.contains("Tab"))
        #expect(KeyBindings.markdownTable.contains("| Tab | shelf |"))
    }

    /// The order chosen is remembered with the library's shelf: the next launch puts the
    /// books so at once, without the notice; the file keeps it, and an order this Folio does
    /// not know keeps the shelf's entry as it was.
    @Test func theOrderIsRememberedPerLibrary() throws {
        let app = Self.app()
        app.handle(.key(.tab), at: 0.1)
        app.handle(.key(.tab), at: 0.2)
        #expect(app.shelf.ordering == .title)
        app.rememberPlace()
        let places = try #require(app.places?.places)
        #expect(places.order(on: .bundled) == .title && places.order(on: .path("/elsewhere")) == nil)
        let reread = try Places.parse(places.encoded(), name: "places.json")
        #expect(reread.order(on: .bundled) == .title)
        let keeper = PlaceKeeper(places: reread, path: { Self.key($0).path }, key: { Self.key($0) })
        var library = Library.synthetic(books: 6, pages: 11)
        for (i, title) in ["delta", "Alpha", "foxtrot", "Charlie", "bravo", "echo 10"].enumerated() { library.books[i].title = title }
        let next = FolioApp(library: library, size: Size(width: 1280, height: 800), places: keeper)
        next.update(at: 0)
        #expect(next.shelf.ordering == .title && next.shelf.order == Self.byTitle && next.shelf.centredIndex == 1)
        #expect(next.drawList().texts.allSatisfy { $0.text != ShelfOrder.title.notice } && next.shelf.isAtRest)
        // Back to as listed: nothing written for the order.
        for _ in 0..<2 { next.handle(.key(.tab), at: 1) }
        next.rememberPlace()
        #expect(next.places?.places.order(on: .bundled) == nil)
        let json = String(decoding: try #require(next.places?.places.encoded()), as: UTF8.self)
        #expect(!json.contains("\"order\""))
        let shuffled = "\"library\":\"bundled\",\"order\":\"shuffled\""
        let unknown = Data(json.replacingOccurrences(of: "\"library\":\"bundled\"", with: shuffled).utf8)
        let kept = try Places.parse(unknown, name: "places.json")
        #expect(kept.keptShelves.count == 1 && kept.order(on: .bundled) == nil)
    }
}
