import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// A book's contents: Tab in a book shows them (the chapters indented, their pages, the one
/// being read marked), Up and Down select, Enter or a click riffles there, Escape or Tab
/// hides them; a book without contents says so; ComicInfo bookmarks are contents too.
@Suite struct ContentsTests {
    static let chapters = [
        ContentsEntry(title: "Part One", level: 0, number: 2),
        ContentsEntry(title: "Chapter 1", level: 1, number: 3),
        ContentsEntry(title: "Section 1.1", level: 2, number: 5),
        ContentsEntry(title: "Chapter 2", level: 1, number: 12),
        ContentsEntry(title: "Part Two", level: 0, number: 30),
    ]

    /// One book of 40 pages with `contents`, opened (in 3D, or flat when `flat`) and at rest.
    static func open(contents: [ContentsEntry] = chapters, flat: Bool = true) -> AppDriver {
        var library = Library.synthetic(books: 1, pages: 39)
        library.books[0].contents = contents
        let s = AppDriver(library: library)
        s.send(.key(.return)); s.run(until: 1.5)
        if flat { s.send(.key(.return)); s.run(until: 3) }
        return s
    }

    static func panel(_ s: AppDriver) -> [String]? {
        s.app.drawList().help.map { $0.texts.map(\.text) }
    }

