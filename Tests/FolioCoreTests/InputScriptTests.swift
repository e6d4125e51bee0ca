import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// The `record --script` format: parsing, errors that name file, event and field, and the
/// timeline a script expands to.
@Suite struct InputScriptTests {
    static func parse(_ json: String) throws -> InputScript {
        try InputScript.parse(Data(json.utf8), name: "demo.json")
    }

    @Test func validScriptWithEveryEventType() throws {
        let script = try Self.parse("""
        {"size":[800,600],"fps":30,"duration":5,"events":[
          {"t":0,"type":"key","key":"Right","shift":true},
          {"t":0.5,"type":"wheel","dx":0,"dy":1.5,"ctrl":true},
          {"t":1,"type":"click","x":10,"y":20},
          {"t":1.5,"type":"drag","from":[100,200],"to":[300,200],"duration":0.5},
          {"t":2,"type":"resize","size":[640,480]},
          {"t":2.5,"type":"down","x":1,"y":2},
          {"t":2.6,"type":"move","x":3,"y":4},
          {"t":2.7,"type":"up","x":5,"y":6},
          {"t":3,"type":"leave"}]}
        """)
        let expected = InputScript(size: Size(width: 800, height: 600), fps: 30, duration: 5, events: [
            (0, .input(.key(.right, .shift))),
            (0.5, .input(.wheel(dx: 0, dy: 1.5, modifiers: .ctrl))),
            (1, .click(Point(x: 10, y: 20))),
            (1.5, .drag(from: Point(x: 100, y: 200), to: Point(x: 300, y: 200), duration: 0.5)),
            (2, .input(.resize(Size(width: 640, height: 480)))),
            (2.5, .input(.pointerDown(Point(x: 1, y: 2)))),
            (2.6, .input(.pointerMoved(Point(x: 3, y: 4)))),
            (2.7, .input(.pointerUp(Point(x: 5, y: 6)))),
            (3, .input(.pointerLeft)),
        ])
        #expect(script == expected)
        #expect(script.frameCount == 150)
    }

    @Test func defaultsFillTheGaps() throws {
        let script = try Self.parse(#"{"events":[{"t":1,"type":"drag","from":[0,0],"to":[10,0]}]}"#)
        #expect(script.size == Size(width: 1280, height: 800) && script.fps == 60)
        // Duration: the last event's end (1 + the default 0.3 s drag) plus 1.5 s.
        #expect(abs(script.duration - 2.8) < 1e-12)
    }

    /// (script, the pieces the message must name).
    @Test(arguments: [
        (#"{"events":[{"t":0,"type":"key","key":"right"},{"t":1,"type":"teleport"}]}"#, ["event 1", "type", "teleport"]),
        (#"{"events":[{"t":1,"type":"leave"},{"t":0.5,"type":"leave"}]}"#, ["event 1", "time order", "t 0.5"]),
        (#"{"events":[{"t":-1,"type":"leave"}]}"#, ["event 0", "negative t"]),
        (#"{"size":[0,600]}"#, ["size", "0×600"]),
        (#"{"size":[8193,100]}"#, ["size", "8193×100"]),
        (#"{"events":[{"t":0,"type":"leave"},{"t":0,"type":"leave"},{"t":1,"type":"resize","size":[9000,100]}]}"#, ["event 2 size", "9000×100"]),
        (#"{"events":[{"t":0,"type":"resize","size":[640,0]}]}"#, ["event 0 size", "640×0"]),
        (#"{"events":[{"t":0,"type":"key","key":"f13"}]}"#, ["event 0", "key", "f13"]),
        (#"{"events":[{"type":"leave"}]}"#, ["event 0", "t"]),
        (#"{"events":[{"t":0,"type":"drag","from":[0,0],"to":[1,1],"duration":0}]}"#, ["event 0", "duration"]),
        (#"{"fps":0}"#, ["fps"]),
        ("{not json", ["JSON"]),
        ("[1, 2]", ["top level"]),
    ])
    func badScriptsNameFileEventAndField(json: String, pieces: [String]) {
        do {
            _ = try Self.parse(json)
            Issue.record("parsed a bad script: \(json)")
        } catch let error as FolioError {
            #expect(error.description.hasPrefix("demo.json: "))
            for piece in pieces {
                #expect(error.description.contains(piece), "\(error.description) lacks \(piece)")
            }
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func timelineExpandsADragInTimeOrder() throws {
        let script = InputScript(fps: 60, duration: 3, events: [
            (1, .drag(from: Point(x: 100, y: 200), to: Point(x: 400, y: 200), duration: 0.5)),
            (1.25, .input(.key(.right))),
            (2, .click(Point(x: 7, y: 8))),
        ])
        let timeline = Array(ScriptTimeline(script: script))
        // Down, 30 moves (one per frame over 0.5 s), up, the key in between, the click.
        #expect(timeline.count == 1 + 30 + 1 + 1 + 2)
        #expect(zip(timeline, timeline.dropFirst()).allSatisfy { $0.t <= $1.t })
        #expect(timeline.first?.event == .pointerDown(Point(x: 100, y: 200)) && timeline.first?.t == 1)
        let moves = timeline.compactMap { entry -> (Double, Point)? in
            if case .pointerMoved(let p) = entry.event { return (entry.t, p) }
            return nil
        }
        #expect(moves.count == 30)
        for (k, (t, p)) in moves.enumerated() {
            let f = Double(k + 1) / 30
            #expect(abs(t - (1 + 0.5 * f)) < 1e-12 && abs(p.x - (100 + 300 * f)) < 1e-9 && p.y == 200)
        }
        let up = timeline.firstIndex { $0.event == .pointerUp(Point(x: 400, y: 200)) }
        let key = timeline.firstIndex { $0.event == .key(.right, []) }
        #expect(up != nil && key != nil && key! < up!)
        #expect(timeline[key!].t == 1.25 && timeline[up!].t == 1.5)
        #expect(timeline.suffix(2).map(\.event) == [.pointerDown(Point(x: 7, y: 8)), .pointerUp(Point(x: 7, y: 8))])
    }

    @Test func builtInDemoIsInTimeOrder() {
        let demo = InputScript.builtInDemo
        #expect(zip(demo.events, demo.events.dropFirst()).allSatisfy { $0.t <= $1.t })
        #expect(demo.frameCount == 960)
    }
}
