import Foundation
import Testing

/// A capture names the library it was made on, and `record --script` replays on it without
/// `--library`; `--library` still wins, and a library that is gone is said in one sentence
/// before the bundled books play.
@Suite(.serialized)
struct CapturedLibraryTests {
    static let page = Folio.root.appendingPathComponent("Assets/Books/aurora/page-01.jpg")

    /// A folder of two books, Alpha and Beta (folders of images), in a new temporary folder.
    static func shelf() throws -> (dir: URL, library: URL) {
        let dir = try Folio.temporaryDirectory()
        let library = dir.appendingPathComponent("shelf")
        for title in ["Alpha", "Beta"] {
            let book = library.appendingPathComponent(title)
            try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
            for n in 1...3 { try FileManager.default.copyItem(at: page, to: book.appendingPathComponent("page-0\(n).jpg")) }
        }
        return (dir, library)
    }

    /// A capture as the viewer writes one: begun with the second book open.
    static func capture(library: String?) throws -> Data {
        var object: [String: Any] = ["size": [320, 200], "fps": 10, "duration": 0.3,
                                     "start": ["centred": 1, "book": 1, "spread": 0],
                                     "events": [["t": 0.1, "type": "key", "key": "right"]]]
        if let library { object["library"] = library }
        return try JSONSerialization.data(withJSONObject: object)
    }

    /// The open book's title in the trace's first frame.
    static func firstTitle(_ trace: URL) throws -> String? {
        let first = try #require(try Folio.trace(trace).first)
        return (first["book"] as? [String: Any])?["title"] as? String
    }

    @Test func aCaptureReplaysOnItsOwnLibrary() throws {
        let (dir, library) = try Self.shelf()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = try #require(realpath(library.path, nil).map { String(cString: $0) })
        let script = dir.appendingPathComponent("capture.json")
        try Self.capture(library: real).write(to: script)
        let trace = dir.appendingPathComponent("t.jsonl")
        let result = try Folio.run(["record", "--script", script.path, "--trace", trace.path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.firstTitle(trace) == "Beta")
        // Said even with --quiet, in one line: which of the user's files the script shows.
        #expect(result.stderr.contains("plays on \(real)") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        // --library given wins (the bundled books, as named), and is not remarked on.
        let bundled = Folio.root.appendingPathComponent("Assets").path
        let chosen = try Folio.run(["record", "--script", script.path, "--trace", trace.path, "--overwrite",
                                    "--library", bundled, "--quiet"])
        #expect(chosen.status == 0 && chosen.stderr.isEmpty, "\(chosen.stderr)")
        #expect(try Self.firstTitle(trace) != "Beta")
    }

    /// A library that is gone (or was never a folder or book file): one warning naming it
    /// and the bundled books, then the replay on them.
    @Test(arguments: [true, false])
    func aCaptureWhoseLibraryIsGonePlaysOnTheBundledBooks(removed: Bool) throws {
        let (dir, library) = try Self.shelf()
        defer { try? FileManager.default.removeItem(at: dir) }
        let named = removed ? library.path : "/dev/null"
        if removed { try FileManager.default.removeItem(at: library) }
        let script = dir.appendingPathComponent("capture.json")
        try Self.capture(library: named).write(to: script)
        let trace = dir.appendingPathComponent("t.jsonl")
        let result = try Folio.run(["record", "--script", script.path, "--trace", trace.path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(named) && lines[0].contains("bundled books"), "\(result.stderr)")
        #expect(try Self.firstTitle(trace) != nil && Self.firstTitle(trace) != "Beta")
    }

    /// A library that is not a path at all is refused with exit 2 and one sentence.
    @Test(arguments: ["relative", "empty", "NUL", "5,000 bytes"])
    func aBadLibraryFieldIsRefused(kind: String) throws {
        let library = ["relative": "relative/shelf", "empty": "", "NUL": "/a\u{0}b"][kind] ?? "/" + String(repeating: "x", count: 5000)
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("capture.json")
        try Self.capture(library: library).write(to: script)
        let result = try Folio.run(["record", "--script", script.path, "--trace", "/dev/null"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(script.path) && result.stderr.contains("library"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}