    static func number(_ s: AppDriver) throws -> Int {
        s.app.numberRead(in: try #require(s.app.navigation.top as? any PageShowing))
    }

    @Test(arguments: [true, false])
    func tabShowsTheChaptersAndEscapeOrTabHidesThem(flat: Bool) throws {
        let s = Self.open(flat: flat)
        #expect(Self.panel(s) == nil)
        s.send(.key(.tab))
        let lines = try #require(Self.panel(s))
        #expect(lines.first == ContentsPanel.title)
        // Each title (the chapter being read marked with ●) and its page.
        let titles = lines.map { $0.hasPrefix("\u{25CF} ") ? String($0.dropFirst(2)) : $0 }
        for chapter in Self.chapters { #expect(titles.contains(chapter.title) && lines.contains(String(chapter.number)), "\(chapter.title): \(lines)") }
        // Indented by level.
        let texts = try #require(s.app.drawList().help?.texts)
        let x = { (title: String) in texts.first { $0.text.hasSuffix(title) }!.position.x }
        #expect(x("Part One") < x("Chapter 1") && x("Chapter 1") < x("Section 1.1") && x("Chapter 2") == x("Chapter 1"))
        s.send(.key(.escape))
        #expect(Self.panel(s) == nil)
        #expect(s.kinds.count == (flat ? 3 : 2), "Escape hid the contents only")
        s.send(.key(.tab)); #expect(Self.panel(s) != nil)
        s.send(.key(.tab)); #expect(Self.panel(s) == nil)
    }

    @Test func theChapterBeingReadIsMarkedAndSelected() throws {
        let s = Self.open()
        for key: Key in [.six] { s.send(.key(key)) }
        s.send(.key(.return)); s.run(until: s.now + 1)
        #expect(try Self.number(s) >= 5 && Self.number(s) < 12)
        s.send(.key(.tab))
        let texts = try #require(s.app.drawList().help?.texts)
        let marked = texts.filter { $0.text.hasPrefix("\u{25CF} ") }.map(\.text)
        #expect(marked == ["\u{25CF} Section 1.1"])
        #expect(texts.first { $0.text == "\u{25CF} Section 1.1" }?.colour == HelpOverlay.headingColour)
        let selectedRow = try #require(texts.first { $0.text == "\u{25B6}" })
        #expect(abs(selectedRow.position.y - texts.first { $0.text == "\u{25CF} Section 1.1" }!.position.y) < 1e-9)
    }

    @Test func downAndEnterRifflesToTheChapter() throws {
        let s = Self.open()
        let book = try #require(s.app.book)
        #expect(try Self.number(s) < 5)
        s.send(.key(.tab))
        // Up past the top stays on the first; Down three times from it is Chapter 2.
        for _ in 0..<3 { s.send(.key(.up)) }
        for _ in 0..<3 { s.send(.key(.down)) }
        s.send(.key(.return))
        #expect(Self.panel(s) == nil, "Enter hid the contents")
        s.run(until: s.now + 0.7)
        #expect(book.isAtRest)
        #expect(s.app.library.books[0].numbering.numbers(leaf: book.currentLeaf).contains(12), "leaf \(book.currentLeaf)")
        // End is the last.
        s.send(.key(.tab)); s.send(.key(.end)); s.send(.key(.return)); s.run(until: s.now + 0.7)
        #expect(s.app.library.books[0].numbering.numbers(leaf: book.currentLeaf).contains(30))
    }

    @Test func aClickOnAChapterGoesThereAndOneOutsideHides() throws {
        let s = Self.open(flat: false)
        let book = try #require(s.app.book)
        s.send(.key(.tab))
        let texts = try #require(s.app.drawList().help?.texts)
        let row = try #require(texts.first { $0.text == "Part Two" })
        s.send(.pointerDown(Point(x: row.position.x + 5, y: row.position.y)))
        s.send(.pointerUp(Point(x: row.position.x + 5, y: row.position.y)))
        #expect(Self.panel(s) == nil)
        s.run(until: s.now + 0.7)
        #expect(s.app.library.books[0].numbering.numbers(leaf: book.currentLeaf).contains(30))
        // A click outside the rows hides the panel and turns nothing.
        s.send(.key(.tab))
        let leaf = book.currentLeaf
        s.send(.pointerDown(Point(x: 2, y: 799))); s.send(.pointerUp(Point(x: 2, y: 799)))
        s.run(until: s.now + 0.7)
        #expect(Self.panel(s) == nil && book.currentLeaf == leaf)
    }

    @Test func aDragHidesTheContentsAndTurnsTheLeaves() throws {
        let s = Self.open(flat: false)
        let book = try #require(s.app.book)
        let before = book.currentLeaf
        s.send(.key(.tab))
        let y = s.app.size.height / 2
        s.send(.pointerDown(Point(x: 1000, y: y)))
        for x in stride(from: 990.0, through: 200, by: -40) { s.send(.pointerMoved(Point(x: x, y: y))) }
        s.send(.pointerUp(Point(x: 200, y: y)))
        #expect(Self.panel(s) == nil)
        s.run(until: s.now + 1.5)
        #expect(book.currentLeaf == before + 1, "the drag turned a leaf")
    }

    @Test func theCornerButtonShowsNearThePointerAndOpensTheContents() throws {
        let s = Self.open()
        let (button, _) = ContentsContext.button(in: s.app.size)
        #expect(!s.app.drawList().texts.contains { $0.text.hasSuffix("Contents") })
        s.send(.pointerMoved(Point(x: button.midX, y: button.midY)))
        #expect(s.app.drawList().texts.contains { $0.text == "\u{2630} Contents" })
        s.send(.pointerDown(Point(x: button.midX, y: button.midY))); s.send(.pointerUp(Point(x: button.midX, y: button.midY)))
        #expect(Self.panel(s)?.first == ContentsPanel.title)
        s.send(.back)
        #expect(Self.panel(s) == nil && s.kinds == [.shelf, .book, .reading], "the back button hid the contents only")
    }

    @Test func aBookWithoutContentsSaysSo() throws {
        let s = Self.open(contents: [])
        s.send(.key(.tab))
        #expect(Self.panel(s) == [ContentsPanel.title, ContentsPanel.empty])
        s.send(.key(.return))
        #expect(Self.panel(s) == nil)
    }

    @Test func aLongContentsScrollsWithTheSelection() throws {
        let many = (0..<500).map { ContentsEntry(title: "Entry \($0)", level: $0 % 3, number: 1 + $0 % 40) }
        let s = Self.open(contents: many)
        s.send(.key(.tab))
        s.send(.key(.end))
        let lines = try #require(Self.panel(s))
        #expect(lines.contains("Entry 499") && !lines.contains("Entry 0"))
        #expect(lines.contains { $0.hasSuffix("of 500") })
        #expect(lines.count < 200, "only the rows that fit are drawn")
    }

    @Test func theContentsAreCheckedWhateverTheirSource() {
        let raw = [
            ContentsEntry(title: "A\u{7}\nB\u{202E}", level: 0, number: 1),
            ContentsEntry(title: String(repeating: "x", count: 5000), level: 99, number: 2),
            ContentsEntry(title: "", level: -3, number: 3),
            ContentsEntry(title: "past the end", level: 0, number: 41),
            ContentsEntry(title: "before the start", level: 0, number: 0),
        ]
        let checked = BookContents.checked(raw, pageCount: 40)
        #expect(checked.map(\.number) == [1, 2, 3])
        #expect(checked[0].title == "A B")
        #expect(checked[1].title.count <= BookContents.maxTitleLength + 1 && checked[1].level == BookContents.maxDepth - 1)
        #expect(checked[2].title == "Page 3" && checked[2].level == 0)
        let long = (0..<20_000).map { _ in ContentsEntry(title: "e", level: 0, number: 1) }
        #expect(BookContents.checked(long, pageCount: 1).count == BookContents.maxEntries)
    }

    @Test func comicInfoBookmarksAreTheComicsContents() throws {
        let xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <ComicInfo><Pages>
          <Page Image="0" Type="FrontCover" Bookmark="Cover"/>
          <Page Image="3" Bookmark="Chapter 1"/>
          <Page Image="9" Bookmark=" Chapter&#10;2 "/>
          <Page Image="40" Bookmark="Not in the book"/>
          <Page Image="5"/>
        </Pages></ComicInfo>
        """
        let info = try ComicInfoReader.parse(Data(xml.utf8), imageCount: 12)
        #expect(info.bookmarks == [0: "Cover", 3: "Chapter 1", 9: "Chapter 2"])
        let images = (0..<12).map { String(format: "%02d.png", $0) }
        let book = LibraryLoader.withComicInfo(info, title: "c", images: images) { .archiveEntry(archive: "/c.cbz", entry: $0) }
        #expect(book.contents == [ContentsEntry(title: "Cover", level: 0, number: 1), ContentsEntry(title: "Chapter 1", level: 0, number: 4),
                                  ContentsEntry(title: "Chapter 2", level: 0, number: 10)])
        #expect(book.image(forPage: book.numbering.displayPage(ofNumber: 4)) == .archiveEntry(archive: "/c.cbz", entry: "03.png"))
    }
}
