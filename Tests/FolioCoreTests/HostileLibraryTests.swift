import Foundation
import Testing
import FolioTestFixtures
@testable import FolioCore
@testable import FolioLibrary

/// Archives and folders built to hurt: lying headers, FIFOs, bombs, links out of the library.
/// Each ends in one sentence naming the file, and the rest of the library still loads.
@Suite struct HostileLibraryTests {
    static let image = LibraryFixtures.bmp(width: 4, height: 6)

    /// A ZIP whose end record points through a ZIP64 locator at offset 2^63.
    static func zip64Liar() -> Data {
        var d = Data()
        func le16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        func le32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        func le64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        // ZIP64 end-of-central-directory locator: the record is "at" 2^63.
        le32(0x0706_4B50); le32(0); le64(1 << 63); le32(1)
        // End of central directory, every field saying "see ZIP64".
        le32(0x0605_4B50); le16(0xFFFF); le16(0xFFFF); le16(0xFFFF); le16(0xFFFF)
        le32(0xFFFF_FFFF); le32(0xFFFF_FFFF); le16(0)
        return d
    }

    @Test func aZip64HeaderPointingPastTheFileIsOneSentenceAndTheRestOfTheFolderLoads() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let liar = dir.appendingPathComponent("liar.cbz")
        try Self.zip64Liar().write(to: liar)
        try LibraryFixtures.zip([("a.bmp", Self.image), ("b.bmp", Self.image)], to: dir.appendingPathComponent("good.cbz"))
        #expect { try LibraryLoader.load(liar.path) } throws: { error in
            let message = (error as? FolioError)?.message ?? ""
            return message.hasPrefix(liar.path + ": ") && message.hasSuffix(".") && !message.contains("()")
        }
        let folder = try LibraryLoader.load(dir.path)
        #expect(folder.library.books.map(\.title) == ["good"])
        #expect(folder.problems.contains { $0.file == liar.path && $0.message.hasSuffix("skipped.") })
    }

    /// A ZIP whose end declares (through ZIP64) `entries` entries: a record, its locator and
    /// the plain end record, each where the format puts them.
    static func zip64Declaring(_ entries: UInt64) -> Data {
        var d = Data()
        func le16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        func le32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        func le64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        le32(0x0606_4B50); le64(44); le16(45); le16(45); le32(0); le32(0); le64(entries); le64(entries); le64(0); le64(0)
        le32(0x0706_4B50); le32(0); le64(0); le32(1)
        le32(0x0605_4B50); le16(0); le16(0); le16(0xFFFF); le16(0xFFFF); le32(0xFFFF_FFFF); le32(0xFFFF_FFFF); le16(0)
        return d
    }

    /// A ZIP that says it holds a million entries is refused by that count, in a sentence that
    /// says so (not called damaged after libarchive ran out of memory on its directory); one
    /// that declares what a comic holds is read as before.
    /// An empty file, bytes of no archive and a cut ZIP each get a sentence a reader reads:
    /// no libarchive jargon ("unrecognized archive format") and no parenthesis in another.
    @Test func archivesThatAreNoneOrCutAreSaidSoPlainly() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-plain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty.cbz"), text = dir.appendingPathComponent("text.cbz"), cut = dir.appendingPathComponent("cut.cbz")
        try Data().write(to: empty)
        try Data(String(repeating: "not an archive ", count: 20).utf8).write(to: text)
        try ArchiveFixture.write([("p1.bmp", Self.image), ("p2.bmp", Self.image)], to: cut)
        let whole = try Data(contentsOf: cut)
        try whole.prefix(whole.count / 2).write(to: cut)
        #expect { try ArchiveReader.list(empty.path) } throws: { ($0 as? FolioError)?.message == "\(empty.path): is empty (0 bytes); it holds no archive." }
        #expect { try ArchiveReader.list(text.path) } throws: {
            ($0 as? FolioError)?.message == "\(text.path): is not a readable archive (it is not a ZIP, RAR, 7z or tar archive)."
        }
        #expect { try ArchiveReader.list(cut.path) } throws: { error in
            let message = (error as? FolioError)?.message ?? ""
            return message.hasPrefix("\(cut.path): ") && message.filter { $0 == "(" }.count == 1 && message.hasSuffix(").")
        }
    }

    @Test func aZipDeclaringMoreEntriesThanFolioListsIsRefusedByItsCount() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let huge = dir.appendingPathComponent("huge.cbz")
        try Self.zip64Declaring(1_000_000).write(to: huge)
        #expect { try ArchiveReader.list(huge.path) } throws: { error in
            (error as? FolioError)?.message == "\(huge.path): holds 1,000,000 entries, more than the 100,000 Folio lists; refused."
                && (error as? FolioError)?.cause == .tooLarge
        }
        let fd = open(huge.path, O_RDONLY)
        defer { close(fd) }
        #expect(ZipDirectory.declaredEntries(fd, size: SafeFile.size(fd)) == 1_000_000)
        let good = dir.appendingPathComponent("good.cbz")
        try LibraryFixtures.zip([("a.bmp", Self.image), ("b.bmp", Self.image)], to: good)
        let gfd = open(good.path, O_RDONLY)
        defer { close(gfd) }
        #expect(ZipDirectory.declaredEntries(gfd, size: SafeFile.size(gfd)) == 2)
        #expect(try ArchiveReader.list(good.path).count == 2)
    }

    /// A page and an archive of a loaded library are swapped for links to files outside it:
    /// neither is read through the link, each refusal names the file; a book named by a link
    /// on the command line still reads (it is kept by its real path).
    @Test func aFileSwappedForALinkAfterLoadingIsNotReadThroughIt() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let library = dir.appendingPathComponent("library")
        let secret = LibraryFixtures.bmp(width: 7, height: 3, rgb: (1, 2, 3))
        try LibraryFixtures.write(secret, to: dir.appendingPathComponent("outside/secret.bmp"))
        try LibraryFixtures.zip([("a.bmp", secret)], to: dir.appendingPathComponent("outside/secret.cbz"))
        try LibraryFixtures.write(Self.image, to: library.appendingPathComponent("book/a.bmp"))
        try LibraryFixtures.write(Self.image, to: library.appendingPathComponent("book/b.bmp"))
        try LibraryFixtures.zip([("a.bmp", Self.image), ("b.bmp", Self.image)], to: library.appendingPathComponent("comic.cbz"))
        let loaded = try LibraryLoader.load(library.path).library
        let page = try #require(loaded.books.first { $0.title == "book" }?.pages.first ?? nil)
        let entry = try #require(loaded.books.first { $0.title == "comic" }?.pages.first ?? nil)
        guard case .file(let pagePath) = page, case .archiveEntry(let archive, _) = entry else {
            Issue.record("unexpected sources \(page), \(entry)")
            return
        }
        #expect(try ImageReader().data(for: page) == Self.image, "read as loaded")
        for (path, target) in [(pagePath, "outside/secret.bmp"), (archive, "outside/secret.cbz")] {
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: dir.appendingPathComponent(target).path)
        }
        for source in [page, entry] {
            #expect { try ImageReader().data(for: source) } throws: { error in
                let text = (error as? ImageReader.Failure)?.description ?? ""
                return text.contains("is now a symbolic link") && text.hasSuffix("refused.")
            }
        }
        #expect(throws: (any Error).self) { try ImageReader().descriptor(forFile: pagePath) }

        // A folder on the way swapped for a link to a folder of the same names: refused too.
        let other = try #require(loaded.books.first { $0.title == "book" }?.pages.last ?? nil)
        let folder = SafeFile.folder(of: pagePath)
        try FileManager.default.moveItem(atPath: folder, toPath: dir.appendingPathComponent("moved").path)
        try LibraryFixtures.write(secret, to: dir.appendingPathComponent("outside/book/a.bmp"))
        try LibraryFixtures.write(secret, to: dir.appendingPathComponent("outside/book/b.bmp"))
        try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: dir.appendingPathComponent("outside/book").path)
        #expect { try ImageReader().data(for: other) } throws: { error in
            ((error as? ImageReader.Failure)?.description ?? "").contains("is now reached through a symbolic link")
        }

        // Named by a link from the start: kept by its real path, and read.
        let link = dir.appendingPathComponent("link.cbz")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: dir.appendingPathComponent("outside/secret.cbz").path)
        let one = try #require(LibraryLoader.load(link.path).library.books.first)
        #expect(try ImageReader().data(for: try #require(one.cover)) == secret)
    }

    @Test func aFifoNamedLikeAnArchiveOrAnImageIsRefusedWithoutBlocking() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("x.cbz")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        try LibraryFixtures.zip([("a.bmp", Self.image), ("b.bmp", Self.image)], to: dir.appendingPathComponent("good.cbz"))
        // Alone: one sentence. (A blocking open would hang here and fail the run.)
        #expect { try LibraryLoader.load(fifo.path) } throws: { ($0 as? FolioError)?.message.contains("FIFO") == true }
        // In a folder library: skipped with a problem, the good book loads.
        let folder = try LibraryLoader.load(dir.path)
        #expect(folder.library.books.map(\.title) == ["good"])
        #expect(folder.problems.contains { $0.file == fifo.path && $0.message.contains("a FIFO") })
        // A FIFO page inside a book folder is never opened either.
        let book = dir.appendingPathComponent("book")
        try LibraryFixtures.write(Self.image, to: book.appendingPathComponent("a.bmp"))
        #expect(mkfifo(book.appendingPathComponent("b.bmp").path, 0o600) == 0)
        let pages = try LibraryLoader.load(book.path)
        #expect(pages.library.books.first?.pages.isEmpty == true)
        #expect(throws: ImageReader.Failure.self) { try ImageReader().data(for: .file(book.appendingPathComponent("b.bmp").path)) }
    }

    /// A ZIP entry stored with a method libarchive has no decoder for (Deflate64, 9) is
    /// named as unsupported, not as damaged; the entry beside it still reads.
    @Test func anEntryInAnUnsupportedCompressionIsNamedAsSuch() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("deflate64.cbz")
        try LibraryFixtures.archive([("a.bmp", Self.image), ("b.bmp", Self.image)], to: url, options: "zip:compression=store")
        var bytes = [UInt8](try Data(contentsOf: url))
        // The method of b.bmp, in its local header (offset 8) and its central entry (offset 10).
        func offsets(of signature: [UInt8]) -> [Int] {
            (0...(bytes.count - 4)).filter { Array(bytes[$0..<$0 + 4]) == signature }
        }
        let local = try #require(offsets(of: [0x50, 0x4B, 0x03, 0x04]).last)
        let central = try #require(offsets(of: [0x50, 0x4B, 0x01, 0x02]).last)
        bytes[local + 8] = 9
        bytes[central + 10] = 9
        try Data(bytes).write(to: url)
        #expect(try ArchiveReader.read(url.path, entry: "a.bmp") == Self.image)
        #expect { try ArchiveReader.read(url.path, entry: "b.bmp") } throws: { error in
            let error = error as? FolioError
            return error?.cause == .unsupported && error?.message.contains("compressed in a way Folio cannot read") == true
                && error?.message.contains("deflate64") == true
        }
    }

    @Test func fourThousandEntriesListInOnePassAndTheLastReads() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("many.cbz")
        let entries = (0..<4000).map { ("p\($0).bmp", Data([UInt8($0 & 255)])) }
        try LibraryFixtures.archive(entries, to: url, options: "zip:compression=store")
        let listed = try ArchiveReader.list(url.path)
        #expect(listed.map(\.path) == entries.map(\.0))
        #expect(try ArchiveReader.read(url.path, entry: "p3999.bmp") == Data([UInt8(3999 & 255)]))
    }

    @Test func anEntryInflatingPastItsBoundIsRefusedWhateverItsHeaderSays() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("bomb.cbz")
        try LibraryFixtures.archive([("page.bmp", Data(count: 8 << 20))], to: url)
        // Make the central directory declare 100 bytes for the 8 MB entry.
        var bytes = [UInt8](try Data(contentsOf: url))
        let signature: [UInt8] = [0x50, 0x4B, 0x01, 0x02]
        let cd = try #require((0..<(bytes.count - 4)).last { Array(bytes[$0..<($0 + 4)]) == signature })
        bytes.replaceSubrange((cd + 24)..<(cd + 28), with: [100, 0, 0, 0])
        try Data(bytes).write(to: url)
        #expect { try ArchiveReader.read(url.path, entry: "page.bmp", limit: 1 << 20) } throws: { error in
            let message = (error as? FolioError)?.message ?? ""
            return message.hasPrefix("\(url.path): page.bmp: ") && (message.contains("more than 1 MB") || message.contains("damaged"))
        }
    }

    @Test func encryptedEntriesAreNamedEncrypted() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("locked.cbz")
        try LibraryFixtures.archive([("a.bmp", Self.image), ("b.bmp", Self.image)], to: url,
                                    options: "zip:encryption=zipcrypt", passphrase: "secret")
        #expect(try ArchiveReader.list(url.path).allSatisfy(\.encrypted))
        #expect { try LibraryLoader.load(url.path) } throws: { ($0 as? FolioError)?.message == "\(url.path): its images are encrypted." }
        #expect { try ArchiveReader.read(url.path, entry: "a.bmp") } throws: { ($0 as? FolioError)?.message.contains("encrypted") == true }
    }

    /// However a ZIP is encrypted (stored or compressed, ZipCrypto or AES), opening it says
    /// it is encrypted, whether libarchive lists it or stops at its first entry.
    @Test(arguments: ["zip:encryption=zipcrypt,zip:compression=store", "zip:encryption=aes256",
                      "zip:encryption=aes128,zip:compression=store"])
    func everyEncryptedZipIsCalledEncrypted(options: String) throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("locked.cbz")
        try LibraryFixtures.archive([("a.bmp", Self.image), ("b.bmp", Self.image)], to: url, options: options, passphrase: "secret")
        #expect { try LibraryLoader.load(url.path) } throws: { error in
            let message = (error as? FolioError)?.message ?? "\(error)"
            return message.hasPrefix(url.path + ": ") && message.contains("encrypted")
        }
    }

    /// A comic tar compressed as tars are (gzip, bzip2, xz, zstd, and lzip, lz4 and the old
    /// compress) opens in order, each by libarchive's own decompressor.
    @Test(arguments: ["gzip", "bzip2", "xz", "zstd", "lzip", "lz4", "compress"])
    func aCompressedTarComicOpens(filter: String) throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("packed.cbt")
        try ArchiveFixture.write([("p1.bmp", Self.image), ("p2.bmp", Self.image), ("p3.bmp", Self.image)], to: url, format: .tar, filter: filter)
        let book = try #require(try LibraryLoader.load(url.path).library.books.first)
        #expect(book.pages.count == 2, "\(filter)")
        let page = try #require(book.pages.last ?? nil)
        #expect(try ImageReader().data(for: page) == Self.image, "\(filter)")
    }

    /// LZ4 and zstd streams may begin with skippable frames, whose magic the two formats share:
    /// a .tar.lz4 led by two of them opened as zstd and was refused with zstd's words; the
    /// frame after them decides, and a .tar.zst led by one still opens as zstd.
    @Test(arguments: ["lz4", "zstd"])
    func aCompressedTarLedBySkippableFramesOpens(filter: String) throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("packed.cbt")
        try ArchiveFixture.write([("p1.bmp", Self.image), ("p2.bmp", Self.image)], to: url, format: .tar, filter: filter)
        func skippable(_ nibble: UInt8, _ payload: [UInt8]) -> [UInt8] {
            let n = payload.count
            return [0x50 | nibble, 0x2A, 0x4D, 0x18, UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), 0, 0] + payload
        }
        let led = Data(skippable(0, Array("note".utf8)) + skippable(0xF, [UInt8](repeating: 7, count: 300))) + (try Data(contentsOf: url))
        try led.write(to: url)
        let book = try #require(try LibraryLoader.load(url.path).library.books.first)
        #expect(book.pages.count == 1, "\(filter)")
        let page = try #require(book.pages.last ?? nil)
        #expect(try ImageReader().data(for: page) == Self.image, "\(filter)")
    }

    @Test func aStoredEntryWithAWrongCRCIsReported() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("crc.cbz")
        let payload = Data(repeating: 0x41, count: 64)
        try LibraryFixtures.archive([("a.bmp", payload)], to: url, options: "zip:compression=store")
        var bytes = [UInt8](try Data(contentsOf: url))
        let at = try #require((0..<(bytes.count - 64)).first { Array(bytes[$0..<($0 + 64)]) == [UInt8](payload) })
        bytes[at + 10] = 0x42
        try Data(bytes).write(to: url)
        #expect { try ImageReader().data(for: .archiveEntry(archive: url.path, entry: "a.bmp")) } throws: { error in
            guard let failure = error as? ImageReader.Failure else { return false }
            return failure.cause == .unreadable && failure.description.lowercased().contains("crc")
        }
    }

    @Test func linksOutOfAFolderLibraryAreRefused() throws {
        let root = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = root.appendingPathComponent("outside")
        try LibraryFixtures.write(Self.image, to: outside.appendingPathComponent("secret.bmp"))
        try LibraryFixtures.zip([("a.bmp", Self.image)], to: outside.appendingPathComponent("secret.cbz"))
        let lib = root.appendingPathComponent("lib")
        let book = lib.appendingPathComponent("Book")
        try LibraryFixtures.write(Self.image, to: book.appendingPathComponent("a.bmp"))
        try LibraryFixtures.write(Self.image, to: book.appendingPathComponent("b.bmp"))
        try FileManager.default.createSymbolicLink(atPath: book.appendingPathComponent("c.bmp").path, withDestinationPath: outside.appendingPathComponent("secret.bmp").path)
        try FileManager.default.createSymbolicLink(atPath: lib.appendingPathComponent("Linked.cbz").path, withDestinationPath: outside.appendingPathComponent("secret.cbz").path)
        try FileManager.default.createSymbolicLink(atPath: lib.appendingPathComponent("Elsewhere").path, withDestinationPath: outside.path)
        let result = try LibraryLoader.load(lib.path)
        #expect(result.library.books.map(\.title) == ["Book"])
        let shown = result.library.books[0].pages.compactMap { $0?.name } + [result.library.books[0].cover?.name ?? ""]
        #expect(!shown.contains { $0.contains("secret") })
        #expect(result.problems.filter { $0.message.contains("leads outside the library folder") }.count == 3)
    }

    /// RAR is written by hand (stored entries, RAR 4): no free tool writes it.
    @Test(arguments: [(LibraryFixtures.ArchiveFormat.tar, "cbt"), (.sevenZip, "cb7"), (.rar, "cbr")])
    func tarAnd7zAndRARComicsOpenInNaturalOrder(format: LibraryFixtures.ArchiveFormat, ext: String) throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("Comic.\(ext)")
        try LibraryFixtures.archive([("p10.bmp", Self.image), ("p2.bmp", Self.image), ("p1.bmp", Self.image)], to: url, format: format)
        let book = try #require(try LibraryLoader.load(url.path).library.books.first)
        #expect(book.cover == .archiveEntry(archive: url.path, entry: "p1.bmp"))
        #expect(book.pages == [.archiveEntry(archive: url.path, entry: "p2.bmp"), .archiveEntry(archive: url.path, entry: "p10.bmp")])
        #expect(try ImageReader().data(for: book.pages[1]!) == Self.image)
    }

    /// Found by FuzzLibrary: Foundation's binary plist reader crashes on this (a set holding
    /// a dangling reference). Binary plists are refused before any parser sees them.
    @Test func aCraftedBinaryPlistIsRefusedUnparsed() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let crash = "YnBsaXN0MDChAcMCAwQFBgdVYm8oZXJVcGFnZXNVdGl0bGUQYTBibXCg/1FUCAoRFx0jKSsAAAAAAAABAQAAAAAAAAAIAAAAAAAAAAAAAAAAAAAALQ=="
        let url = dir.appendingPathComponent("Books.plist")
        try #require(Data(base64Encoded: crash)).write(to: url)
        #expect { try LibraryLoader.load(dir.path) } throws: { ($0 as? FolioError)?.message.contains("is a binary property list") == true }
        try Data("{ title = x; }".utf8).write(to: url)
        #expect { try LibraryLoader.load(dir.path) } throws: { ($0 as? FolioError)?.message == "\(url.path): is not an XML property list." }
    }
}
