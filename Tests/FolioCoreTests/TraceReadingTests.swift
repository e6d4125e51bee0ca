import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// The trace names the reading state, so a script can check what a reader sees: the book's
/// title and direction, and while the reading view is on the stack its pages, fit, zoom
/// (relative to the fit) and the book's own page numbers on screen.
@Suite struct TraceReadingTests {
    static func line(_ s: AppDriver) throws -> [String: Any] {
        let text = s.app.trace(frame: 0, t: s.now).json.serialized()
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func theReadingStateIsNamedAsItChanges() throws {
        let s = ReadingViewTests.open(flat: false)
        var line = try Self.line(s)
        var book = try #require(line["book"] as? [String: Any])
        #expect(book["title"] as? String == s.app.library.books[0].title && book["direction"] as? String == "ltr")
        #expect(line["reading"] == nil, "no reading view in the 3D book")

        s.send(.key(.right))
        s.send(.key(.return))
        s.run(until: s.now + 1)
        line = try Self.line(s)
        var reading = try #require(line["reading"] as? [String: Any])
        #expect(reading["pages"] as? String == "two" && reading["fit"] as? String == "page")
        #expect(abs((reading["zoom"] as? Double ?? 0) - 1) < 1e-9)
        #expect(reading["visiblePages"] as? [Int] == [4, 5], "the second spread: pages 4 and 5 (the cover is 1)")

        s.send(.key(.d))   // automatic → one page at a time
        s.send(.key(.right))
        s.run(until: s.now + 1)
        reading = try #require(try Self.line(s)["reading"] as? [String: Any])
        #expect(reading["pages"] as? String == "one" && reading["visiblePages"] as? [Int] == [5], "one at a time, Right reads the spread's right page")

        s.send(.key(.w))
        s.send(.key(.equals))
        s.send(.key(.m))
        s.run(until: s.now + 1)
        line = try Self.line(s)
        reading = try #require(line["reading"] as? [String: Any])
        book = try #require(line["book"] as? [String: Any])
        #expect(reading["fit"] as? String == "width" && (reading["zoom"] as? Double ?? 0) > 1.2)
        #expect(book["direction"] as? String == "rtl")

        s.send(.key(.escape))
        s.run(until: s.now + 1)
        #expect(try Self.line(s)["reading"] == nil)
    }
}
