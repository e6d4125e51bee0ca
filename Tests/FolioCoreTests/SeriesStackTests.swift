import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// Series in the library grid: books that ComicInfo.xml puts in one series, or that sit in one
/// sub-folder of the library, stack in one cell, in reading order; a click on the stack opens
/// it as a shelf of its own.
@Suite struct SeriesStackTests {
    static func comicInfo(series: String, number: String, volume: String? = nil) -> Data {
        Data("""
        <?xml version="1.0"?><ComicInfo><Series>\(series)</Series><Number>\(number)</Number>\
        \(volume.map { "<Volume>\($0)</Volume>" } ?? "")</ComicInfo>
        """.utf8)
    }

    @Test func numbersAreReadAsNumbers() {
        #expect(BookSeries.number("5") == 5 && BookSeries.number(" 12a") == 12 && BookSeries.number("2.5") == 2.5)
        #expect(BookSeries.number("x1") == nil && BookSeries.number("") == nil && BookSeries.number("1234567890") == nil)
        #expect(BookSeries.number("3.") == 3)
        let info = ComicInfo(title: "The Return", series: "Saga", number: "10", volume: "2")
        #expect(BookSeries(info) == BookSeries(name: "Saga", volume: 2, number: 10))
        #expect(BookSeries(ComicInfo(title: "Alone")) == nil && BookSeries(ComicInfo(series: "  ")) == nil)
    }

    @Test func aSubFolderOfBooksIsASeriesAndComicInfoNamesOne() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = LibraryFixtures.bmp(width: 4, height: 6)
        let saga = dir.appendingPathComponent("Saga")
        try FileManager.default.createDirectory(at: saga, withIntermediateDirectories: true)
        for name in ["Saga 10", "Saga 2", "Saga 1"] {
            try LibraryFixtures.zip([("1.bmp", page), ("2.bmp", page)], to: saga.appendingPathComponent("\(name).cbz"))
        }
        // Two archives at the top whose ComicInfo.xml names their series, out of order.
        try LibraryFixtures.zip([("1.bmp", page), ("ComicInfo.xml", Self.comicInfo(series: "Moon", number: "2"))],
                                to: dir.appendingPathComponent("B.cbz"))
        try LibraryFixtures.zip([("1.bmp", page), ("ComicInfo.xml", Self.comicInfo(series: "Moon", number: "1"))],
                                to: dir.appendingPathComponent("A.cbz"))
        try LibraryFixtures.zip([("1.bmp", page)], to: dir.appendingPathComponent("Alone.cbz"))
        // A folder of pictures is still one book.
        let pictures = dir.appendingPathComponent("Pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try page.write(to: pictures.appendingPathComponent("1.bmp"))
        let library = try LibraryLoader.load(dir.path).library
        let titles = library.books.map(\.title)
        #expect(titles.count == 7, "\(titles)")
        let series = Dictionary(uniqueKeysWithValues: library.books.map { ($0.title, $0.series?.name) })
        #expect(series["Saga 1"] == "Saga" && series["Saga 10"] == "Saga" && series["Alone"] == .some(nil))
        #expect(series["Pictures"] == .some(nil))
        #expect(library.books.filter { $0.series?.name == "Moon" }.compactMap(\.series?.number).sorted() == [1, 2])

        // The grid: a stack a series, in reading order, where its first book falls.
        let driver = AppDriver(library: library)
        driver.send(.key(.down, []))
        driver.run(until: driver.now + 1.5)
        let grid = try #require(driver.app.navigation.top as? LibraryScene)
        let index = { (title: String) in library.books.firstIndex { $0.title == title }! }
        let stacks = grid.items.compactMap { item -> (String, [Int])? in
            if case .stack(let name, let books) = item { return (name, books) } else { return nil }
        }
        #expect(stacks.map(\.0).sorted() == ["Moon", "Saga"])
        #expect(stacks.first { $0.0 == "Saga" }?.1 == ["Saga 1", "Saga 2", "Saga 10"].map(index))
        #expect(stacks.first { $0.0 == "Moon" }?.1.map { library.books[$0].series?.number } == [1, 2])
        #expect(grid.items.count == 4)
    }

