import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// Pages that span a spread: which images do, where their halves go (never starting on a
/// right page), how the numbering counts them, and the pairing shift.
@Suite struct SpreadTests {
    /// A double page scanned whole is about twice a page's width; a page, a slightly wide
    /// page and a landscape photo in a book of landscape photos are not.
    static let shapes: [(Size, Double, Bool)] = [
        (Size(width: 2000, height: 1500), 2.0 / 3, true),
        (Size(width: 1700, height: 1300), 2.0 / 3, true),
        (Size(width: 1000, height: 1500), 2.0 / 3, false),
        (Size(width: 1300, height: 1500), 2.0 / 3, false),
        (Size(width: 1500, height: 1000), 1.5, false),
        (Size(width: 0, height: 1500), 2.0 / 3, false),
    ]

    @Test(arguments: shapes)
    func aSpreadIsAboutTwiceAPagesWidth(size: Size, pageAspect: Double, spans: Bool) {
        #expect(PageGeometry.spansSpread(size, pageAspect: pageAspect) == spans)
    }

    /// Five pages, the third a spread: it starts on a left page (display page 3) with no
    /// blank before it, since the pages before it end on a right page.
    @Test func aSpreadOnALeftPageTakesTheRightPageBesideIt() {
        let order = PageOrder(pageCount: 5, spreads: [2])
        #expect(order.slots == [.cover, .page(0), .page(1), .half(2, .left), .half(2, .right), .page(3), .page(4), .backCover])
    }

