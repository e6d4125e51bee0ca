import Foundation
import Testing

/// `folio record` end to end: a script in, a trace whose numbers match SPEC out.
@Suite(.serialized)
struct RecordTests {
    /// Scrolls the shelf, opens a book, turns pages by key and by drag, closes it.
    static let script = """
    {"size":[1280,800],"fps":60,"duration":7.0,"events":[
     {"t":0.2,"type":"key","key":"right"},
     {"t":1.0,"type":"key","key":"return"},
     {"t":2.2,"type":"key","key":"right"},
     {"t":3.5,"type":"drag","from":[900,400],"to":[300,400],"duration":0.3},
     {"t":5.1,"type":"key","key":"escape"}
    ]}
    """

    static func frame(_ trace: [[String: Any]], at t: Double) -> [String: Any] {
        trace.min { abs(($0["t"] as? Double ?? .nan) - t) < abs(($1["t"] as? Double ?? .nan) - t) }!
    }

    static func page(_ frame: [String: Any], _ n: Int) -> [String: Any]? {
        let book = frame["book"] as? [String: Any]
        return (book?["pages"] as? [[String: Any]])?.first { ($0["page"] as? Double ?? .nan) == Double(n) }
    }

    /// UIKit's spring for ζ 0.7, v 0.7, T 1 with SPEC §5's ω0.
    static func spring(_ t: Double) -> Double {
        let z = 0.7, w0 = 9.684, v = 0.7
        let wd = w0 * (1 - z * z).squareRoot()
        return 1 - exp(-z * w0 * t) * (cos(wd * t) + (z * w0 - v) / wd * sin(wd * t))
    }