    /// Six books, three of one series (numbered out of their listed order) and two of another.
    static func driver() -> AppDriver {
        var library = Library.synthetic(books: 6, pages: 6)
        let series: [BookSeries?] = [BookSeries(name: "Saga", number: 3), nil, BookSeries(name: "Saga", number: 1),
                                     BookSeries(name: "Moon"), BookSeries(name: "Saga", number: 2), BookSeries(name: "Moon")]
        for (i, s) in series.enumerated() { library.books[i].series = s }
        for (i, title) in ["S3", "Alone", "S1", "Moon b", "S2", "Moon a"].enumerated() { library.books[i].title = title }
        let driver = AppDriver(library: library)
        driver.send(.key(.down, []))
        driver.run(until: driver.now + 1.5)
        return driver
    }

    @Test func aClickOnAStackOpensItAsAShelfOfItsOwn() throws {
        let driver = Self.driver()
        let grid = try #require(driver.app.navigation.top as? LibraryScene)
        #expect(grid.items == [.stack(name: "Saga", books: [2, 4, 0]), .book(1), .stack(name: "Moon", books: [5, 3])])
        driver.recording = true
        driver.run(until: driver.now + 0.05)
        var line = try TraceFrame.decode(#require(driver.traces.last))
        #expect(line.library?.count == 6 && line.library?.visible == [2, 1, 5])
        #expect(line.library?.stacks.map(\.name) == ["Saga", "Moon"] && line.library?.stacks.first?.books == [2, 4, 0])
        // A click on the Saga stack: the shelf of its three books, the first centred.
        let frame = grid.layout.coverFrame(of: 0, at: grid.scroller.position)
        let at = Point(x: frame.midX, y: frame.midY)
        driver.run(until: driver.now + 1.5, events: [(driver.now + 0.02, .pointerDown(at)), (driver.now + 0.04, .pointerUp(at))])
        line = try TraceFrame.decode(#require(driver.traces.last))
        #expect(line.stack == [.shelf] && line.shelf.series == "Saga" && line.shelf.count == 3 && line.shelf.centred == 2)
        #expect(driver.app.shelf.order == [2, 4, 0])
        // Right goes along the series; Enter opens its second book.
        driver.send(.key(.right, []))
        driver.run(until: driver.now + 1)
        #expect(driver.app.shelf.centredIndex == 4)
        // Into the grid again: every book, the Saga stack selected.
        driver.send(.key(.down, []))
        driver.run(until: driver.now + 1.5)
        let again = try #require(driver.app.navigation.top as? LibraryScene)
        #expect(again.items.count == 3 && again.selected == 0)
        // A single book: the whole library on the shelf again.
        driver.send(.key(.right, []))
        driver.send(.key(.return, []))
        driver.run(until: driver.now + 1.5)
        line = try TraceFrame.decode(#require(driver.traces.last))
        #expect(line.shelf.series == nil && line.shelf.count == 6 && line.shelf.centred == 1)
    }

    @Test func escapeOnASeriesShelfShowsTheWholeLibrary() throws {
        let driver = Self.driver()
        driver.send(.key(.end, []))
        driver.send(.key(.return, []))
        driver.run(until: driver.now + 1.5)
        #expect(driver.app.shelf.series?.name == "Moon" && driver.app.shelf.order == [5, 3])
        driver.send(.key(.right, []))
        driver.run(until: driver.now + 1)
        driver.send(.key(.escape, []))
        driver.run(until: driver.now + 0.5)
        #expect(driver.app.shelf.series == nil && driver.app.shelf.order.count == 6 && driver.app.shelf.centredIndex == 3)
        #expect(driver.kinds == [.shelf] && !driver.app.quitRequested)
        // Escape on the whole shelf does nothing.
        driver.send(.key(.escape, []))
        #expect(driver.app.shelf.order.count == 6 && driver.app.shelf.centredIndex == 3)
    }

    @Test func aSeriesShelfFollowsTabAndABookThatGoes() throws {
        let driver = Self.driver()
        driver.send(.key(.return, []))
        driver.run(until: driver.now + 1.5)
        #expect(driver.app.shelf.order == [2, 4, 0])
        // By title: S1, S2, S3 (the same here); last read first: none read, as listed.
        driver.send(.key(.tab, []))
        #expect(driver.app.shelf.order == [0, 2, 4])
        driver.app.shelf.remove(books: [2])
        #expect(driver.app.shelf.order == [0, 4] && driver.app.shelf.series?.name == "Saga")
        // A book outside the series goes from the library too, the series shown as it was.
        driver.app.shelf.remove(books: [5])
        #expect(driver.app.shelf.order == [0, 4] && !driver.app.shelf.libraryOrder.contains(5))
        driver.app.shelf.remove(books: [0, 4])
        #expect(driver.app.shelf.series == nil && driver.app.shelf.order == [1, 3])
    }

    @Test func aFolderOfBooksArrivingInTheLibraryIsASeries() throws {
        let driver = AppDriver(books: 2)
        var arrived = Library.synthetic(books: 2, pages: 3)
        arrived.books[1].series = BookSeries(name: "Named Elsewhere")
        _ = driver.app.adopt(dropOf: "/lib/Saga", .success(LoadedLibrary(library: arrived, problems: [])), centring: false, at: driver.now)
        #expect(driver.app.library.books.map(\.series?.name) == [nil, nil, "Saga", "Named Elsewhere"])
        // Dropped on the window, a folder of books is no series: a drop may be a whole library.
        let box = LoadedLibrary(library: Library.synthetic(books: 2, pages: 3), problems: [])
        _ = driver.app.adopt(dropOf: "/elsewhere/Box", .success(box), at: driver.now)
        #expect(driver.app.library.books.suffix(2).allSatisfy { $0.series == nil })
        // One book arriving is no series either.
        _ = driver.app.adopt(dropOf: "/lib/One.cbz", .success(LoadedLibrary(library: Library.synthetic(books: 1, pages: 3), problems: [],
                                                                             isOneBook: true)), centring: false, at: driver.now)
        #expect(driver.app.library.books.last?.series == nil)
    }

    /// Series folders are read within the library's bound on books: six folders of two
    /// thousand archives each read ten thousand books, no more, and say the rest are skipped.
    @Test func seriesFoldersAreReadWithinTheBoundOnBooks() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = dir.appendingPathComponent(".one.cbz")
        try LibraryFixtures.zip([("1.bmp", LibraryFixtures.bmp(width: 2, height: 3))], to: one)
        for folder in 0..<6 {
            let series = dir.appendingPathComponent("Series \(folder)")
            try FileManager.default.createDirectory(at: series, withIntermediateDirectories: true)
            for book in 0..<LibraryLoader.maxSeriesBooks {
                try FileManager.default.linkItem(at: one, to: series.appendingPathComponent("Book \(book).cbz"))
            }
        }
        let result = try LibraryLoader.load(dir.path)
        #expect(result.library.books.count == LibraryLoader.maxBooks)
        #expect(result.problems.contains { $0.message == "holds more than \(LibraryLoader.maxBooks) books; the rest are skipped." })
        // Every book kept is a series' (which folders were read whole depends on the cores
        // reading them at once).
        #expect(result.library.books.allSatisfy { $0.series?.name.hasPrefix("Series ") == true })
    }

    /// A stack is drawn as its first cover with the edges of two more behind it, up and to
    /// the right, its name under it and how many books it holds under that; a lone book has
    /// neither.
    @Test func aStackShowsTheEdgesOfTwoMoreCovers() throws {
        let driver = Self.driver()
        let grid = try #require(driver.app.navigation.top as? LibraryScene)
        var list = DrawList(background: ShelfScene.background)
        grid.draw(into: &list, in: 1)
        let u = grid.layout.unit
        for (slot, stacked) in [(0, true), (1, false)] {
            let cell = grid.layout.coverFrame(of: slot, at: grid.scroller.position)
            let sheets = list.layers.filter { layer in
                guard layer.content == .fill(LibraryScene.stackColours.front) || layer.content == .fill(LibraryScene.stackColours.back),
                      let corner = layer.project(x: 0, y: 0) else { return false }
                return abs(corner.y - cell.minY) < 20 * u && abs(corner.x - cell.minX) < 20 * u
            }
            #expect(sheets.count == (stacked ? 2 : 0), "slot \(slot)")
            if stacked {
                // The furthest first, up and to the right of the cover.
                let corners = sheets.compactMap { $0.project(x: 0, y: 0) }
                #expect(abs(corners[0].x - (cell.minX + 10 * u)) < 1e-6 && abs(corners[1].x - (cell.minX + 5 * u)) < 1e-6)
                #expect(corners[0].x > corners[1].x && corners[1].x > cell.minX && corners[0].y < corners[1].y && corners[1].y < cell.minY)
            }
        }
        #expect(list.texts.contains { $0.text == "Saga" } && list.texts.contains { $0.text == "3 books" })
        #expect(list.texts.contains { $0.text == "6 books (2 series) \u{00B7} as listed \u{00B7} medium covers" })
    }
}
