import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// File names are bytes: a name that is not UTF-8 (a Latin-1 "café.cbz") is found, opened and
/// shown with its odd bytes written out.
@Suite struct FileNameTests {
    /// Latin-1 "café.cbz": `E9` alone is not UTF-8.
    static let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".cbz".utf8)

    @Test(arguments: [
        latin1,
        Array("café ünïcödé 本".utf8),  // valid UTF-8 stays as it is
        [0x80, 0x41],  // a continuation byte alone
        [0xE2, 0x82],  // a sequence cut short
        [0xC0, 0x80],  // an overlong NUL
        [0xED, 0xA0, 0x80],  // a surrogate
        [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
        [0xF4, 0x8F, 0xBF, 0xA9],  // a valid scalar in the escapes' own range
        [0xFF, 0xFE, 0x2F, 0x61],
    ])
    func everyNameRoundTrips(bytes: [UInt8]) {
        let name = FileName.string(bytes)
        #expect(FileName.bytes(of: name) == bytes)
        FileName.withCString(name) { c in
            #expect(Array(UnsafeRawBufferPointer(start: c, count: strlen(c))) == bytes)
        }
    }

    @Test func validNamesAreTheirOwnStrings() {
        #expect(FileName.string(Array("Quest for Fire.cbz".utf8)) == "Quest for Fire.cbz")
        #expect(FileName.string(Array("café.cbz".utf8)) == "café.cbz")
    }

    @Test func theOddBytesAreShownAndNothingElse() {
        #expect(FileName.shown(FileName.string(Self.latin1 + Array(" é".utf8))) == "caf\\xE9.cbz é")
        #expect(Sentence.escaped(FileName.string([0x61, 0x05, 0x80])) == "a\\u{5}\\x80")
        // A title made from such a name is shown the same way.
        let book = Book(title: FileName.string(Self.latin1), cover: nil, pages: [])
        #expect(book.title == "caf\\xE9.cbz")
    }

    /// A folder whose name and whose book's name are Latin-1 loads, and the book is the file.
    @Test func aLatin1FolderOfALatin1BookLoads() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = FileName.string(Array(dir.path.utf8) + Array("/r".utf8) + [0xE9, 0x73])
        #expect(FileName.withCString(folder) { mkdir($0, 0o700) } == 0)
        let written = dir.appendingPathComponent("written.cbz")
        try LibraryFixtures.archive([("p1.bmp", LibraryFixtures.bmp(width: 8, height: 12)), ("p2.bmp", LibraryFixtures.bmp(width: 8, height: 12))], to: written)
        let book = folder + "/" + FileName.string(Self.latin1)
        #expect(FileName.withCString(book) { rename(written.path, $0) } == 0)

        let shelf = try LibraryLoader.load(folder)
        #expect(shelf.problems.isEmpty, "\(shelf.problems)")
        #expect(shelf.library.books.map(\.title) == ["caf\\xE9"])
        // The first image is the cover, the second the one page.
        #expect(shelf.library.books.first?.pages.count == 1)

        let one = try LibraryLoader.load(book)
        #expect(one.isOneBook)
        let entry = try #require(one.library.books.first?.pages.first ?? nil)
        let bytes = try ImageReader().data(for: entry)
        #expect(bytes.starts(with: Array("BM".utf8)))
    }

    /// What the file system lists is what opens: `names(inFolder:)` keeps every byte.
    @Test func aFolderListsItsNamesAsBytes() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = FileName.string(Self.latin1)
        let path = dir.path + "/" + name
        let fd = FileName.withCString(path) { open($0, O_WRONLY | O_CREAT, 0o600) }
        #expect(fd >= 0)
        close(fd)
        #expect(FileName.names(inFolder: dir.path) == [name])
        #expect(FileName.exists(path) && !FileName.isFolder(path))
        #expect(FileName.names(inFolder: path) == nil)
    }
}
