import Foundation
import Testing
@testable import FolioCore
@testable import FolioSDL

/// A capture written from synthetic events replays headless to the same final state.
struct InputCaptureTests {
    @Test func captureReplaysToTheSameFinalState() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("capture-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let size = Size(width: 1280, height: 800)
        let library = Library.synthetic(books: 6, pages: 12)
        let events: [(Double, InputEvent)] = [
            (10.00, .key(.right)),
            (10.60, .pointerDown(Point(x: 900, y: 400))),
            (10.65, .pointerMoved(Point(x: 800, y: 400))),
            (10.70, .pointerMoved(Point(x: 640, y: 400))),
            (10.75, .pointerUp(Point(x: 640, y: 400))),
            (12.00, .wheel(dx: 0, dy: 1, modifiers: [])),
            (12.05, .wheel(dx: 0, dy: 1, modifiers: [.ctrl])),
            (12.10, .wheel(dx: 0, dy: 1, modifiers: [])),
            (13.50, .key(.right)),
            (14.20, .pointerDown(Point(x: 1000, y: 400))),
            (14.20, .pointerUp(Point(x: 1000, y: 400))),
        ]
        // Live: the real clock starts anywhere; the capture starts its own at the first event.
        let live = FolioApp(library: library, size: size)
        let capture = try InputCapture(path: path, size: size)
        var t = 9.9
        live.update(at: t)
        var next = 0
        while t < 17 {
            t += 1.0 / 60
            while next < events.count, events[next].0 <= t {
                live.handle(events[next].1, at: events[next].0)
                capture.record(events[next].1, at: events[next].0, size: size)
                next += 1
            }
            live.update(at: t)
        }
        try capture.close()

        let script = try InputScript.load(path: path)
        #expect(script.events.count == events.count)
        let replayed = FolioApp(library: library, size: size)
        var player = ScriptPlayer(app: replayed, script: script, duration: 7)
        while player.advance() != nil {}

        #expect(live.navigation.scenes.count == 2)
        #expect(replayed.navigation.scenes.map(\.kind) == live.navigation.scenes.map(\.kind))
        #expect(replayed.shelf.centeredIndex == live.shelf.centeredIndex)
        #expect(replayed.book?.bookIndex == live.book?.bookIndex)
        #expect(abs((replayed.book?.offset ?? -1) - (live.book?.offset ?? -2)) < 1e-6)
    }
}