    @Test func traceOfScrollOpenTurnCloseMatchesSpec() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scriptURL = dir.appendingPathComponent("script.json")
        try Self.script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let traceURL = dir.appendingPathComponent("trace.jsonl")
        let result = try Folio.run(["record", "--script", scriptURL.path, "--trace", traceURL.path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let trace = try Folio.trace(traceURL)
        try #require(trace.count == 420)

        // The shelf scrolled one book: p = stride = 372.
        let scrolled = Self.frame(trace, at: 0.95)
        let shelf = try #require(scrolled["shelf"] as? [String: Any])
        #expect(abs((shelf["position"] as? Double ?? .nan) - 372) < 0.5)
        #expect(shelf["centered"] as? Double == 1)
        let covers = try #require(shelf["covers"] as? [[String: Any]])
        let centred = covers.first { $0["book"] as? Double == 1 }!
        #expect(abs((centred["scale"] as? Double ?? .nan) - 0.7) < 1e-3)
        #expect(abs((covers.first { $0["book"] as? Double == 0 }!["scale"] as? Double ?? .nan) - 0.525) < 1e-6)

        // Mid-push: the spring drives every component.
        let mid = Self.frame(trace, at: 1.3)
        let transition = try #require(mid["transition"] as? [String: Any])
        #expect(transition["operation"] as? String == "push")
        #expect(transition["state"] as? String == "animating")
        let p = try #require(transition["progress"] as? Double)
        #expect(abs(p - 0.3) < 0.02)
        let x = Self.spring(p)
        let page2 = Self.page(mid, 2)!
        // The book opens on its cover (offset −W): page 2's ratio 1.5 compresses to 0.6, its
        // open angle (1 − 0.6)·(−π/2).
        #expect(abs((page2["angle"] as? Double ?? .nan) - (-0.2 * Double.pi) * x) < 2e-3)
        #expect(abs((page2["scale"] as? Double ?? .nan) - (0.7 + 0.3 * x)) < 2e-3)
        #expect(abs((page2["tx"] as? Double ?? .nan) - (-0.7 * 362 / 2) * (1 - x)) < 0.5)

        // Open on the cover (offset −W: the cover alone on the right, at the right page's
        // −π/4 as page 2 lies at offset 0); a key turns it: offset 0, SPEC §2's worked values.
        let cover = Self.frame(trace, at: 2.15)
        #expect(cover["stack"] as? [String] == ["shelf", "book"])
        #expect(cover["transition"] is NSNull)
        #expect((cover["book"] as? [String: Any])?["offset"] as? Double == -1280)
        #expect(abs((Self.page(cover, 0)!["angle"] as? Double ?? .nan) + 0.7854) < 1e-4 && Self.page(cover, 0)!["visible"] as? Bool == true)
        let open = Self.frame(trace, at: 3.45)
        let book = try #require(open["book"] as? [String: Any])
        #expect(book["index"] as? Double == 1)
        #expect(abs((book["offset"] as? Double ?? .nan) - 0) < 0.01)
        #expect(abs((Self.page(open, 0)!["angle"] as? Double ?? .nan) + 2.3562) < 1e-4)
        #expect(Self.page(open, 0)!["visible"] as? Bool == false)
        #expect(abs((Self.page(open, 1)!["angle"] as? Double ?? .nan) - 0.7864) < 1e-4)
        #expect(Self.page(open, 1)!["visible"] as? Bool == true)
        #expect(abs((Self.page(open, 2)!["angle"] as? Double ?? .nan) + 0.7854) < 1e-4)
        #expect(abs((Self.page(open, 2)!["ratio"] as? Double ?? .nan) - 0.5) < 1e-9)
        #expect(abs((Self.page(open, 4)!["ratio"] as? Double ?? .nan) - 0.6) < 1e-9)
        #expect(abs((Self.page(open, 4)!["angle"] as? Double ?? .nan) + 0.6283) < 1e-4)

        // A fast drag to the left turns one more leaf: offset W.
        let dragged = Self.frame(trace, at: 5.05)
        #expect(abs(((dragged["book"] as? [String: Any])?["offset"] as? Double ?? .nan) - 1280) < 0.01)
        #expect(abs((Self.page(dragged, 3)!["ratio"] as? Double ?? .nan) + 0.5) < 1e-6)

        // Escape closes with the ease-in-out pop, then the shelf is back at rest.
        let popping = Self.frame(trace, at: 5.5)
        #expect((popping["transition"] as? [String: Any])?["operation"] as? String == "pop")
        let closed = Self.frame(trace, at: 6.9)
        #expect(closed["stack"] as? [String] == ["shelf"])
        #expect(closed["book"] is NSNull)
        let alphas = ((closed["shelf"] as? [String: Any])?["covers"] as? [[String: Any]] ?? []).map { $0["alpha"] as? Double ?? .nan }
        #expect(alphas.allSatisfy { $0 == 1 })
    }

    @Test func sameScriptGivesIdenticalFramesAndTrace() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scriptURL = dir.appendingPathComponent("script.json")
        try """
        {"size":[480,300],"fps":30,"duration":1.2,"events":[{"t":0.1,"type":"key","key":"return"}]}
        """.write(to: scriptURL, atomically: true, encoding: .utf8)
        var outputs: [(trace: Data, frames: [Data])] = []
        for run in 0..<2 {
            let out = dir.appendingPathComponent("frames\(run)")
            let trace = dir.appendingPathComponent("trace\(run).jsonl")
            let result = try Folio.run(["record", "--script", scriptURL.path, "--out", out.path + "/", "--trace", trace.path, "--quiet"])
            #expect(result.status == 0, "\(result.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            #expect(names.count == 36)
            #expect(names.first == "frame-00000.png")
            outputs.append((try Data(contentsOf: trace), try names.map { try Data(contentsOf: out.appendingPathComponent($0)) }))
        }
        #expect(outputs[0].trace == outputs[1].trace)
        #expect(outputs[0].frames == outputs[1].frames)
    }

