import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
import FolioThreads

/// The remembered places on disk: the file's form and its limits, where it lives, and
/// atomic replacement.
@Suite struct PlaceStoreTests {
    static func key(_ n: Int) -> BookKey { BookKey(path: "/books/comic \(n).cbz", size: Int64(1000 + n)) }

    static func store() throws -> (PlaceStore, URL) {
        let dir = try LibraryFixtures.directory()
        return (PlaceStore(path: dir.appendingPathComponent("folio/places.json").path), dir)
    }

    static func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// A state file that is a link to something other than a file is named as the user
    /// knows it (the link) and where it leads, not by the target alone.
    @Test func aStateFileLinkedToADeviceIsNamedByItsOwnPath() throws {
        let (store, dir) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(atPath: (store.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: store.path, withDestinationPath: "/dev/null")
        let warning = try #require(store.load().warning)
        #expect(warning.hasPrefix("\(store.path) (a link to /dev/null): is not a regular file"), "\(warning)")
    }

    @Test func aSavedFileReadsBackTheSame() throws {
        let (store, dir) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        var places = Places()
        places.remember(spread: 3, of: Self.key(1))
        places.remember(spread: 0, of: Self.key(2))
        places.remember(spread: 7, of: BookKey(path: "/books/\"quoted\" \u{1b}[31m \\ é.cbz", size: 0))
        places.remember(centred: Self.key(2), on: .bundled)
        try store.save(places)
        let (read, warning) = store.load()
        #expect(warning == nil)
        #expect(read == places)
        #expect(read.spread(of: Self.key(1)) == 3)
        #expect(read.spread(of: BookKey(path: "/books/comic 1.cbz", size: 999)) == nil, "another size is another book")
    }

    @Test func savingReplacesTheFileAndLeavesNoTemporaryFile() throws {
        let (store, dir) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        var places = Places()
        for spread in 0..<5 {
            places.remember(spread: spread, of: Self.key(1))
            try store.save(places)
            #expect(Self.files(in: dir.appendingPathComponent("folio").path) == ["places.json", "places.json.lock"])
            #expect(store.load().places.spread(of: Self.key(1)) == spread)
        }
        // The folder is private to the user, the file too.
        let folder = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("folio").path)
        let file = try FileManager.default.attributesOfItem(atPath: store.path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        #expect((file[.posixPermissions] as? Int) == 0o600)
    }

    /// A viewer of books 1…3 over `store`, started from the file as it is now.
    static func viewer(_ store: PlaceStore) -> PlaceKeeper {
        PlaceKeeper(places: store.load().places, path: { key($0).path }, key: { key($0) })
    }

    /// Two viewers open at once, each turning a different book, both writing: each book
    /// keeps the place it was left at, and a book neither touched keeps its own.
    @Test func twoViewersAtOnceKeepEachOthersPlaces() throws {
        let (store, dir) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        var start = Places()
        for n in 1...3 { start.remember(spread: n, of: Self.key(n)) }
        start.remember(centred: Self.key(3), on: .bundled)
        try store.save(start)
        let first = Self.viewer(store), second = Self.viewer(store)
        first.remember(spread: 10, ofBook: 1)
        first.remember(centred: 1)
        second.remember(spread: 20, ofBook: 2)
        try store.save(first.places)
        try store.save(second.places)
        // The first writes again (it quits last): the second's book is still kept.
        first.remember(spread: 11, ofBook: 1)
        try store.save(first.places)
        let read = store.load().places
        #expect(read.spread(of: Self.key(1)) == 11)
        #expect(read.spread(of: Self.key(2)) == 20)
        #expect(read.spread(of: Self.key(3)) == 3)
        #expect(read.centred(on: .bundled) == Self.key(1))
    }

    /// The same book turned in both viewers: the one that writes last wins, whichever.
    @Test(arguments: [false, true])
    func theSameBookInTwoViewersTakesTheLastWrite(secondWritesLast: Bool) throws {
        let (store, dir) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = Self.viewer(store), second = Self.viewer(store)
        first.remember(spread: 4, ofBook: 1)
        second.remember(spread: 8, ofBook: 1)
        let order = secondWritesLast ? [first, second] : [second, first]
        for viewer in order { try store.save(viewer.places) }
        #expect(store.load().places.spread(of: Self.key(1)) == (secondWritesLast ? 8 : 4))
    }

    /// Only what a viewer changed is laid over the file: a book it left at the spread it
    /// opened at keeps what another viewer wrote since.
    @Test func aBookLeftWhereItWasTakesTheOtherViewersPlace() throws {
        let (store, dir) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        var start = Places()
        start.remember(spread: 5, of: Self.key(1))
        try store.save(start)
        let first = Self.viewer(store), second = Self.viewer(store)
        second.remember(spread: 9, ofBook: 1)
        try store.save(second.places)
        first.remember(spread: 5, ofBook: 1)  // opened and closed where it was
        first.remember(spread: 2, ofBook: 2)
        try store.save(first.places)
        let read = store.load().places
        #expect(read.spread(of: Self.key(1)) == 9)
        #expect(read.spread(of: Self.key(2)) == 2)
        #expect(try !Places.parse(store.load().places.encoded(), name: store.path).hasChanges, "a file read back has changed nothing")
    }

    /// The lock: a lock file left behind blocks nothing, a write waits while another holds
    /// the lock and goes on once it is let go, and a write lets go of it when done.
    @Test func aLockFileLeftBehindBlocksNothingAndAHeldLockIsWaitedFor() throws {
        let (store, dir) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(atPath: (store.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: store.lockPath, contents: Data("left behind".utf8)))
        var places = Places()
        places.remember(spread: 1, of: Self.key(1))
        try store.save(places)
        #expect(store.load().places.spread(of: Self.key(1)) == 1)

        let held = open(store.lockPath, O_RDWR | O_CLOEXEC)
        #expect(held >= 0 && flock(held, LOCK_EX | LOCK_NB) == 0, "the write let go of the lock")
        places.remember(spread: 2, of: Self.key(1))
        let later = places
        let done = DispatchSemaphore(value: 0)
        startDetachedThread(named: "folio-test") {
            try? store.save(later)
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 0.3) == .timedOut, "the write waits for the lock")
        #expect(store.load().places.spread(of: Self.key(1)) == 1)
        close(held)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(store.load().places.spread(of: Self.key(1)) == 2)
    }

