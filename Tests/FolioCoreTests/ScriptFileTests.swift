import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// The one script codec: what capture writes is what `record --script` reads, and a file of
/// the wrong shape is refused naming the event and the field.
@Suite struct ScriptFileTests {
    /// Every live input event, written and read back, is the same input event (positions
    /// scaled as the capture asked).
    @Test func everyInputEventRoundTrips() throws {
        let live: [(InputEvent, InputScript.Event)] = [
            (.key(.right, [.ctrl, .shift, .alt]), .input(.key(.right, [.ctrl, .shift, .alt]))),
            (.key(.escape), .input(.key(.escape))),
            (.wheel(dx: -1.5, dy: 3, modifiers: [.shift]), .input(.wheel(dx: -1.5, dy: 3, modifiers: .shift))),
            (.pointerDown(Point(x: 10, y: 20)), .input(.pointerDown(Point(x: 20, y: 10)))),
            (.pointerMoved(Point(x: 11, y: 21)), .input(.pointerMoved(Point(x: 22, y: 10.5)))),
            (.pointerUp(Point(x: 12, y: 22)), .input(.pointerUp(Point(x: 24, y: 11)))),
            (.pointerLeft, .input(.pointerLeft)),
            (.resize(Size(width: 640, height: 480)), .input(.resize(Size(width: 640, height: 480)))),
            (.touch(.move, finger: 3, at: Point(x: 4, y: 8)), .input(.touch(.move, finger: 3, at: Point(x: 8, y: 4)))),
        ]
        let events = live.enumerated().map { ScriptFile.Event($1.0, at: Double($0) * 0.25, scale: (x: 2, y: 0.5)) }
        let file = ScriptFile(size: [800, 600], fps: 30, duration: 4, events: events)
        let script = try InputScript.parse(file.encoded(), name: "capture.json")
        #expect(script.size == Size(width: 800, height: 600) && script.fps == 30 && script.duration == 4)
        #expect(script.events.map(\.t) == live.indices.map { Double($0) * 0.25 })
        #expect(script.events.map(\.event) == live.map(\.1))
    }

    @Test func theWrittenFileHoldsOneEventALine() throws {
        let events = [ScriptFile.Event(.key(.left), at: 0), ScriptFile.Event(.pointerLeft, at: 1)]
        let text = String(decoding: try ScriptFile(fps: 60, events: events).encoded(), as: UTF8.self)
        #expect(text.split(separator: "\n").count == 2)
        #expect(text.contains(#"{"key":"left","t":0,"type":"key"}"#))
    }

    /// (script, the sentence after the file name): decoding failures name event and field.
    @Test(arguments: [
        (#"{"events":[{"t":"soon","type":"leave"}]}"#, "event 0 t is not a number."),
        (#"{"size":"big"}"#, "size is not a list."),
        (#"{"events":{}}"#, "events is not a list."),
        (#"{"events":[{"t":0,"type":"leave"},1]}"#, "event 1 is not an object."),
        (#"{"events":[{"t":0,"type":"drag","from":[0,"a"],"to":[1,1]}]}"#, "event 0 from is not a number."),
        (#"{"events":[{"t":0,"type":"key","key":"right","ctrl":"yes"}]}"#, "event 0 ctrl is not true or false."),
        (#"{"events":[{"t":0,"type":7}]}"#, "event 0 type is not a string."),
        ("[1]", "the top level is not an object."),
        ("{", "is not valid JSON."),
    ])
    func wrongShapesNameEventAndField(json: String, sentence: String) {
        #expect(throws: FolioError.badInput("s.json: " + sentence)) {
            try InputScript.parse(Data(json.utf8), name: "s.json")
        }
    }
}
