import Testing
@testable import FolioCore
@testable import FolioLibrary

/// `record --start` and `--size` as the player and the script see them (SPEC: recording).
@Suite struct ScriptPlayerTests {
    static let script = InputScript(
        size: Size(width: 1280, height: 800), fps: 10, duration: 3,
        events: [(t: 0.5, event: .input(.key(.right))), (t: 1.5, event: .click(Point(x: 640, y: 400)))])

    @Test func startSkipsTimeButStillAppliesTheEventsBeforeIt() {
        let app = FolioApp(library: .synthetic(books: 4, pages: 4), size: Self.script.size)
        var player = ScriptPlayer(app: app, script: Self.script, start: 1.0)
        #expect(player.frameCount == 20)  // 3 s less the 1 s skipped, at 10 fps
        let first = player.advance()
        #expect(first?.frame == 0 && first?.t == 1.0)
        // The Right key at 0.5 s happened, and the shelf has had 0.5 s to move on.
        #expect(app.shelf.centredIndex == 1)
        var last = first
        while let next = player.advance() { last = next }
        #expect(last.map { abs($0.t - 2.9) < 1e-9 } == true)
    }

    @Test func sizeScalesEveryPositionAndTheWindowByTheSameFactors() throws {
        let half = Self.script.scaled(to: Size(width: 640, height: 400))
        #expect(half.size == Size(width: 640, height: 400))
        #expect(half.events.count == 2)
        guard case .click(let p) = half.events[1].event else { Issue.record("the click is gone"); return }
        #expect(p == Point(x: 320, y: 200))
        #expect(half.events[1].t == 1.5)  // time is not scaled
        let wide = Self.script.scaled(to: Size(width: 2560, height: 800))
        guard case .click(let q) = wide.events[1].event else { Issue.record("the click is gone"); return }
        #expect(q == Point(x: 1280, y: 400))
    }
}