    @Test func aMissingFileIsNoPlacesAndNoWarning() throws {
        let (store, dir) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (places, warning) = store.load()
        #expect(places == Places() && warning == nil)
    }

    static let badFiles: [(String, String)] = [
        ("{bad", "not valid JSON"),
        ("[1,2]", "not JSON of the expected shape"),
        (#"{"version":0,"books":[]}"#, "version 0"),
        (#"{"version":"1","books":[]}"#, "version is missing or of the wrong type"),
        (#"{"version":1}"#, "books is missing"),
        (#"{"version":1,"books":{}}"#, "books is missing or of the wrong type"),
    ]

    @Test(arguments: badFiles)
    func aCorruptFileIsIgnoredWithOneWarningNamingIt(text: String, problem: String) throws {
        let (store, dir) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        try LibraryFixtures.write(Data(text.utf8), to: URL(fileURLWithPath: store.path))
        let (places, warning) = store.load()
        #expect(places == Places())
        let line = try #require(warning)
        #expect(line.hasPrefix(store.path + ": "))
        #expect(line.contains(problem), "\(line)")
        #expect(line.hasSuffix("ignored.") && !line.contains("\n"))
    }

    /// Entries this Folio cannot use, each with what the warning says of it.
    static let badEntries: [(String, String)] = [
        (#"{"path":"relative.cbz","size":1,"spread":0}"#, "not an absolute path"),
        (#"{"path":"/a.cbz","size":-1,"spread":0}"#, "negative size"),
        (#"{"path":"/a.cbz","size":1,"spread":-1}"#, "spread -1"),
        (#"{"path":"/a.cbz","size":1,"spread":1e300}"#, "a number out of range"),
        (#"{"path":"/a.cbz","size":1,"spread":99999999}"#, "spread 99999999"),
        (#"{ "path" : "/a.cbz", "size":1, "spread":"two", "new field" : [1, {"x": "]}"}] }"#, "spread is missing or of the wrong type"),
        (#""a book as a string""#, "not JSON of the expected shape"),
        // A \u escape without four hex digits, which the parser passes over unread (FuzzPlaces).
        (#"{"path":"/b\u019\\"\\/x.cbz","size":1,"spread":0}"#, "not valid JSON"),
    ]

    /// A file with one entry the viewer cannot use between two it can: the two keep their
    /// places, and the bad one is written back byte for byte on the next save, with one
    /// warning naming the file.
    @Test(arguments: badEntries)
    func oneBadEntryLosesNoPlace(entry: String, problem: String) throws {
        let (store, dir) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = #"{"version":1,"opened":true,"shelves":[{"library":"relative","path":"/x.cbz","size":1},"#
            + #"{"library":"bundled","path":"/books/comic 2.cbz","size":1002}],"books":[{"path":"/books/comic 1.cbz","size":1001,"spread":4},"#
            + entry + #",{"path":"/books/comic 2.cbz","size":1002,"spread":6,"page":12}]}"#
        try LibraryFixtures.write(Data(text.utf8), to: URL(fileURLWithPath: store.path))
        let (places, warning) = store.load()
        let line = try #require(warning)
        #expect(line.hasPrefix(store.path + ": a book in it "), "\(line)")
        #expect(line.contains(problem) && line.contains("and 1 more entry"), "\(line)")
        #expect(!line.contains("\n"))
        #expect(places.spread(of: Self.key(1)) == 4 && places.page(of: Self.key(2)) == 12)
        #expect(places.centred(on: .bundled) == Self.key(2) && places.openedABook)
        #expect(places.keptBooks.map(\.raw) == [entry])

        var later = places
        later.remember(spread: 9, of: Self.key(3))
        try store.save(later)
        let written = String(decoding: try Data(contentsOf: URL(fileURLWithPath: store.path)), as: UTF8.self)
        #expect(written.contains(entry), "the entry is written back as it was")
        #expect(written.contains(#"{"library":"relative","path":"/x.cbz","size":1}"#), "the shelf too")
        let (again, _) = store.load()
        #expect(again.spread(of: Self.key(1)) == 4 && again.page(of: Self.key(2)) == 12 && again.spread(of: Self.key(3)) == 9)
        #expect(again.keptBooks.map(\.raw) == [entry] && again.keptShelves.count == 1)
    }

    /// A file written by a newer Folio is read as no places, said once, and never replaced:
    /// saving leaves it byte for byte as it was, and says nothing more.
    @Test(arguments: [#"{"version":2,"books":[{"path":"/books/comic 1.cbz","size":1001,"spread":4,"shape":"new"}]}"#,
                      #"{"books":"elsewhere","version":7,"everything":{"is":["new"]}}"#])
    func aNewerFolioFileIsNeverReplaced(text: String) throws {
        let (store, dir) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = URL(fileURLWithPath: store.path)
        try LibraryFixtures.write(Data(text.utf8), to: url)
        let (places, warning) = store.load()
        #expect(places == Places())
        let line = try #require(warning)
        #expect(line.hasPrefix(store.path + ": was written by a newer Folio"), "\(line)")
        #expect(line.hasSuffix("it is left as it is, and no places are remembered this run.") && !line.contains("\n"), "\(line)")

        let writer = PlaceWriter(store: store)
        var changed = places
        changed.remember(spread: 3, of: Self.key(1))
        writer.save(changed)
        writer.flush()
        changed.remember(spread: 5, of: Self.key(2))
        writer.save(changed)
        writer.flush()
        #expect(writer.takeWarnings().isEmpty, "said once, as the file was read")
        #expect(try Data(contentsOf: url) == Data(text.utf8))
        #expect(Self.files(in: SafeFile.folder(of: store.path)).allSatisfy { $0 == "places.json" || $0 == "places.json.lock" })
    }

    /// A file of more books than allowed: the most recent are kept, and saving keeps them.
    @Test func tooManyBooksKeepsTheMostRecent() throws {
        let (store, dir) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        let books = (0...Places.maxBooks).map { #"{"path":"/books/comic \#($0).cbz","size":\#(1000 + $0),"spread":2}"# }
        let text = #"{"version":1,"books":["# + books.joined(separator: ",") + "]}"
        try LibraryFixtures.write(Data(text.utf8), to: URL(fileURLWithPath: store.path))
        let (places, warning) = store.load()
        #expect(warning == nil)
        #expect(places.books.count == Places.maxBooks)
        #expect(places.spread(of: Self.key(0)) == nil && places.spread(of: Self.key(1)) == 2 && places.spread(of: Self.key(Places.maxBooks)) == 2)
        var later = places
        later.remember(spread: 7, of: Self.key(5))
        try store.save(later)
        let again = store.load().places
        #expect(again.books.count == Places.maxBooks)
        #expect(again.spread(of: Self.key(5)) == 7 && again.spread(of: Self.key(Places.maxBooks)) == 2)
    }

    /// A centred book of an older file that cannot be used is no centred book; the rest
    /// reads.
    @Test func aBadCentredBookIsDroppedAlone() throws {
        let text = #"{"version":1,"centred":{"path":"/a\u0000b","size":1},"books":[{"path":"/books/comic 1.cbz","size":1001,"spread":4}]}"#
        let places = try Places.parse(Data(text.utf8), name: "places.json")
        #expect(places.sharedCentred == nil && places.spread(of: Self.key(1)) == 4)
    }

    /// The state file's folder is a link (to a folder holding a file that is not Folio's):
    /// nothing is written there, the file is unchanged, and the refusal names the link.
    @Test func aLinkedStateFolderIsRefused() throws {
        let (store, dir) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        let elsewhere = dir.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let protected = Data("not Folio's\n".utf8)
        try protected.write(to: elsewhere.appendingPathComponent("places.json"))
        #expect(symlink(elsewhere.path, dir.appendingPathComponent("folio").path) == 0)
        var places = Places()
        places.remember(spread: 3, of: Self.key(1))
        do {
            try store.save(places)
            Issue.record("saved through a link")
        } catch let error as FolioError {
            #expect(error.message == "\(store.path): cannot be written (\(dir.path)/folio is a symbolic link, not a folder).")
        }
        #expect(try Data(contentsOf: elsewhere.appendingPathComponent("places.json")) == protected)
        #expect(Self.files(in: elsewhere.path) == ["places.json"])
    }

    /// Nesting a megabyte deep, or an object inside an object 100,000 deep in a book:
    /// refused, quickly.
    @Test(arguments: [false, true])
    func deepNestingIsRefused(insideABook: Bool) {
        let text = insideABook
            ? #"{"version":1,"books":["# + String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000) + "]}"
            : String(repeating: "[", count: 1 << 19) + String(repeating: "]", count: 1 << 19)
        let start = Date()
        #expect(throws: FolioError.self) { try Places.parse(Data(text.utf8), name: "places.json") }
        #expect(Date().timeIntervalSince(start) < 2)
    }

    @Test func anOversizedFileIsRefusedUnread() throws {
        let (store, dir) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = Data(repeating: 0x20, count: Places.maxBytes + 1)
        try LibraryFixtures.write(big, to: URL(fileURLWithPath: store.path))
        let (places, warning) = store.load()
        #expect(places == Places())
        #expect(warning?.contains("larger than the 1 MB") == true)
        #expect(warning?.hasSuffix("it is left as it is, and no places are remembered this run.") == true)
        // Larger than any Folio writes: never replaced.
        var changed = places
        changed.remember(spread: 3, of: Self.key(1))
        try store.save(changed)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == big)
    }

    @Test func aFolderOrAFIFOInItsPlaceIsIgnoredWithoutBlocking() throws {
        let (store, dir) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(atPath: (store.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(mkfifo(store.path, 0o600) == 0)
        let (places, warning) = store.load()
        #expect(places == Places())
        #expect(warning?.contains("is not a regular file (a FIFO)") == true)
    }

    @Test func anUnwritableFolderIsOneSentenceNamingTheFile() throws {
        let store = PlaceStore(path: "/proc/folio-test/places.json")
        #expect(throws: FolioError.self) { try store.save(Places()) }
        do { try store.save(Places()) } catch let error as FolioError {
            #expect(error.message.hasPrefix("/proc/folio-test/places.json: cannot be written"))
        }
    }

    @Test func theFileIsBoundedInBooksAndInBytes() {
        var places = Places()
        for n in 0..<(Places.maxBooks + 10) { places.remember(spread: 1, of: Self.key(n)) }
        #expect(places.books.count == Places.maxBooks)
        #expect(places.spread(of: Self.key(0)) == nil, "the oldest book is forgotten first")
        #expect(places.spread(of: Self.key(Places.maxBooks + 9)) == 1)
        // Long paths: the oldest books are left out rather than pass the byte limit.
        var long = Places()
        for n in 0..<Places.maxBooks {
            long.remember(spread: 2, of: BookKey(path: "/" + String(repeating: "x", count: 2000) + "\(n)", size: 1))
        }
        let data = long.encoded()
        #expect(data.count <= Places.maxBytes)
        let read = try? Places.parse(data, name: "places.json")
        #expect(read?.books.last == long.books.last)
        #expect((read?.books.count ?? 0) < Places.maxBooks)
    }

    @Test func rememberingABookAgainMovesItToTheEnd() {
        var places = Places()
        places.remember(spread: 1, of: Self.key(1))
        places.remember(spread: 2, of: Self.key(2))
        places.remember(spread: 5, of: Self.key(1))
        #expect(places.books.map(\.book) == [Self.key(2), Self.key(1)])
        #expect(places.spread(of: Self.key(1)) == 5)
    }

    @Test(arguments: [
        (["XDG_STATE_HOME": "/xdg/state", "HOME": "/home/u"], "/xdg/state/folio/places.json"),
        (["HOME": "/home/u"], "/home/u/.local/state/folio/places.json"),
        (["XDG_STATE_HOME": "", "HOME": "/home/u"], "/home/u/.local/state/folio/places.json"),
        (["XDG_STATE_HOME": "relative/state", "HOME": "/home/u"], "/home/u/.local/state/folio/places.json"),
    ])
    func theFileLivesWhereTheXDGRulesSay(environment: [String: String], path: String) {
        #expect(PlaceStore.standard(environment: environment)?.path == path)
    }

    @Test func withoutHomeTheFileFollowsThePasswordDatabase() throws {
        let home = String(cString: try #require(getpwuid(getuid())?.pointee.pw_dir))
        #expect(PlaceStore.standard(environment: ["HOME": "relative"])?.path == home + "/.local/state/folio/places.json")
    }

    @Test func aBookIsKeyedByItsRealPathAndItsSize() throws {
        let dir = try LibraryFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try LibraryFixtures.archive([("p1.bmp", LibraryFixtures.bmp(width: 4, height: 6))], to: dir.appendingPathComponent("a.cbz"))
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.cbz").path, withDestinationPath: "a.cbz")
        let size = Int64(try Data(contentsOf: dir.appendingPathComponent("a.cbz")).count)
        let real = try #require(SafeFile.realPath(dir.appendingPathComponent("a.cbz").path))
        let viaLink = Book(title: "a", cover: .archiveEntry(archive: dir.appendingPathComponent("link.cbz").path, entry: "p1.bmp"), pages: [])
        #expect(BookKey.of(viaLink) == BookKey(path: real, size: size))
        // A book of image files: its first image names it, all of them make its size.
        for name in ["cover.bmp", "p1.bmp"] {
            try LibraryFixtures.write(LibraryFixtures.bmp(width: 4, height: 6), to: dir.appendingPathComponent("b/\(name)"))
        }
        let files = Book(title: "b", cover: .file(dir.appendingPathComponent("b/cover.bmp").path),
                         pages: [.file(dir.appendingPathComponent("b/p1.bmp").path), nil])
        let bmpSize = Int64(LibraryFixtures.bmp(width: 4, height: 6).count)
        #expect(BookKey.of(files) == BookKey(path: real.replacingOccurrences(of: "a.cbz", with: "b/cover.bmp"), size: 2 * bmpSize))
        #expect(BookKey.of(Book(title: "none", cover: nil, pages: [nil])) == nil)
        // A PDF: the document file's path and size.
        let pdf = dir.appendingPathComponent("c.pdf")
        try Data("%PDF-1.4\n%%EOF\n".utf8).write(to: pdf)
        let document = Book(title: "c", cover: .documentPage(document: pdf.path, page: 0), pages: [.documentPage(document: pdf.path, page: 1)])
        #expect(BookKey.of(document) == BookKey(path: real.replacingOccurrences(of: "a.cbz", with: "c.pdf"), size: 15))
    }
}

/// The folder a path names a file in, for every shape of path a user may type (Foundation's
/// own answer traps on one-character names).
@Suite struct FolderOfPathTests {
    @Test(arguments: [("t", ""), ("s/", ""), ("a.gif", ""), ("./t", "."), ("../x/t", "../x"), ("/t", "/"), ("/", "/"),
                      ("dir/t", "dir"), ("dir//t/", "dir"), ("/a/b/c.json", "/a/b"), ("", "")])
    func folderOf(_ path: String, _ folder: String) {
        #expect(SafeFile.folder(of: path) == folder)
    }
}
