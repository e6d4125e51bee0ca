import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// A book's contents: bounded whatever their source; ComicInfo bookmarks are contents too.
@Suite struct ContentsTests {
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
