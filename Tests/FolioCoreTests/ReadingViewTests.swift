import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// The reading view, one level past the open book: the spread flat and filling the window,
/// the move to it continuous at both ends, and a whole book read with a notched wheel and
/// clicks alone.
@Suite struct ReadingViewTests {
    /// The centred book open at rest, then (`flat`) laid flat.
    static func open(flat: Bool, size: Size = Size(width: 1280, height: 800), aspect: Double? = nil) -> AppDriver {
        let s = AppDriver(size: size, aspect: aspect)
        s.send(.key(.return))
        s.run(until: 1.2)
        s.firstSpread()
        if flat {
            s.send(.key(.return))
            s.run(until: 1.8)
        }
        return s
    }

    /// Flat pages face the reader: every page's top and bottom edges are level on screen
    /// (under half a pixel across the page), and the spread fills at least 90 % of the
    /// window's limiting side, at several window shapes and page shapes (wide pages in a
    /// square window show one at a time: the automatic page mode).
    @Test(arguments: [(1280.0, 800.0, nil), (800.0, 600.0, nil), (1920.0, 1080.0, 0.75), (1000.0, 1000.0, 1.4)] as [(Double, Double, Double?)])
    func theSpreadLiesFlatAndFillsTheWindow(width: Double, height: Double, aspect: Double?) throws {
        let s = Self.open(flat: true, size: Size(width: width, height: height), aspect: aspect)
        #expect(s.kinds == [.shelf, .book, .reading] && s.app.transition == nil)
        let pages = s.app.drawList().layers.filter { if case .page = $0.content { return true } else { return false } }
        #expect(pages.count == (aspect == 1.4 ? 1 : 2))
        var low = Point(x: .infinity, y: .infinity), high = Point(x: -.infinity, y: -.infinity)
        for layer in pages {
            for y in [0, layer.size.height / 2, layer.size.height] {
                let a = try #require(layer.project(x: 0, y: y)), b = try #require(layer.project(x: layer.size.width, y: y))
                #expect(abs(a.y - b.y) < 0.5, "a row slopes by \(abs(a.y - b.y)) px")
                low = Point(x: min(low.x, a.x, b.x), y: min(low.y, a.y, b.y))
                high = Point(x: max(high.x, a.x, b.x), y: max(high.y, a.y, b.y))
            }
        }
        let fillsWidth = (high.x - low.x) / width, fillsHeight = (high.y - low.y) / height
        #expect(max(fillsWidth, fillsHeight) >= 0.9, "fills \(fillsWidth) × \(fillsHeight)")
        #expect(low.x >= 0 && low.y >= 0 && high.x <= width && high.y <= height)
    }

    /// The move is continuous at both ends: its first frame is the open book at rest and its
    /// last the reading view at rest (the same layers, so the same pixels), both ways.
    @Test func theMoveStartsAndEndsOnTheViewsAtRest() throws {
        let book = Self.open(flat: false)
        let openAtRest = book.app.drawList().layers
        book.send(.key(.return))
        let first = try #require(book.app.transition)
        #expect(first.context.to.kind == .reading && book.app.pose.flatness == 0)
        #expect(book.app.drawList().layers == openAtRest)
        book.run(until: book.now + ReadingTransition.duration + 0.05)
        let flatAtRest = book.app.drawList().layers
        #expect(book.app.transition == nil && book.app.pose == .reading)
        book.run(until: book.now + 0.75, events: [(book.now + 0.1, .key(.escape))]) { _ in
            #expect(book.app.pose.flatness >= 0 && book.app.pose.flatness <= 1)
        }
        #expect(book.kinds == [.shelf, .book] && book.app.drawList().layers == openAtRest)
        _ = flatAtRest
        let reread = Self.open(flat: true)
        #expect(reread.app.drawList().layers == flatAtRest)
    }

