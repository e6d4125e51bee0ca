import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// Scripts from outside: every number that once trapped or ran away is refused with one
/// sentence, and what is accepted plays within an hour of frames and memory proportional
/// to its events.
@Suite struct ScriptLimitsTests {
    static func parse(_ json: String) throws -> InputScript {
        try InputScript.parse(Data(json.utf8), name: "s.json")
    }

    /// (script, the pieces the message must name): each of these once trapped converting a
    /// Double to an Int, or rendered far more than an hour.
    @Test(arguments: [
        (#"{"events":[{"t":1e18,"type":"key","key":"right"}]}"#, ["event 0", "t", "3600"]),
        (#"{"events":[{"t":1e5,"type":"leave"}]}"#, ["event 0", "3600"]),
        (#"{"events":[{"t":0,"type":"drag","from":[-1e308,0],"to":[1e308,0]}]}"#, ["event 0 from", "±1000000"]),
        (#"{"events":[{"t":0,"type":"click","x":1e7,"y":0}]}"#, ["event 0 x, y", "±1000000"]),
        (#"{"events":[{"t":3599.9,"type":"drag","from":[0,0],"to":[1,1],"duration":1}]}"#, ["event 0", "drags past"]),
        (#"{"events":[{"t":0,"type":"wheel","dy":1e300}]}"#, ["event 0 dy", "-1000…1000"]),
        (#"{"duration":1e18}"#, ["duration"]),
        (#"{"fps":1e300}"#, ["fps"]),
        (#"{"size":[7681,100]}"#, ["size", "7681×100", "7680"]),
        (#"{"size":[7680,4321]}"#, ["size", "7680×4321", "7680×4320"]),
        (#"{"size":[1e308,1e308]}"#, ["size"]),
        (#"{"events":[{"t":1e400,"type":"leave"}]}"#, ["s.json"]),
        // A huge number is printed as a reader reads it, not in 301 digits.
        (#"{"start":{"centred":1e300}}"#, ["start centred 1e+300 is outside 0…9999"]),
        (#"{"events":[{"t":0,"type":"wheel","dy":12345678901234567}]}"#, ["1.23457e+16"]),
    ])
    func trappingNumbersAreRefused(json: String, pieces: [String]) {
        do {
            _ = try Self.parse(json)
            Issue.record("parsed a bad script: \(json)")
        } catch let error as FolioError {
            #expect(error.exit == .badInput)
            #expect(error.description.hasPrefix("s.json: "))
            for piece in pieces { #expect(error.description.contains(piece), "\(error.description) lacks \(piece)") }
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func bothOrientationsOfTheLargestWindowAreAccepted() throws {
        #expect(try Self.parse(#"{"size":[7680,4320]}"#).size == Size(width: 7680, height: 4320))
        #expect(try Self.parse(#"{"size":[4320,7680]}"#).size == Size(width: 4320, height: 7680))
    }

    @Test func withoutADurationALateEventIsCappedAtAnHour() throws {
        let script = try Self.parse(#"{"fps":60,"events":[{"t":3599.5,"type":"key","key":"right"}]}"#)
        #expect(script.duration == InputScript.maxSeconds)
        #expect(script.frameCount == 3600 * 60)
    }

    @Test func tooManyEventsAreRefusedByCount() {
        let events = Array(repeating: #"{"t":0,"type":"leave"}"#, count: InputScript.maxEvents + 1).joined(separator: ",")
        #expect(throws: FolioError.badInput("s.json: events holds \(InputScript.maxEvents + 1), more than the \(InputScript.maxEvents) allowed.")) {
            try Self.parse(#"{"events":["# + events + "]}")
        }
    }

    @Test func dragsLongerThanAnHourInAllAreRefused() throws {
        // 61 drags of 60 s, each after the last; the 61st takes the total past 3,600 s.
        let drags = (0..<61).map { #"{"t":\#(Double($0) * 0.5),"type":"drag","from":[0,0],"to":[9,9],"duration":60}"# }
        #expect(throws: FolioError.self) { try Self.parse(#"{"events":["# + drags.joined(separator: ",") + "]}") }
        let allowed = drags.prefix(60).joined(separator: ",")
        #expect(try Self.parse(#"{"events":["# + allowed + "]}").events.count == 60)
    }

    /// Thousands of drags: the timeline holds only the drags under way, never their moves.
    @Test func manyDragsAreExpandedAsTheyAreReached() throws {
        let count = 4000
        let drags = (0..<count).map { #"{"t":\#(Double($0) * 0.75),"type":"drag","from":[0,0],"to":[500,300],"duration":0.5}"# }
        let script = try Self.parse(#"{"fps":60,"events":["# + drags.joined(separator: ",") + "]}")
        var timeline = ScriptTimeline(script: script)
        var entries = 0, mostPending = 0, last = -1.0
        while let (t, _) = timeline.next() {
            #expect(t >= last)
            last = t
            entries += 1
            mostPending = max(mostPending, timeline.pendingCount)
        }
        // Press, 30 moves (0.5 s at 60 fps), release for each drag; one drag in flight at a time.
        #expect(entries == count * 32)
        #expect(mostPending == 1)

        // The player holds the same: play the first seconds into an app.
        let app = FolioApp(library: .synthetic(books: 4, pages: 4), size: script.size)
        var player = ScriptPlayer(app: app, script: script, duration: 3)
        var mostHeld = 0
        while player.advance() != nil { mostHeld = max(mostHeld, player.pendingEvents) }
        #expect(mostHeld == 1)
    }

    /// The lazy timeline gives exactly what expanding everything and sorting stably by time
    /// gives (the old way), for random scripts with overlapping drags and ties.
    @Test func lazyTimelineMatchesTheFullExpansion() {
        var rng = SplitMix64(seed: 8)
        for _ in 0..<200 {
            var events: [(t: Double, event: InputScript.Event)] = []
            var t = 0.0
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                if Bool.random(using: &rng) { t += Double(Int.random(in: 0...8, using: &rng)) / 8 }
                let p = Point(x: Double(Int.random(in: 0...99, using: &rng)), y: 5)
                switch Int.random(in: 0...3, using: &rng) {
                case 0: events.append((t, .drag(from: p, to: Point(x: 1, y: 2), duration: Double(Int.random(in: 1...8, using: &rng)) / 8)))
                case 1: events.append((t, .click(p)))
                case 2: events.append((t, .input(.key(.right))))
                default: events.append((t, .input(.pointerMoved(p))))
                }
            }
            let script = InputScript(fps: 8, duration: 10, events: events)
            let lazy = Array(ScriptTimeline(script: script))
            let full = Self.fullExpansion(script)
            #expect(lazy.map(\.t) == full.map(\.t))
            #expect(lazy.map(\.event) == full.map(\.event))
        }
    }

    /// The reference: every event expanded up front, then a stable sort by time.
    static func fullExpansion(_ script: InputScript) -> [(t: Double, event: InputEvent)] {
        var out: [(t: Double, event: InputEvent)] = []
        for (t, event) in script.events {
            switch event {
            case .click(let p): out += [(t, .pointerDown(p)), (t, .pointerUp(p))]
            case .input(let input): out.append((t, input))
            case .drag(let a, let b, let d):
                let steps = max(1, Int((d * script.fps).rounded(.up)))
                out.append((t, .pointerDown(a)))
                for k in 1...steps {
                    let f = Double(k) / Double(steps)
                    out.append((t + d * f, .pointerMoved(Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))))
                }
                out.append((t + d, .pointerUp(b)))
            }
        }
        return out.enumerated().sorted { ($0.element.t, $0.offset) < ($1.element.t, $1.offset) }.map(\.element)
    }

    /// A script built in code is not parsed; the player bounds its numbers itself.
    @Test func thePlayerBoundsNumbersItIsGiven() {
        let app = FolioApp(library: .synthetic(books: 2, pages: 4), size: Size(width: 640, height: 400))
        let script = InputScript(fps: .infinity, duration: 1e18, events: [
            (0, .drag(from: Point(x: 0, y: 0), to: Point(x: 1, y: 1), duration: .nan)),
        ])
        #expect(script.frameCount == 3600 * 240)
        let player = ScriptPlayer(app: app, script: script, fps: .nan, start: .infinity, duration: .infinity)
        #expect(player.fps == 1 && player.start == 3600)
        #expect(player.frameCount == 3600)
        var timeline = ScriptTimeline(script: script)
        #expect(timeline.next()?.event == .pointerDown(Point(x: 0, y: 0)))
    }

    /// `--size` scales a script; its resizes stay within the limits however small it was.
    @Test func scalingKeepsResizesWithinTheLimits() throws {
        let script = try Self.parse(#"{"size":[100,100],"events":[{"t":1,"type":"resize","size":[7680,4320]},{"t":2,"type":"click","x":50,"y":50}]}"#)
        let scaled = script.scaled(to: Size(width: 7680, height: 4320))
        guard case .input(.resize(let size)) = scaled.events[0].event else {
            Issue.record("the resize was lost: \(scaled.events[0].event)")
            return
        }
        #expect(InputScript.sizeProblem(width: size.width, height: size.height) == nil)
        #expect(scaled.events[1].event == .click(Point(x: 3840, y: 2160)))
        #expect(scaled.firstResize?.index == 0 && scaled.firstResize?.t == 1)
    }
}