    /// A spread that would start on a right page has a blank put before it; the count is
    /// evened before the back cover, which is always a left page.
    @Test func aSpreadNeverStartsOnARightPage() {
        let order = PageOrder(pageCount: 5, spreads: [1])
        #expect(order.slots == [.cover, .page(0), .blank, .half(1, .left), .half(1, .right), .page(2), .page(3), .page(4),
                                .blank, .backCover])
        for (i, slot) in order.slots.enumerated() {
            if case .half(_, let side) = slot { #expect(BookLayout.side(of: i) == side) }
        }
        #expect(order.slots.count % 2 == 0)
    }

    /// The book's own numbers: a spread carries one number on both halves, the blank none;
    /// the indicator names a spread once; --page and End find the pages.
    @Test func theNumberingCountsASpreadAsOnePage() {
        let book = Book(title: "Spreads", cover: nil, pages: Array(repeating: nil, count: 5), spreads: [1])
        let n = book.numbering
        #expect(n.count == 6)
        #expect((0..<book.displayPageCount).map(n.number(ofDisplayPage:)) == [1, 2, nil, 3, 3, 4, 5, 6, nil, nil])
        #expect(n.label(leaf: 0) == "2 / 6")
        #expect(n.label(leaf: 1) == "3 / 6")
        #expect(n.label(leaf: 2) == "4\u{2013}5 / 6")
        #expect(n.displayPage(ofNumber: 3) == 3)
        #expect(n.displayPage(ofNumber: 4) == 5)
        #expect(n.lastDisplayPage == 7)
        #expect(book.half(ofPage: 3) == .left && book.half(ofPage: 4) == .right && book.half(ofPage: 5) == nil)
    }

    /// The shift puts a blank after the cover, moving every page across the spine; a shift
    /// before a first spread is taken back by the blank the spread needs.
    @Test func theShiftMovesEveryPageByOne() {
        #expect(PageOrder(pageCount: 3, shifted: true).slots == [.cover, .blank, .page(0), .page(1), .page(2), .backCover])
        #expect(PageOrder(pageCount: 3, shifted: false).slots == [.cover, .page(0), .page(1), .page(2), .blank, .backCover])
        #expect(PageOrder(pageCount: 2, spreads: [0], shifted: true).slots == [.cover, .half(0, .left), .half(0, .right), .page(1), .blank, .backCover])
        #expect(PageOrder(pageCount: 0, shifted: true).slots == [.cover, .backCover])
    }

    /// P in the reading view shifts the pairing: the reader stays on the page they read,
    /// the indicator pairs the pages the other way, and the shift is remembered with the
    /// place, so the book reopens shifted.
    @Test func pShiftsThePairingAndItIsRemembered() throws {
        let keeper = RememberedPlaceTests.keeper()
        let s = AppDriver(books: 2, pages: 12, places: keeper)
        s.send(.key(.return))
        s.run(until: 1.5)
        for _ in 0..<3 { s.send(.key(.right)); s.run(until: s.now + 1) }
        s.send(.key(.return))
        s.run(until: s.now + 1.5)
        #expect(s.kinds == [.shelf, .book, .reading])
        #expect(s.app.library.books[0].numbering.label(leaf: 2) == "6\u{2013}7 / 13")
        s.send(.key(.p))
        s.run(until: s.now + 0.5)
        let book = try #require(s.app.book)
        #expect(s.app.library.books[0].shifted)
        #expect(book.isAtRest)
        // Page 6 was on the left; shifted, it is on the right of the spread before.
        #expect(s.app.library.books[0].numbering.label(leaf: book.currentLeaf) == "5\u{2013}6 / 13")
        #expect(keeper.places.settings(of: RememberedPlaceTests.key(0)).shifted)
        // Closed and opened again with the same places (a new app), it opens shifted.
        s.send(.key(.escape)); s.run(until: s.now + 1.5)
        s.send(.key(.escape)); s.run(until: s.now + 1.5)
        #expect(s.kinds == [.shelf])
        let again = AppDriver(books: 2, pages: 12, places: RememberedPlaceTests.keeper(keeper.places))
        again.send(.key(.return))
        again.run(until: 1.5)
        #expect(again.app.library.books[0].shifted)
        #expect(again.app.library.books[0].numbering.label(leaf: try #require(again.app.book).currentLeaf) == "5\u{2013}6 / 13")
        // P again takes the shift back.
        again.send(.key(.p)); again.run(until: again.now + 0.5)
        #expect(!again.app.library.books[0].shifted)
    }

    /// The shift survives the state file: written only when set, read back as it was.
    @Test func theShiftIsWrittenWithThePlace() throws {
        var places = Places()
        places.remember(spread: 3, settings: BookSettings(shifted: true), of: RememberedPlaceTests.key(1))
        places.remember(spread: 2, of: RememberedPlaceTests.key(2))
        let text = String(decoding: places.encoded(), as: UTF8.self)
        #expect(text.components(separatedBy: "\"shifted\":true").count == 2)
        let read = try Places.parse(places.encoded(), name: "places.json")
        #expect(read.settings(of: RememberedPlaceTests.key(1)).shifted)
        #expect(!read.settings(of: RememberedPlaceTests.key(2)).shifted)
        #expect(read.spread(of: RememberedPlaceTests.key(1)) == 3)
    }

    /// A spread laid flat meets at the spine on the same rows: its two pages' tops and bottoms
    /// agree within a twentieth of a pixel, at window sizes odd and even and zoomed in.
    @Test(arguments: [Size(width: 1280, height: 800), Size(width: 1278, height: 775), Size(width: 1001, height: 667),
                      Size(width: 1920, height: 1080)])
    func aSpreadsHalvesMeetOnTheSameRows(_ size: Size) throws {
        let s = AppDriver(size: size, aspect: 0.7)
        s.send(.key(.return)); s.run(until: 1.5)
        s.firstSpread()
        s.send(.key(.return)); s.run(until: 3)
        for zoom in 0..<3 {
            if zoom > 0 { s.send(.key(.equals)); s.run(until: 3 + Double(zoom)) }
            let pages = try #require(s.app.reading).shownPages()
            try #require(pages.count == 2, "two pages side by side")
            let (left, right) = (pages[0].frame, pages[1].frame)
            #expect(abs(left.minY - right.minY) < 0.05 && abs(left.maxY - right.maxY) < 0.05,
                    "at \(size) zoomed \(zoom): \(left) beside \(right)")
            #expect(abs(left.maxX - right.minX) < 0.05, "the pages meet at the spine")
        }
    }
}
