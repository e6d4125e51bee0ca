import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
import FolioSamples

/// What libarchive 3.6 does not report of a RAR, found in its headers: a RAR 5's encryption,
/// so an encrypted .cbr says it is encrypted instead of failing on its data, and a part of a
/// split archive, which says it is one.
@Suite struct RARHeadersTests {
    static let image = LibraryFixtures.bmp(width: 4, height: 6)

    static func walk(_ data: Data) -> RARHeaders.Found? {
        let bytes = [UInt8](data)
        return RARHeaders.walk { offset, count in
            guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
            return Array(bytes[offset..<min(bytes.count, offset + count)])
        }
    }

    @Test func theEncryptedFilesAreFoundByName() {
        let archive = ArchiveWriter.rar5([("a.bmp", Self.image, false), ("pages/b.bmp", Self.image, true), ("c.bmp", Self.image, true)])
        #expect(Self.walk(archive) == RARHeaders.Found(encryptedFiles: ["pages/b.bmp", "c.bmp"]))
        #expect(Self.walk(ArchiveWriter.rar5([("a.bmp", Self.image, false)]))?.isEncrypted == false)
        #expect(Self.walk(ArchiveWriter.rar5([], encryptedHeaders: true)) == RARHeaders.Found(headersEncrypted: true))
    }

    @Test func anythingElseIsNoRARAndDamageEndsTheWalk() throws {
        #expect(Self.walk(ArchiveWriter.rar([("a.bmp", Self.image)])) == RARHeaders.Found())  // RAR 4: nothing to say
        #expect(Self.walk(Data("PK\u{3}\u{4}".utf8)) == nil)
        #expect(Self.walk(Data()) == nil)
        let archive = ArchiveWriter.rar5([("a.bmp", Self.image, true), ("b.bmp", Self.image, true)])
        // Cut anywhere, the walk finds what comes before the cut, in order, and nothing else.
        #expect(Self.walk(archive)?.encryptedFiles == ["a.bmp", "b.bmp"])
        for end in stride(from: 8, to: archive.count, by: 7) {
            let found = try #require(Self.walk(archive.prefix(end)))
            #expect(["a.bmp", "b.bmp"].starts(with: found.encryptedFiles), "cut at \(end): \(found.encryptedFiles)")
        }
        // A header that claims more than RAR 5 allows, or a number that never ends.
        var huge = Data(RARHeaders.signature) + Data([0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F])
        #expect(Self.walk(huge) == RARHeaders.Found())
        huge = Data(RARHeaders.signature) + Data([0, 0, 0, 0]) + Data(repeating: 0xFF, count: 20)
        #expect(Self.walk(huge) == RARHeaders.Found())
    }

    @Test func aPartOfASplitArchiveIsFound() {
        let pages: [(name: String, data: Data, encrypted: Bool)] = [("a.bmp", Self.image, false)]
        #expect(Self.walk(ArchiveWriter.rar5(pages))?.volume == nil)
        #expect(Self.walk(ArchiveWriter.rar5(pages, volume: 1))?.volume == 1)
        #expect(Self.walk(ArchiveWriter.rar5(pages, volume: 3))?.volume == 3)
        #expect(Self.walk(ArchiveWriter.rar([("a.bmp", Self.image)]))?.volume == nil)
        #expect(Self.walk(ArchiveWriter.rar([("a.bmp", Self.image)], volume: 1))?.volume == 1)
        #expect(Self.walk(ArchiveWriter.rar([("a.bmp", Self.image)], volume: 2))?.volume == 0)  // RAR 4 does not say which
    }

    /// A part of a split .cbr is refused in one sentence that says so, not with libarchive's
    /// reason for the data it cannot find, and not listed as a short book.
    @Test func aPartOfASplitArchiveSaysSo() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases: [(String, Data, String)] = [
            ("first.cbr", ArchiveWriter.rar([("a.bmp", Self.image)], volume: 1), "is the first part"),
            ("later.cbr", ArchiveWriter.rar([("b.bmp", Self.image)], volume: 2), "is one part"),
            ("third.cbr", ArchiveWriter.rar5([("c.bmp", Self.image, false)], volume: 3), "is part 3"),
        ]
        for (name, data, which) in cases {
            let url = dir.appendingPathComponent(name)
            try data.write(to: url)
            #expect { try LibraryLoader.load(url.path) } throws: { error in
                (error as? FolioError)?.message == "\(url.path): \(which) of a RAR archive split into several files; Folio reads only archives in one file."
            }
        }
        let whole = dir.appendingPathComponent("whole.cbr")
        try ArchiveWriter.rar([("a.bmp", Self.image)]).write(to: whole)
        #expect(try LibraryLoader.load(whole.path).library.books.count == 1)
    }

    /// A .cbr whose second image is encrypted: listed as encrypted, the book keeps the other
    /// and says one is encrypted; one whose every image is says its images are; one whose
    /// headers are encrypted says it is encrypted.
    @Test func anEncryptedRAR5IsNamedEncrypted() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let partly = dir.appendingPathComponent("partly.cbr")
        try ArchiveWriter.rar5([("a.bmp", Self.image, false), ("b.bmp", Self.image, true)]).write(to: partly)
        #expect(try ArchiveReader.list(partly.path).map(\.encrypted) == [false, true])
        let loaded = try LibraryLoader.load(partly.path)
        let sources = loaded.library.books.flatMap { [$0.cover] + $0.pages }
        #expect(sources.count == 1 && sources.allSatisfy { if case .archiveEntry(_, "a.bmp") = $0 { true } else { false } }, "\(sources)")
        #expect(loaded.problems.map(\.message) == ["1 image is encrypted; Folio reads no encrypted entries."])
        let locked = dir.appendingPathComponent("locked.cbr")
        try ArchiveWriter.rar5([("a.bmp", Self.image, true), ("b.bmp", Self.image, true)]).write(to: locked)
        #expect { try LibraryLoader.load(locked.path) } throws: { ($0 as? FolioError)?.message == "\(locked.path): its images are encrypted." }
        let hidden = dir.appendingPathComponent("hidden.cbr")
        try ArchiveWriter.rar5([], encryptedHeaders: true).write(to: hidden)
        #expect { try LibraryLoader.load(hidden.path) } throws: { ($0 as? FolioError)?.cause == .encrypted }
    }
}