    /// A notched mouse and no keyboard: wheel up opens the book, wheel up again lays it flat,
    /// the wheel down (after a pause) and clicks on the right half read it to its last
    /// spread, and the back button closes it again (to the book, then the shelf).
    @Test func aNotchedMouseAloneReadsABookFromCoverToClose() {
        let s = AppDriver(books: 3, pages: 12)
        func roll(_ dy: Double, from t: Double) -> [(t: Double, event: InputEvent)] {
            (0..<4).map { (t + 0.05 * Double($0), InputEvent.wheel(dx: 0, dy: dy)) }
        }
        s.run(until: 1.5, events: roll(1, from: 0.1))
        #expect(s.kinds == [.shelf, .book])
        s.run(until: 2.5, events: roll(1, from: 1.6))
        #expect(s.kinds == [.shelf, .book, .reading] && s.app.transition == nil)
        let book = s.app.book!
        var t = 2.6
        s.run(until: t + 1, events: [(t, .wheel(dx: 0, dy: -1))])
        #expect(book.currentLeaf == 0, "the wheel down turned a leaf (from the cover)")
        t += 1
        for _ in 1..<book.layout.leafCount {
            s.run(until: t + 0.9, events: [(t, .pointerDown(Point(x: 1000, y: 400))), (t + 0.05, .pointerUp(Point(x: 1000, y: 400)))])
            t += 1
        }
        #expect(book.currentLeaf == book.layout.leafCount - 1)
        s.run(until: t + 1.5, events: [(t, .back)])
        #expect(s.kinds == [.shelf, .book])
        s.run(until: t + 3, events: [(t + 1.6, .back)])
        #expect(s.kinds == [.shelf] && s.app.book == nil && s.app.reading == nil)
        s.run(until: t + 4, events: [(t + 3.1, .back)])
        #expect(s.kinds == [.shelf] && !s.app.quitRequested, "the back button on the shelf does nothing")
    }

    /// A slow roll, a notch every half second: the book opens notch by notch and carries on
    /// into the reading view; the 3D book is never zoomed on the way.
    @Test func aSlowRollOpensTheBookThenLaysItFlat() {
        let s = AppDriver()
        let notches = (0..<6).map { (0.1 + 0.5 * Double($0), InputEvent.wheel(dx: 0, dy: 1)) }
        var kinds: [[SceneKind]] = []
        s.run(until: 5, events: notches) { _ in
            if kinds.last != s.kinds { kinds.append(s.kinds) }
            #expect(!(s.app.reading?.zoom.isZoomed ?? false) || s.kinds.count == 3)
        }
        #expect(kinds == [[.shelf], [.shelf, .book], [.shelf, .book, .reading]])
        #expect(s.app.transition == nil)
    }

    /// A touchpad's smooth stream (tenths of a notch at 60 Hz): two fingers up open the book
    /// and lay it flat, sideways swipes turn its leaves, two fingers down read on, and a
    /// pinch in (Ctrl+wheel, as a touchpad's pinch arrives) and two fingers down close it.
    @Test func aTouchpadStreamReadsABook() {
        let s = AppDriver(books: 3, pages: 12)
        func stream(dx: Double = 0, dy: Double = 0, from t: Double, seconds: Double = 0.5, modifiers: Modifiers = []) -> [(t: Double, event: InputEvent)] {
            (0..<Int(seconds * 60)).map { (t + Double($0) / 60, InputEvent.wheel(dx: dx, dy: dy, modifiers: modifiers)) }
        }
        s.run(until: 2, events: stream(dy: 0.12, from: 0.1))
        #expect(s.kinds == [.shelf, .book] && s.app.transition == nil)
        s.run(until: 3.5, events: stream(dy: 0.12, from: 2.1))
        #expect(s.kinds == [.shelf, .book, .reading] && s.app.transition == nil)
        let book = s.app.book!
        var t = 3.6
        for _ in 0..<3 {
            s.run(until: t + 1, events: stream(dx: 0.1, from: t, seconds: 0.2))
            t += 1
        }
        #expect(book.currentLeaf == 2, "three leaves on from the cover")
        s.run(until: t + 1.5, events: stream(dy: -0.12, from: t, seconds: 0.15))
        #expect(book.currentLeaf == 3 && s.kinds == [.shelf, .book, .reading])
        t += 1.5
        s.run(until: t + 1.5, events: stream(dy: -0.12, from: t, modifiers: .ctrl))
        #expect(s.kinds == [.shelf, .book])
        s.run(until: t + 3.5, events: stream(dy: -0.12, from: t + 1.6))
        #expect(s.kinds == [.shelf])
    }

