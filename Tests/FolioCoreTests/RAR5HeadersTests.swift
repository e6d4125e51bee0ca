import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
import FolioSamples

/// RAR 5's encryption, which libarchive 3.6 does not report: found in the headers, so an
/// encrypted .cbr says it is encrypted instead of failing on its data.
@Suite struct RAR5HeadersTests {
    static let image = LibraryFixtures.bmp(width: 4, height: 6)

    static func walk(_ data: Data) -> RAR5Headers.Found? {
        let bytes = [UInt8](data)
        return RAR5Headers.walk { offset, count in
            guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
            return Array(bytes[offset..<min(bytes.count, offset + count)])
        }
    }

    @Test func theEncryptedFilesAreFoundByName() {
        let archive = ArchiveWriter.rar5([("a.bmp", Self.image, false), ("pages/b.bmp", Self.image, true), ("c.bmp", Self.image, true)])
        #expect(Self.walk(archive) == RAR5Headers.Found(encryptedFiles: ["pages/b.bmp", "c.bmp"]))
        #expect(Self.walk(ArchiveWriter.rar5([("a.bmp", Self.image, false)]))?.isEncrypted == false)
        #expect(Self.walk(ArchiveWriter.rar5([], encryptedHeaders: true)) == RAR5Headers.Found(headersEncrypted: true))
    }

    @Test func anythingElseIsNoRAR5AndDamageEndsTheWalk() {
        #expect(Self.walk(ArchiveWriter.rar([("a.bmp", Self.image)])) == nil)  // RAR 4
        #expect(Self.walk(Data()) == nil)
        let archive = ArchiveWriter.rar5([("a.bmp", Self.image, true), ("b.bmp", Self.image, true)])
        // Cut anywhere, the walk finds what comes before the cut and never reads past it.
        for end in stride(from: 8, to: archive.count, by: 7) {
            #expect((Self.walk(archive.prefix(end))?.encryptedFiles.count ?? -1) <= 2)
        }
        // A header that claims more than RAR 5 allows, or a number that never ends.
        var huge = Data(RAR5Headers.signature) + Data([0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F])
        #expect(Self.walk(huge) == RAR5Headers.Found())
        huge = Data(RAR5Headers.signature) + Data([0, 0, 0, 0]) + Data(repeating: 0xFF, count: 20)
        #expect(Self.walk(huge) == RAR5Headers.Found())
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
