import Foundation
import Testing

/// Recording stays deterministic: `folio record` neither reads nor writes the remembered
/// places, even when they name the very book the script opens.
@Suite(.serialized)
struct RecordingIgnoresPlacesTests {
    /// A state file remembering the bundled library's second book at its fourth spread, and
    /// centred on the shelf, keyed as Folio keys it (real path of the cover, bytes of every
    /// image; `WindowPlaceTests` checks that the live viewer writes the same key).
    static func rememberedTidepool() throws -> Data {
        let plist = Folio.root.appendingPathComponent("Assets/Books.plist")
        let books = try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: plist), format: nil) as? [[String: Any]])
        let book = books[1]
        #expect(book["title"] as? String == "Tidepool")
        let folder = plist.deletingLastPathComponent()
        let files = [try #require(book["cover"] as? String)] + (try #require(book["pages"] as? [String]))
        let paths = files.map { folder.appendingPathComponent($0).resolvingSymlinksInPath().path }
        let size = try paths.reduce(0) { $0 + (try FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int ?? 0) }
        let key = "{\"path\":\"\(paths[0])\",\"size\":\(size)"
        return Data("{\"version\":1,\"centred\":\(key)},\"books\":[\(key),\"spread\":3}]}".utf8)
    }

    @Test func recordNeitherReadsNorWritesTheState() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("script.json")
        try Data("""
        {"size":[640,400],"fps":30,"duration":3.0,"events":[
         {"t":0.2,"type":"key","key":"return"},
         {"t":1.5,"type":"key","key":"right"},
         {"t":2.5,"type":"key","key":"q"}]}
        """.utf8).write(to: script)
        let withState = dir.appendingPathComponent("with")
        let file = withState.appendingPathComponent("folio/places.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let remembered = try Self.rememberedTidepool()
        try remembered.write(to: file)
        let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)

        var traces: [Data] = []
        for state in [withState, empty] {
            let trace = dir.appendingPathComponent("trace-\(state.lastPathComponent).jsonl")
            let result = try Folio.run(["record", "--script", script.path, "--trace", trace.path, "--quiet"],
                                       environment: ["XDG_STATE_HOME": state.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.isEmpty)
            traces.append(try Data(contentsOf: trace))
        }
        #expect(traces[0] == traces[1], "the state file changed the recording")
        // The script opened the first book on its cover, then turned one leaf.
        let last = try Folio.trace(dir.appendingPathComponent("trace-with.jsonl")).last
        let book = try #require(last?["book"] as? [String: Any])
        #expect(book["index"] as? Double == 0)
        #expect(book["offset"] as? Double == 0)
        #expect(try Data(contentsOf: file) == remembered)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == modified)
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty, "record made no state folder")
    }
}
