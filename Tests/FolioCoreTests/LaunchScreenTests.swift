import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// While a library is read at launch the window names its books as they are read: the
/// loader tells each book's start and end, the screen marks the ones being read and read,
/// fills its bar by the books done and says how to quit.
@Suite struct LaunchScreenTests {
    @Test func theLoaderTellsEachBookAsItIsRead() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = LibraryFixtures.bmp(width: 8, height: 12)
        for name in ["b.cbz", "a.cbz", "c.cbz"] {
            try LibraryFixtures.zip([("1.bmp", page), ("2.bmp", page)], to: dir.appendingPathComponent(name))
        }
        try LibraryFixtures.write(page, to: dir.appendingPathComponent("photos/1.bmp"))
        let progress = LibraryLoadProgress(library: dir.lastPathComponent)
        #expect(progress.reading.phase == .looking && LaunchScreen.status(progress.reading) == "Looking for books\u{2026}")
        let loaded = try LibraryLoader.load(dir.path, formats: .standard(documents: nil, files: BookFilesHere()), progress: progress)
        let reading = progress.reading
        #expect(loaded.library.books.count == 4)
        #expect(reading.names == ["a.cbz", "b.cbz", "c.cbz", "photos"], "the shelf's order")
        #expect(reading.done == [0, 1, 2, 3] && reading.reading.isEmpty)
        #expect(LaunchScreen.status(reading) == "4 of 4 books read")
        progress.measuring()
        #expect(LaunchScreen.status(progress.reading) == "Measuring the pages\u{2026}")

        // One file is one name.
        let one = LibraryLoadProgress(library: "a.cbz")
        _ = try LibraryLoader.load(dir.appendingPathComponent("a.cbz").path, formats: .standard(documents: nil, files: BookFilesHere()),
                                   progress: one)
        #expect(one.reading.names == ["a.cbz"] && one.reading.done == [0])
    }

    @Test func theScreenMarksTheBooksBeingReadAndFillsItsBar() {
        var reading = LibraryReading(library: "Comics")
        reading.phase = .listing
        reading.names = (1...40).map { "Book \($0).cbz" }
        reading.done = Set(0..<10)
        reading.reading = [10, 11]
        let size = Size(width: 1280, height: 800)
        let list = LaunchScreen.drawList(reading, size: size)
        let texts = list.texts.map(\.text)
        #expect(texts.first == "Opening Comics")
        #expect(texts.contains("10 of 40 books read"))
        #expect(texts.contains("\u{25B8} Book 11.cbz") && texts.contains("\u{25B8} Book 12.cbz"), "the books being read")
        #expect(texts.contains("\u{2713} Book 10.cbz"), "a book read just before shows")
        #expect(!texts.contains { $0.hasSuffix("Book 1.cbz") }, "the list follows the reading")
        #expect(list.texts.first { $0.text == "\u{25B8} Book 11.cbz" }?.weight == .bold)
        #expect(texts.last == "Ctrl+Q quits")
        let track = try? #require(list.bands.first), fill = list.bands.last
        if let track, let fill {
            #expect(abs(fill.rect.size.width - track.rect.size.width / 4) < 0.01, "a quarter read")
        }
        // Every name row lies inside the window, above the hint.
        let rows = list.texts.filter { $0.alignment == .leading }
        #expect(!rows.isEmpty && rows.allSatisfy { $0.position.y < list.texts.last!.position.y })
        // A small window shows fewer rows, still the ones being read.
        let small = LaunchScreen.drawList(reading, size: Size(width: 320, height: 240)).texts.filter { $0.alignment == .leading }
        #expect(small.count < rows.count && small.contains { $0.text == "\u{25B8} Book 11.cbz" })
    }

    @Test func theShownNamesStayInsideTheList() {
        var reading = LibraryReading(library: "x")
        reading.names = (0..<5).map(String.init)
        #expect(LaunchScreen.shownNames(reading, rows: 10) == 0..<5)
        reading.done = Set(0..<5)
        #expect(LaunchScreen.shownNames(reading, rows: 3) == 2..<5, "all read: the last rows")
        reading.names = []
        #expect(LaunchScreen.shownNames(reading, rows: 3).isEmpty)
    }
}
