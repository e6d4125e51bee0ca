import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// Every page can be reached, in every mode: the cover (page 1) lies alone on the right of
/// its spread as in a printed book (on the left, right to left); Home shows it, "1, Enter"
/// and the strip's page 1 go there, "N, Enter" shows page N one page at a time too, and End
/// shows the last page. Checked through the trace's `reading.visiblePages`.
@Suite struct EveryPageTests {
    enum Mode: String, CaseIterable, Sendable { case one, two }

    /// A book of `pages` pages after its cover, flat in the reading view in `mode`, at rest on
    /// page 30 (or the last).
    static func reading(_ mode: Mode, pages: Int = 119, rightToLeft: Bool = false,
                        size: Size = Size(width: 1280, height: 800)) -> AppDriver {
        let s = AppDriver(size: size, books: 1, pages: pages)
        s.app.library.books[0].rightToLeft = rightToLeft
        s.send(.key(.return)); s.run(until: 1.5)
        s.send(.key(.return)); s.run(until: 3)
        // Automatic shows two pages here: D brings one at a time, D again two.
        if mode == .one { s.send(.key(.d)); s.run(until: s.now + 0.5) }
        type("30", s)
        return s
    }

    /// Types `number` and Enter, then waits for the riffle and any slide to end.
    static func type(_ number: String, _ s: AppDriver) {
        for character in number { s.send(.key(Key(rawValue: String(character))!)) }
        s.send(.key(.return))
        s.run(until: s.now + 1)
    }

    static func visible(_ s: AppDriver) throws -> [Int] {
        let reading = try #require(try TraceReadingTests.line(s)["reading"] as? [String: Any])
        return try #require(reading["visiblePages"] as? [Int])
    }

    static func pages(_ s: AppDriver) throws -> String {
        let reading = try #require(try TraceReadingTests.line(s)["reading"] as? [String: Any])
        return try #require(reading["pages"] as? String)
    }

    /// The drawn cover's left and right edges on screen.
    static func coverEdges(_ s: AppDriver) throws -> (left: Double, right: Double) {
        let cover = try #require(s.app.drawList().layers.first { $0.content == .page(book: 0, page: 0) && $0.isFrontFacing })
        let a = try #require(cover.project(x: 0, y: cover.size.height / 2))
        let b = try #require(cover.project(x: cover.size.width, y: cover.size.height / 2))
        return (min(a.x, b.x), max(a.x, b.x))
    }

    @Test(arguments: Mode.allCases)
    func homeShowsTheCover(mode: Mode) throws {
        let s = Self.reading(mode)
        #expect(try Self.pages(s) == mode.rawValue)
        #expect(try Self.visible(s).contains(30))
        s.send(.key(.home)); s.run(until: s.now + 1)
        #expect(try Self.visible(s) == [1])
        #expect(s.app.drawList().texts.contains { $0.text == "1 / 120" })
        let edges = try Self.coverEdges(s)
        if mode == .two {
            // Alone on the right of its spread, as in a printed book: the left half is empty.
            #expect(edges.left >= 640 - 0.5 && edges.right > 1000)
        } else {
            #expect(abs((edges.left + edges.right) / 2 - 640) < 0.5, "one page at a time, the cover is in the middle")
        }
        // Left from the cover stays there; Right goes on to page 2 (and 3, two at a time).
        s.send(.key(.left)); s.run(until: s.now + 1)
        #expect(try Self.visible(s) == [1])
        s.send(.key(.right)); s.run(until: s.now + 1)
        #expect(try Self.visible(s) == (mode == .two ? [2, 3] : [2]))
        // And back: Left from pages 2–3 (or 2) shows the cover again.
        s.send(.key(.left)); s.run(until: s.now + 1)
        #expect(try Self.visible(s) == [1])
    }