    /// `folio BOOK` arrives in an eighth of a second (the opening and the laying flat played
    /// twelve times faster), so the page is there to read at once; a book opened from the
    /// shelf still opens at its own pace.
    @Test func theArrivalIsShortAndAnOpeningFromTheShelfIsNot() throws {
        let pages: [ImageSource?] = (1...6).map { .file("/p\($0).png") }
        let library = Library(books: [Book(title: "A", cover: .file("/a.png"), pages: pages),
                                      Book(title: "B", cover: .file("/b.png"), pages: pages)])
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        app.update(at: 0)
        app.read(book: 0, atPage: nil, at: 0)
        var t = 1.0 / 60
        app.update(at: t)
        // From its first frame the arrival asks for its pages at the flat view's size (it
        // lies flat at once), not first at the 3D book's.
        let scale = try #require(app.book?.layout.readingScale)
        #expect(app.transition != nil && scale > 1 && app.drawList().magnification >= scale)
        // The pages it will lie open at are made first.
        let urgent = app.drawList().urgent
        #expect(!urgent.isEmpty)
        // Seven frames in (0.117 s) it is still arriving; at the eighth (0.133 s) it lies flat.
        for _ in 2...7 { t += 1.0 / 60; app.update(at: t) }
        #expect(app.transition != nil, "still arriving at \(t) s")
        t += 1.0 / 60
        app.update(at: t)
        #expect(app.navigation.scenes.map(\.kind) == [.shelf, .book, .reading])
        #expect(app.transition == nil)
        let flat = app.drawList()
        #expect(Set(urgent) == Set(flat.layers.filter(\.isFrontFacing).map(\.content)), "the pages made first are those it lies open at")
        #expect(flat.urgent.isEmpty, "and nothing is hurried once it has arrived")
        // Back to the shelf, then Space: the opening takes its second again.
        app.handle(.key(.escape), at: t)
        while t < 2.5 { t += 1.0 / 60; app.update(at: t) }
        app.handle(.key(.escape), at: t)
        while t < 5 { t += 1.0 / 60; app.update(at: t) }
        #expect(app.navigation.scenes.map(\.kind) == [.shelf])
        app.handle(.key(.space), at: t)
        let opened = t
        while t < opened + 0.5 { t += 1.0 / 60; app.update(at: t) }
        #expect(app.transition != nil, "an opening from the shelf is not hurried")
    }

    /// A book of one page (one image, a one-page PDF) rests on its cover alone, unturned on
    /// the right in the 3D book and centred flat, numbered "1 / 1"; End stays there.
    @Test func aBookOfOnePageShowsItsPage() throws {
        let library = Library(books: [Book(title: "Photo", cover: .file("/p.png"), pages: [])])
        let app = FolioApp(library: library, size: Size(width: 1280, height: 800))
        app.update(at: 0)
        app.read(book: 0, atPage: nil, at: 0)
        var t = 0.0
        // The arrival takes an eighth of a second; the page number shows for a while after.
        while t < 0.6 { t += 1.0 / 60; app.update(at: t) }
        #expect(app.navigation.scenes.map(\.kind) == [.shelf, .book, .reading])
        let shown = app.drawList().layers.filter(\.isFrontFacing).map(\.content)
        #expect(shown == [.page(book: 0, page: 0)])
        let page = try #require(app.drawList().layers.first)
        let left = try #require(page.project(x: 0, y: 0))
        let right = try #require(page.project(x: page.size.width, y: 0))
        #expect(abs((left.x + right.x) / 2 - 640) < 1e-6, "the page is centred in the window, none of it left empty")
        #expect(app.reading?.book.layout.readingPages == 1)
        #expect(app.drawList().texts.contains { $0.text == "1 / 1" })
        app.handle(.key(.end), at: t)
        while t < 3 { t += 1.0 / 60; app.update(at: t) }
        #expect(app.book?.currentLeaf == -1)
    }

    /// A resize in the reading view keeps the spread flat, filling the new window, on the
    /// same leaf.
    @Test func aResizeKeepsTheReadingViewFlatAndFull() throws {
        let s = Self.open(flat: true)
        s.send(.key(.right))
        s.run(until: s.now + 1)
        s.send(.resize(Size(width: 800, height: 600)))
        s.run(until: s.now + 0.5)
        #expect(s.kinds == [.shelf, .book, .reading] && s.app.book?.currentLeaf == 1)
        let pages = s.app.drawList().layers.filter { if case .page = $0.content { return true } else { return false } }
        #expect(pages.count == 2)
        let corners = try pages.flatMap { layer in
            try [(0.0, 0.0), (layer.size.width, layer.size.height)].map { try #require(layer.project(x: $0.0, y: $0.1)) }
        }
        let height = (corners.map(\.y).max() ?? 0) - (corners.map(\.y).min() ?? 0)
        let width = (corners.map(\.x).max() ?? 0) - (corners.map(\.x).min() ?? 0)
        #expect(max(width / 800, height / 600) >= 0.9, "\(width)×\(height) in 800×600")
    }

    /// Page keys pressed while the book lies down flat, or stands up again, wait for the
    /// scene being reached and turn its leaves there.
    @Test func pageKeysDuringTheMoveTurnOnceItEnds() {
        let s = Self.open(flat: false)
        s.send(.key(.return))
        s.run(until: s.now + 0.1)
        s.send(.key(.right))
        s.send(.key(.right))
        s.run(until: s.now + 1.5)
        #expect(s.kinds == [.shelf, .book, .reading] && s.app.book?.currentLeaf == 2)
        s.send(.key(.escape))
        s.run(until: s.now + 0.1)
        s.send(.key(.left))
        s.run(until: s.now + 1.5)
        #expect(s.kinds == [.shelf, .book] && s.app.book?.currentLeaf == 1)
    }
}
