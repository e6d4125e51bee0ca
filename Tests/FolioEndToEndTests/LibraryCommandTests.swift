import Foundation
import Testing

/// `folio validate` and the viewer's commands on libraries with broken files.
@Suite(.serialized)
struct LibraryCommandTests {
    static let page = Folio.root.appendingPathComponent("Assets/Books/aurora/page-01.jpg")

    /// A Books.plist with one of every problem validate knows.
    static func brokenLibrary() throws -> URL {
        let dir = try Folio.temporaryDirectory()
        let lib = dir.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: page, to: lib.appendingPathComponent("ok.jpg"))
        try FileManager.default.copyItem(at: page, to: dir.appendingPathComponent("escape.jpg"))
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 1, 2, 9, 9, 9]).write(to: lib.appendingPathComponent("corrupt.jpg"))
        var huge = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        huge.append(contentsOf: Array("IHDR".utf8) + [0, 0, 0x4E, 0x20, 0, 0, 0, 10, 8, 6, 0, 0, 0])
        try huge.write(to: lib.appendingPathComponent("huge.png"))
        let books: [[String: Any]] = [
            ["title": "A", "cover": "ok.jpg", "pages": ["ok.jpg", "missing.jpg", "corrupt.jpg", "huge.png", "../escape.jpg"]],
            ["title": "A", "cover": "ok.jpg", "pages": ["ok.jpg"]],
            ["title": "Odd", "cover": "ok.jpg", "pages": ["ok.jpg", "ok.jpg"]],
            ["title": "Empty", "cover": "ok.jpg", "pages": [String]()],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: books, format: .xml, options: 0)
        try data.write(to: lib.appendingPathComponent("Books.plist"))
        return lib
    }

    @Test func validateListsEveryProblemAndExits1() throws {
        let lib = try Self.brokenLibrary()
        defer { try? FileManager.default.removeItem(at: lib.deletingLastPathComponent()) }
        let result = try Folio.run(["validate", lib.path])
        #expect(result.status == 1)
        let out = result.stdout
        for expected in ["missing.jpg: missing file", "corrupt.jpg: unreadable or corrupt image", "huge.png: image too large",
                         "../escape.jpg is outside the library folder"] {
            #expect(out.contains(expected), "validate did not say: \(expected)\n\(out)")
        }
        // Readers' habits are not problems: two books with one title, an odd page count, a
        // book of one page (its cover).
        for habit in ["duplicate title", "odd page count", "empty book"] {
            #expect(!out.contains(habit), "validate called a habit a problem: \(habit)\n\(out)")
        }
        // Nothing in the library was changed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: lib.path).sorted() == ["Books.plist", "corrupt.jpg", "huge.png", "ok.jpg"])
    }

    @Test func validateOfTheBundledLibraryIsClean() throws {
        let result = try Folio.run(["validate", Folio.root.appendingPathComponent("Assets").path])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.isEmpty)
    }

    @Test func anUnreadableLibraryExits2WithOneSentence() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plist = dir.appendingPathComponent("Books.plist")
        try Data("<plist><array><dict>".utf8).write(to: plist)
        for args in [["validate", plist.path], ["record", "--library", plist.path, "--trace", dir.appendingPathComponent("t.jsonl").path]] {
            let result = try Folio.run(args)
            #expect(result.status == 2)
            #expect(result.stderr.contains(plist.path))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func brokenPagesRenderAsPlaceholdersWithWarnings() throws {
        let lib = try Self.brokenLibrary()
        defer { try? FileManager.default.removeItem(at: lib.deletingLastPathComponent()) }
        let script = lib.deletingLastPathComponent().appendingPathComponent("s.json")
        // Open the first book and turn to the spread with the broken pages.
        try """
        {"size":[640,400],"fps":30,"duration":3,"events":[{"t":0.1,"type":"key","key":"return"},{"t":1.3,"type":"key","key":"right"},{"t":2.0,"type":"key","key":"right"}]}
        """.write(to: script, atomically: true, encoding: .utf8)
        let out = lib.deletingLastPathComponent().appendingPathComponent("frames")
        let result = try Folio.run(["record", "--library", lib.path, "--script", script.path, "--out", out.path + "/", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).count == 90)
        #expect(result.stderr.contains("corrupt.jpg: cannot be decoded"))
        #expect(result.stderr.contains("huge.png"))
        #expect(result.stderr.contains("missing"))
        // One warning per broken file, not one per frame.
        #expect(result.stderr.components(separatedBy: "corrupt.jpg: cannot be decoded").count == 2)
    }
}