    /// "Go to page N" shows page N itself, one page at a time and two: 1 (the cover), 2 (no
    /// longer skipped), the last and pages between.
    @Test(arguments: Mode.allCases)
    func goToPageShowsThatPage(mode: Mode) throws {
        let s = Self.reading(mode)
        for number in [1, 2, 3, 57, 120, 1] {
            Self.type(String(number), s)
            let visible = try Self.visible(s)
            #expect(visible.contains(number), "page \(number): \(visible)")
            if mode == .one { #expect(visible == [number]) }
        }
    }

    /// The strip's page 1 with Enter goes to the cover, and a click on its thumbnail too.
    @Test(arguments: Mode.allCases)
    func theStripsFirstPageGoesToTheCover(mode: Mode) throws {
        let s = Self.reading(mode)
        s.send(.key(.t))
        #expect(s.app.strip.isShown && s.app.strip.selected == 30)
        s.send(.key(.home))
        #expect(s.app.strip.selected == 1)
        s.send(.key(.return)); s.run(until: s.now + 1)
        #expect(try Self.visible(s) == [1])
        // Back to page 30, then a click on the first thumbnail.
        Self.type("30", s)
        s.send(.key(.escape))
        s.send(.key(.t))
        s.send(.key(.home)); s.run(until: s.now + 1)
        let book = try #require(s.app.book)
        let thumb = s.app.strip.frame(of: 1, in: s.app.stripGeometry(book), mirrored: false)
        s.send(.pointerDown(Point(x: thumb.midX, y: thumb.midY)))
        s.send(.pointerUp(Point(x: thumb.midX, y: thumb.midY))); s.run(until: s.now + 1)
        #expect(try Self.visible(s) == [1])
    }

    /// End shows the last page, on whichever side it lies (an odd and an even count).
    @Test(arguments: [(Mode.one, 119), (.one, 118), (.two, 119), (.two, 118)])
    func endShowsTheLastPage(mode: Mode, pages: Int) throws {
        let s = Self.reading(mode, pages: pages)
        s.send(.key(.end)); s.run(until: s.now + 1)
        let last = pages + 1
        #expect(mode == .one ? try Self.visible(s) == [last] : try Self.visible(s).contains(last))
        #expect(s.app.drawList().texts.contains { $0.text.hasPrefix("\(last) / \(last)") || $0.text.hasSuffix("\(last) / \(last)") })
    }

    /// 30 photos (a landscape book, one at a time automatically) open flat on the first;
    /// Right shows the second and Left comes back to the first.
    @Test func theFirstPhotoIsSeenFlat() throws {
        let s = AppDriver(books: 1, pages: 29, aspect: 1.5)
        s.send(.key(.return)); s.run(until: 1.5)
        s.send(.key(.return)); s.run(until: 3)
        #expect(try Self.pages(s) == "one" && Self.visible(s) == [1])
        s.send(.key(.right)); s.run(until: s.now + 1)
        #expect(try Self.visible(s) == [2])
        s.send(.key(.left)); s.run(until: s.now + 1)
        #expect(try Self.visible(s) == [1])
    }

    /// Right to left the cover lies alone on the left, its mirror image (one page at a
    /// time, in the middle); Right, the way back there, stays on it.
    @Test(arguments: Mode.allCases)
    func rightToLeftTheCoverIsAloneOnTheLeft(mode: Mode) throws {
        let s = Self.reading(mode, rightToLeft: true)
        s.send(.key(.home)); s.run(until: s.now + 1)
        #expect(try Self.visible(s) == [1])
        let edges = try Self.coverEdges(s)
        if mode == .two {
            #expect(edges.right <= 640 + 0.5 && edges.left < 280)
        } else {
            #expect(abs((edges.left + edges.right) / 2 - 640) < 0.5)
        }
        s.send(.key(.right)); s.run(until: s.now + 1)
        #expect(try Self.visible(s) == [1])
        s.send(.key(.left)); s.run(until: s.now + 1)
        #expect(try Self.visible(s) == (mode == .two ? [2, 3] : [2]))
    }

    /// The 3D book shares the spreads: Home there turns to the cover, alone on the right,
    /// and the reading view then opens on it.
    @Test func theBookInThreeDimensionsTurnsToTheCoverToo() throws {
        let s = AppDriver(books: 1, pages: 40)
        s.send(.key(.return)); s.run(until: 1.5)
        let book = try #require(s.app.book)
        #expect(book.currentLeaf == -1, "a book never opened opens on its cover")
        s.send(.key(.right)); s.run(until: s.now + 1.5)
        #expect(book.currentLeaf == 0)
        s.send(.key(.home)); s.run(until: s.now + 1.5)
        #expect(book.currentLeaf == -1 && book.isAtRest)
        #expect(s.app.drawList().texts.contains { $0.text == "1 / 41" })
        let shown = s.app.drawList().layers.filter(\.isFrontFacing)
        #expect(shown.contains { $0.content == .page(book: 0, page: 0) })
        #expect(shown.allSatisfy { layer in
            layer.project(x: 0, y: 0).map { $0.x >= 640 - 0.5 } ?? false
        }, "nothing left of the spine")
        s.send(.key(.return)); s.run(until: s.now + 1)
        #expect(try Self.visible(s) == [1])
    }
}
