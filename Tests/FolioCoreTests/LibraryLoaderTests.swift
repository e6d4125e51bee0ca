import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

@Suite struct LibraryLoaderTests {
    static let image = LibraryFixtures.bmp(width: 8, height: 12)

    func names(_ book: Book) -> [String] {
        book.pages.map { source -> String in
            switch source {
            case .file(let path)?: return (path as NSString).lastPathComponent
            case .archiveEntry(_, let entry)?: return (entry as NSString).lastPathComponent
            default: return "?"
            }
        }
    }

    func coverName(_ book: Book) -> String? {
        switch book.cover {
        case .file(let path)?: return (path as NSString).lastPathComponent
        case .archiveEntry(_, let entry)?: return (entry as NSString).lastPathComponent
        default: return nil
        }
    }

    @Test func naturalOrderPutsPage2BeforePage10() {
        let sorted = ["page10.png", "page2.png", "Page1.png", "page02b.png", "cover.png"].sorted(by: naturalLess)
        #expect(sorted == ["cover.png", "Page1.png", "page2.png", "page02b.png", "page10.png"])
        #expect(naturalLess("a9", "a10"))
        #expect(!naturalLess("a10", "a9"))
        #expect(!naturalLess("x", "x"))
    }

    @Test func booksPlistAndAFolderHoldingOne() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["c.bmp", "p1.bmp", "p2.bmp"] { try LibraryFixtures.write(Self.image, to: dir.appendingPathComponent("art/\(name)")) }
        try LibraryFixtures.plist([["title": "One", "cover": "art/c.bmp", "pages": ["art/p1.bmp", "art/p2.bmp"]]],
                                  to: dir.appendingPathComponent("Books.plist"))
        for path in [dir.appendingPathComponent("Books.plist").path, dir.path] {
            let result = try LibraryLoader.load(path)
            #expect(result.problems.isEmpty)
            #expect(result.library.books.map(\.title) == ["One"])
            #expect(names(result.library.books[0]) == ["p1.bmp", "p2.bmp"])
            #expect(coverName(result.library.books[0]) == "c.bmp")
        }
    }

    @Test func aFolderOfBookFoldersInNaturalOrderWithCovers() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["page10.bmp", "page2.bmp", "page1.bmp", "cover.bmp", "notes.txt"] {
            try LibraryFixtures.write(Self.image, to: dir.appendingPathComponent("Beta/\(name)"))
        }
        for name in ["b.bmp", "a.bmp"] { try LibraryFixtures.write(Self.image, to: dir.appendingPathComponent("Alpha/\(name)")) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        let result = try LibraryLoader.load(dir.path)
        #expect(result.library.books.map(\.title) == ["Alpha", "Beta"])
        let beta = result.library.books[1]
        #expect(coverName(beta) == "cover.bmp")
        #expect(names(beta) == ["page1.bmp", "page2.bmp", "page10.bmp"])
        // Without a cover.* file the first image is the cover.
        #expect(coverName(result.library.books[0]) == "a.bmp")
        #expect(names(result.library.books[0]) == ["b.bmp"])
        #expect(result.problems.contains { $0.file.hasSuffix("Empty") && $0.message.contains("empty book") })
    }

    @Test func aFolderOfCBZFilesAndASingleCBZReadInPlace() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let comic = dir.appendingPathComponent("Comic.cbz")
        try LibraryFixtures.zip([("ch1/p10.bmp", Self.image), ("ch1/p9.bmp", Self.image), ("ch1/p1.bmp", Self.image),
                                 ("ComicInfo.xml", Data("<x/>".utf8)), ("__MACOSX/ch1/._p1.bmp", Self.image)], to: comic)
        try LibraryFixtures.zip([("a.bmp", Self.image), ("b.bmp", Self.image)], to: dir.appendingPathComponent("Another.cbz"))
        let folder = try LibraryLoader.load(dir.path)
        #expect(folder.library.books.map(\.title) == ["Another", "Comic"])
        let single = try LibraryLoader.load(comic.path)
        #expect(single.library.books.count == 1)
        let book = single.library.books[0]
        #expect(book.title == "Comic")
        #expect(coverName(book) == "p1.bmp")
        #expect(names(book) == ["p9.bmp", "p10.bmp"])
        // ComicInfo.xml is a comic's own metadata, skipped in silence; __MACOSX is skipped too.
        #expect(single.problems.isEmpty, "\(single.problems)")
        // Entries are read from the archive, not from extracted files.
        let bytes = try ImageReader().data(for: book.pages[0]!)
        #expect(bytes == Self.image)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["Another.cbz", "Comic.cbz"])
    }

    @Test func aSingleFolderOfImagesIsOneBook() throws {
        let dir = try LibraryFixtures.directory().appendingPathComponent("Holiday")
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        for name in ["IMG_12.bmp", "IMG_3.bmp", "IMG_1.bmp"] { try LibraryFixtures.write(Self.image, to: dir.appendingPathComponent(name)) }
        let result = try LibraryLoader.load(dir.path)
        #expect(result.library.books.map(\.title) == ["Holiday"])
        #expect(coverName(result.library.books[0]) == "IMG_1.bmp")
        #expect(names(result.library.books[0]) == ["IMG_3.bmp", "IMG_12.bmp"])
    }

    @Test func pathsOutsideTheLibraryFolderAreRefused() throws {
        let root = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let lib = root.appendingPathComponent("lib")
        try LibraryFixtures.write(Self.image, to: root.appendingPathComponent("secret.bmp"))
        try LibraryFixtures.write(Self.image, to: lib.appendingPathComponent("ok.bmp"))
        try LibraryFixtures.plist([["title": "T", "cover": "ok.bmp", "pages": ["../secret.bmp", "/etc/hostname", "ok.bmp"]]],
                                  to: lib.appendingPathComponent("Books.plist"))
        let result = try LibraryLoader.load(lib.path)
        let pages = result.library.books[0].pages
        #expect(pages[0] == .unavailable(cause: .refused, name: "../secret.bmp"))
        #expect(pages[1] == .unavailable(cause: .refused, name: "/etc/hostname"))
        if case .file = pages[2] {} else { Issue.record("ok.bmp should load") }
        #expect(result.problems.filter { $0.message.contains("outside the library folder") }.count == 2)
        #expect(throws: ImageReader.Failure.self) { try ImageReader().data(for: pages[0]!) }
    }

    @Test func entriesOfTheWrongShapeAreSkippedAndTheRestLoads() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try LibraryFixtures.write(Self.image, to: dir.appendingPathComponent("a.bmp"))
        try LibraryFixtures.plist([
            ["title": 42, "pages": ["a.bmp"]],
            ["title": "No pages", "pages": "a.bmp"],
            "not a dictionary",
            ["title": "Good", "cover": "a.bmp", "pages": ["a.bmp", "missing.bmp"]],
        ], to: dir.appendingPathComponent("Books.plist"))
        let result = try LibraryLoader.load(dir.path)
        #expect(result.library.books.map(\.title) == ["Good"])
        #expect(result.problems.contains { $0.message.contains("entry 0") && $0.message.contains("title is not a string") })
        #expect(result.problems.contains { $0.message.contains("entry 1") && $0.message.contains("pages is not a list") })
        #expect(result.problems.contains { $0.message.contains("entry 2") && $0.message.contains("not a dictionary") })
        #expect(result.problems.contains { $0.file.hasSuffix("missing.bmp") && $0.message.contains("missing file") })
        #expect(result.library.books[0].pages[1] == .unavailable(cause: .missing, name: dir.appendingPathComponent("missing.bmp").resolvingSymlinksInPath().path))
    }

    @Test func unreadableLibrariesThrowOneSentenceNamingTheFile() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("Books.plist")
        try Data("{ this is not a plist".utf8).write(to: bad)
        #expect { try LibraryLoader.load(bad.path) } throws: { ($0 as? FolioError)?.message.contains(bad.path) == true }
        #expect { try LibraryLoader.load(dir.appendingPathComponent("nope").path) } throws: { ($0 as? FolioError)?.message.contains("no such file") == true }
        let notZip = dir.appendingPathComponent("x.cbz")
        try Data("garbage".utf8).write(to: notZip)
        #expect { try LibraryLoader.load(notZip.path) } throws: { ($0 as? FolioError)?.message.contains("x.cbz") == true }
    }

    @Test func headersOfTheFormatsSDLDecodesGiveSizesWithoutDecoding() throws {
        let bmp = LibraryFixtures.bmp(width: 8, height: 12)
        #expect(ImageHeader.sniff(bmp, fileExtension: "bmp") == .bmp)
        #expect(try #require(ImageHeader.size(of: bmp, format: .bmp)) == (8, 12))
        // TGA has no magic: recognised by extension and a plausible header only.
        var tga = Data(count: 18)
        tga[2] = 2; tga[12] = 0x20; tga[13] = 0x03; tga[14] = 0x58; tga[15] = 0x02; tga[16] = 32
        #expect(ImageHeader.sniff(tga, fileExtension: "tga") == .tga)
        #expect(ImageHeader.sniff(tga, fileExtension: "png") == nil)
        #expect(try #require(ImageHeader.size(of: tga, format: .tga)) == (800, 600))
        let qoi = Data("qoif".utf8) + Data([0, 0, 0x4E, 0x20, 0, 0, 0, 10, 4, 0])
        #expect(ImageHeader.sniff(qoi, fileExtension: "x") == .qoi)
        #expect(try #require(ImageHeader.size(of: qoi, format: .qoi)) == (20000, 10))
        var pcx = Data(count: 128)
        pcx[0] = 0x0A; pcx[1] = 5; pcx[2] = 1; pcx[3] = 8
        pcx[8] = 0x3F; pcx[9] = 0x01; pcx[10] = 0xEF; pcx[11] = 0x00  // xmax 319, ymax 239
        #expect(ImageHeader.sniff(pcx, fileExtension: "pcx") == .pcx)
        #expect(try #require(ImageHeader.size(of: pcx, format: .pcx)) == (320, 240))
        #expect(ImageHeader.size(of: Data([1, 2, 3]), format: .bmp) == nil)
        #expect(ImageHeader.refusal(width: 20000, height: 10) != nil)
        #expect(ImageHeader.refusal(width: 10000, height: 10001) != nil)  // 100.01 MP
        #expect(ImageHeader.refusal(width: 2400, height: 3600) == nil)
        #expect(ImageHeader.refusal(width: 6000, height: 5000, limit: ImageHeader.maxFallbackPixels) != nil)
    }

    /// Random bytes (fixed seed) fed to the plist and CBZ loaders and the header reader never
    /// crash: they load or throw a FolioError naming the file; lightly damaged files can
    /// still load.
    @Test func randomBytesNeverCrashTheLoaders() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var rng = SplitMix64(seed: 0xF011_0)
        let validZip = dir.appendingPathComponent("valid.cbz")
        try LibraryFixtures.zip([("a.bmp", Self.image), ("b.bmp", Self.image)], to: validZip)
        let zipBytes = [UInt8](try Data(contentsOf: validZip))
        let plistBytes = [UInt8](try PropertyListSerialization.data(fromPropertyList: [["title": "T", "cover": "a.bmp", "pages": ["a.bmp"]]], format: .xml, options: 0))
        var loaded = 0, refused = 0
        for i in 0..<300 {
            let kind = i % 3
            var bytes: [UInt8]
            if kind == 0 {
                bytes = (0..<Int.random(in: 0...512, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            } else {
                bytes = kind == 1 ? zipBytes : plistBytes
                for _ in 0..<Int.random(in: 1...12, using: &rng) where !bytes.isEmpty {
                    bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
                if Bool.random(using: &rng) { bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &rng))) }
            }
            let url = dir.appendingPathComponent(i % 2 == 0 ? "f\(i).cbz" : "f\(i).plist")
            try Data(bytes).write(to: url)
            if let format = ImageHeader.sniff(Data(bytes), fileExtension: "tga") { _ = ImageHeader.size(of: Data(bytes), format: format) }
            do {
                let result = try LibraryLoader.load(url.path)
                let reader = ImageReader()
                for book in result.library.books {
                    for page in book.pages.compactMap({ $0 }) { _ = try? reader.data(for: page) }
                }
                loaded += 1
            } catch let error as FolioError {
                refused += 1
                // One sentence that names the file (any other error fails the test by throwing).
                #expect(error.message.contains(url.lastPathComponent), "\(error.message)")
            }
        }
        #expect(refused > 0 && loaded > 0, "loaded \(loaded), refused \(refused)")
    }

    /// Every bundled file is looked for in one order: $FOLIO_ASSETS, then the installed
    /// ../share/folio and Assets/ from the executable's folder upwards, then the working
    /// directory (the library and the fonts were searched in two different orders).
    @Test func bundledFilesAreLookedForInOneOrder() {
        let found = AssetFolders.candidates(environment: ["FOLIO_ASSETS": "/mine"], executable: "/opt/folio/bin/folio",
                                            workingDirectory: "/home/reader")
        #expect(Array(found.prefix(5)) == ["/mine", "/opt/folio/share/folio", "/opt/folio/bin/Assets", "/opt/share/folio", "/opt/folio/Assets"])
        #expect(found.last == "/home/reader/Assets")
        #expect(AssetFolders.candidates(environment: [:], executable: "/opt/folio/bin/folio", workingDirectory: "/w").first
                == "/opt/folio/share/folio")
    }
}
