import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// Right-to-left books: the left-to-right book in a mirror (geometry), its input mirrored
/// with it, the direction chosen by M or --rtl and remembered with the place.
@Suite struct RightToLeftTests {
    /// A mirrored layer draws, at local (x, y), the window's mirror image of what the layer
    /// drew at (w − x, y): checked on a page mid-turn in perspective, lifted and shifted.
    @Test func aMirroredLayerIsTheMirrorImageOfItsLayer() throws {
        let layout = BookLayout(size: Size(width: 1280, height: 800), pageCount: 12)
        for (page, angle) in [(2, -0.7), (3, 2.2), (4, -1.5)] {
            var layer = layout.layer(page: page, content: .page(book: 0, page: page), angle: angle, tx: 30, scale: 0.8)
            layer.position.y -= 12
            let mirrored = layer.mirrored(acrossWidth: 1280)
            #expect(mirrored.side == layer.side.opposite)
            #expect(mirrored.isFrontFacing == layer.isFrontFacing)
            #expect(abs(mirrored.depth - layer.depth) < 1e-9)
            let w = layer.size.width, h = layer.size.height
            for (x, y) in [(0.0, 0.0), (w, 0), (w * 0.3, h * 0.6), (w, h)] {
                let a = try #require(mirrored.project(x: x, y: y))
                let b = try #require(layer.project(x: w - x, y: y))
                #expect(abs(a.x - (1280 - b.x)) < 1e-6 && abs(a.y - b.y) < 1e-6, "page \(page) at (\(x), \(y)): \(a) against \(b)")
            }
            // The shading runs from the other edge.
            let shading = try #require(layer.shading), flipped = try #require(mirrored.shading)
            for x in [0.0, 0.01, 0.3, 0.99, 1] { #expect(abs(flipped.alpha(at: x) - shading.alpha(at: 1 - x)) < 1e-12) }
        }
    }

    /// A right-to-left book's order holds a spread's right half first: that page shows on
    /// the right once mirrored, and the right half is read first.
    @Test func aSpreadsRightHalfComesFirstRightToLeft() {
        let order = PageOrder(pageCount: 5, spreads: [2], rightToLeft: true)
        #expect(order.slots == [.cover, .page(0), .page(1), .half(2, .right), .half(2, .left), .page(3), .page(4), .backCover])
        var book = Book(title: "Manga", cover: nil, pages: Array(repeating: nil, count: 5), spreads: [2])
        #expect(book.half(ofPage: 3) == .left)
        book.rightToLeft = true
        #expect(book.half(ofPage: 3) == .right && book.half(ofPage: 4) == .left)
    }

    /// An open right-to-left book: its layers are the left-to-right book's, mirrored.
    @Test func theOpenBookIsDrawnMirrored() throws {
        let ltr = AppDriver(books: 1, pages: 12), rtl = AppDriver(books: 1, pages: 12)
        rtl.app.library.books[0].rightToLeft = true
        for s in [ltr, rtl] { s.send(.key(.return)); s.run(until: 0.6) }
        // Mid-opening and open.
        for _ in 0..<2 {
            let a = ltr.app.drawList().layers, b = rtl.app.drawList().layers
            #expect(a.count == b.count && !a.isEmpty)
            for (l, r) in zip(a, b) { #expect(r == l.mirrored(acrossWidth: 1280)) }
            for s in [ltr, rtl] { s.run(until: 1.6) }
        }
        #expect(rtl.app.book?.mirrored == true && ltr.app.book?.mirrored == false)
    }

    /// Left turns a right-to-left book forward and Right back; a click on the left half
    /// goes on, on the right half back; a drag to the right turns the leaf on; PageDown
    /// is forward either way.
    @Test func inputFollowsTheReadingDirection() throws {
        let s = AppDriver(books: 1, pages: 12)
        s.app.library.books[0].rightToLeft = true
        s.send(.key(.return)); s.run(until: 1.5)
        s.firstSpread()
        let book = try #require(s.app.book)
        s.send(.key(.left)); s.run(until: s.now + 1)
        #expect(book.currentLeaf == 1)
        s.send(.key(.right)); s.run(until: s.now + 1)
        #expect(book.currentLeaf == 0)
        s.send(.key(.pagedown)); s.run(until: s.now + 1)
        #expect(book.currentLeaf == 1)
        // A click on the left half (let the double-click window pass).
        s.send(.pointerDown(Point(x: 400, y: 400))); s.send(.pointerUp(Point(x: 400, y: 400)))
        s.run(until: s.now + 1.5)
        #expect(book.currentLeaf == 2)
        s.send(.pointerDown(Point(x: 900, y: 400))); s.send(.pointerUp(Point(x: 900, y: 400)))
        s.run(until: s.now + 1.5)
        #expect(book.currentLeaf == 1)
        // A drag across most of the spread, to the right.
        s.send(.pointerDown(Point(x: 300, y: 400)))
        for x in stride(from: 320.0, through: 1000, by: 40) {
            s.run(until: s.now + FixedStep.dt)
            s.send(.pointerMoved(Point(x: x, y: 400)))
        }
        s.send(.pointerUp(Point(x: 1000, y: 400)))
        s.run(until: s.now + 1.5)
        #expect(book.currentLeaf == 2)
    }

    /// M turns the open book round, keeps the page the reader was on, and is remembered as
    /// the reader's choice: a new app opens it right to left; --rtl outranks a remembered
    /// left-to-right choice.
    @Test func mTurnsTheBookRoundAndItIsRemembered() throws {
        let keeper = RememberedPlaceTests.keeper()
        let s = AppDriver(books: 2, pages: 12, places: keeper)
        s.send(.key(.return)); s.run(until: 1.5)
        s.send(.key(.right)); s.run(until: s.now + 1)
        let leaf = try #require(s.app.book).currentLeaf
        s.send(.key(.m)); s.run(until: s.now + 0.2)
        #expect(s.app.library.books[0].rightToLeft)
        #expect(s.app.book?.mirrored == true && s.app.book?.currentLeaf == leaf)
        #expect(keeper.places.settings(of: RememberedPlaceTests.key(0)).rightToLeft == true)
        s.send(.key(.escape)); s.run(until: s.now + 1.5)

        let again = AppDriver(books: 2, pages: 12, places: RememberedPlaceTests.keeper(keeper.places))
        again.send(.key(.return)); again.run(until: 1.5)
        #expect(again.app.book?.mirrored == true)
        again.send(.key(.m)); again.run(until: again.now + 0.2)
        #expect(again.app.book?.mirrored == false)
        let chosenLeftToRight = again.app.places?.places
        #expect(chosenLeftToRight?.settings(of: RememberedPlaceTests.key(0)).rightToLeft == false)

        let forced = AppDriver(books: 2, pages: 12, places: RememberedPlaceTests.keeper(try #require(chosenLeftToRight)))
        forced.app.everyBookRightToLeft = true
        forced.send(.key(.return)); forced.run(until: 1.5)
        #expect(forced.app.book?.mirrored == true)
    }

    /// The direction survives the state file: absent unless chosen, true or false as chosen.
    @Test func theChosenDirectionIsWrittenWithThePlace() throws {
        var places = Places()
        places.remember(spread: 3, settings: BookSettings(rightToLeft: true), of: RememberedPlaceTests.key(1))
        places.remember(spread: 2, settings: BookSettings(rightToLeft: false), of: RememberedPlaceTests.key(2))
        places.remember(spread: 1, of: RememberedPlaceTests.key(3))
        let text = String(decoding: places.encoded(), as: UTF8.self)
        #expect(text.components(separatedBy: "\"rtl\":").count == 3)
        let read = try Places.parse(places.encoded(), name: "places.json")
        #expect(read.settings(of: RememberedPlaceTests.key(1)).rightToLeft == true)
        #expect(read.settings(of: RememberedPlaceTests.key(2)).rightToLeft == false)
        #expect(read.settings(of: RememberedPlaceTests.key(3)).rightToLeft == nil)
        #expect(read == places)
    }
}