    @Test(arguments: [
        ("{\"events\":[{\"t\":0.5,\"type\":\"teleport\"}]}", "event 0"),
        ("{\"events\":[{\"t\":0.5,\"type\":\"key\",\"key\":\"right\"},{\"t\":0.2,\"type\":\"key\",\"key\":\"left\"}]}", "event 1"),
        ("{\"events\":[{\"t\":-1,\"type\":\"key\",\"key\":\"right\"}]}", "negative"),
        ("{\"size\":[0,800],\"events\":[]}", "size"),
        ("{\"size\":[9000,800],\"events\":[]}", "size"),
        ("this is not json", "not valid JSON"),
    ])
    func badScriptsFailWithOneSentenceAndExitCode2(script: String, mentions: String) throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scriptURL = dir.appendingPathComponent("bad.json")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("frames")
        let result = try Folio.run(["record", "--script", scriptURL.path, "--out", out.path + "/", "--quiet"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad.json"))
        #expect(result.stderr.contains(mentions))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}

/// Window sizes from 320×240 to 3840×2160, changed mid-transition: every frame is drawn at
/// its size and the trace stays finite.
@Suite struct ResizeTests {
    @Test func resizesFromTinyToHugeMidTransition() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.json")
        try """
        {"size":[800,600],"fps":10,"duration":3.0,"events":[
         {"t":0.2,"type":"key","key":"return"},
         {"t":0.5,"type":"resize","size":[3840,2160]},
         {"t":1.5,"type":"key","key":"escape"},
         {"t":1.7,"type":"resize","size":[320,240]},
         {"t":2.5,"type":"key","key":"return"}]}
        """.write(to: script, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("frames"), trace = dir.appendingPathComponent("t.jsonl")
        let result = try Folio.run(["record", "--script", script.path, "--out", out.path + "/", "--trace", trace.path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 30)
        #expect(!lines.contains { $0.contains("null,") && $0.contains("\"offset\":null") })
        for (i, line) in lines.enumerated() {
            let state = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let size = try #require(state["size"] as? [Double])
            // The PNG of the same frame has the trace's size (width and height in IHDR).
            let png = try Data(contentsOf: out.appendingPathComponent(String(format: "frame-%05d.png", i)))
            let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect([Double(width), Double(height)] == size)
            for number in ["nan", "inf"] { #expect(!line.lowercased().contains(number)) }
        }
        let last = try #require(try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as? [String: Any])
        #expect(last["size"] as? [Double] == [320, 240])
    }
}

/// A folder that already holds frames is refused unless --overwrite, which removes the old
/// frames (and nothing else) before writing the new ones.
@Suite struct FrameFolderTests {
    static let script = #"{"size":[160,100],"fps":10,"duration":1,"events":[{"t":0.2,"type":"key","key":"right"}]}"#

    static func frames(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("frame-") }.sorted()
    }

    @Test func aFolderWithFramesIsRefusedUnlessOverwrite() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.json")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("frames")
        let first = try Folio.run(["record", "--script", script.path, "--out", out.path + "/", "--quiet"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try Self.frames(out).count == 10)
        // Files that only look like frames, and other files, are the user's.
        let keep = ["notes.txt", "frame-1.png", "frame-00001.jpg", "frame-0000x.png"]
        for name in keep { try Data("x".utf8).write(to: out.appendingPathComponent(name)) }
        let before = try Data(contentsOf: out.appendingPathComponent("frame-00009.png"))

        // Again, shorter, without --overwrite: refused before any frame or trace line.
        let trace = dir.appendingPathComponent("t.jsonl")
        let refused = try Folio.run(["record", "--script", script.path, "--out", out.path, "--duration", "0.5",
                                     "--trace", trace.path, "--quiet"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains(out.path) && refused.stderr.contains("--overwrite"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: trace.path))
        #expect(try Data(contentsOf: out.appendingPathComponent("frame-00009.png")) == before)

        // With --overwrite: only the new five frames are left, beside the user's files.
        let replaced = try Folio.run(["record", "--script", script.path, "--out", out.path, "--duration", "0.5",
                                      "--overwrite", "--quiet"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == (keep + (0..<5).map { String(format: "frame-%05d.png", $0) }).sorted())
    }

    @Test func anEmptyOrFramelessFolderNeedsNoOverwrite() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.json")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        // The folder holds the script and nothing named like a frame.
        let result = try Folio.run(["record", "--script", script.path, "--out", dir.path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.frames(dir).count == 10)
    }
}
