import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// The wheel pinch as a user rolls it, frame by frame at 60 fps: a notch is worth a quarter
/// of the transition, the scenes follow the progress linearly while the wheel moves, and the
/// release decides by the last movement, the progress and the speed (docs/USING.md, "The pinch").
@Suite struct PinchTimelineTests {
    static let dt = FixedStep.dt
    static let quarter = PinchGesture.notchProgress

    static func notches(_ times: [Double], dy: Double = 1, _ modifiers: Modifiers = []) -> [(t: Double, event: InputEvent)] {
        times.map { ($0, InputEvent.wheel(dx: 0, dy: dy, modifiers: modifiers)) }
    }

    /// One frame of a timeline: time, transition state, progress and the openness drawn.
    struct Sample {
        var t: Double
        var state: TransitionState.Phase?
        var progress: Double
        var openness: Double
    }

    static func record(_ s: AppDriver, until end: Double, events: [(t: Double, event: InputEvent)]) -> [Sample] {
        var out: [Sample] = []
        s.run(until: end, events: events) { t in
            out.append(Sample(t: t, state: s.state, progress: s.app.transition?.progress ?? -1,
                              openness: s.app.transition == nil ? -1 : s.app.pose.openness))
        }
        return out
    }

    static func isOpen(_ s: AppDriver) -> Bool {
        s.kinds == [.shelf, .book] && s.app.transition == nil && s.app.pose.openness == 1
    }

    static func isOnTheShelf(_ s: AppDriver) -> Bool {
        s.kinds == [.shelf] && s.app.transition == nil && s.app.book == nil
    }

    /// A quick flick of three notches opens the book fully within 1 s of the first notch.
    @Test func aFlickOfThreeNotchesOpensWithinASecond() {
        let s = AppDriver()
        let frames = Self.record(s, until: 1.5, events: Self.notches([0, 0.05, 0.1]))
        let held = frames.first { $0.t >= 0.1 + Self.dt / 2 }!
        #expect(held.state == .interacting && abs(held.progress - 3 * Self.quarter) < 1e-9)
        // While held the book follows the progress linearly.
        #expect(abs(held.openness - held.progress) < 1e-9)
        let open = frames.first { $0.state == nil }?.t ?? .infinity
        #expect(open <= 1.0)
        #expect(Self.isOpen(s))
        // The release continues from the pose on screen: no frame jumps back.
        let openness = frames.filter { $0.state != nil }.map(\.openness)
        #expect(zip(openness, openness.dropFirst()).allSatisfy { $1 >= $0 - 0.02 })
    }

    /// One notch every 0.4 s: the book opens a quarter per notch, stays put between notches
    /// (no spring back while the user is still rolling) and opens once past half.
    @Test func aSlowRollOpensProgressivelyAndStaysPut() {
        let s = AppDriver()
        let frames = Self.record(s, until: 2.5, events: Self.notches([0, 0.4, 0.8]))
        let rolling = frames.filter { $0.t < 0.4 + 0.25 }
        #expect(rolling.allSatisfy { $0.state == .interacting })
        let progress = rolling.map(\.progress)
        #expect(zip(progress, progress.dropFirst()).allSatisfy { $1 >= $0 })
        #expect(abs((frames.first { $0.t >= 0.2 }?.progress ?? 0) - Self.quarter) < 1e-9)
        #expect(abs((frames.first { $0.t >= 0.5 }?.progress ?? 0) - 2 * Self.quarter) < 1e-9)
        #expect(!frames.contains { $0.state == .cancelling })
        #expect(frames.contains { $0.state == .finishing })
        #expect(Self.isOpen(s))
    }

    /// A single notch and nothing more: held a moment for the next notch, then back.
    @Test func oneNotchThenNothingSpringsBack() {
        let s = AppDriver()
        let frames = Self.record(s, until: 1.5, events: Self.notches([0]))
        let hold = frames.filter { $0.t < PinchGesture.holdTime - 1e-9 }
        #expect(hold.allSatisfy { $0.state == .interacting && abs($0.progress - Self.quarter) < 1e-9 })
        let back = frames.first { $0.state == .cancelling }?.t ?? -1
        #expect(abs(back - PinchGesture.holdTime) < Self.dt + 1e-9)
        #expect(!frames.contains { $0.state == .finishing })
        #expect(Self.isOnTheShelf(s) && s.app.pose.showsCentredCover)
    }

    /// Reversing lowers the progress at once, and a release while the wheel moves backwards
    /// cancels, however far it had gone (3 up 1 down, 4 up 1 down, 5 up 2 down).
    @Test(arguments: [(3, 1), (4, 1), (5, 2), (6, 1)])
    func releasedWhileMovingBackCancels(up: Int, down: Int) {
        let s = AppDriver()
        let times = (0..<(up + down)).map { 0.05 * Double($0) }
        let events = Self.notches(Array(times.prefix(up))) + Self.notches(Array(times.dropFirst(up)), dy: -1)
        let frames = Self.record(s, until: 2.5, events: events)
        let top = min(Double(up) * Self.quarter, 1)
        let afterUp = frames.first { $0.t >= times[up - 1] + 1e-9 }!
        #expect(abs(afterUp.progress - top) < 1e-9)
        let afterDown = frames.first { $0.t >= times.last! + 1e-9 }!
        #expect(abs(afterDown.progress - (top - Double(down) * Self.quarter)) < 1e-9)
        #expect(!frames.contains { $0.state == .finishing })
        #expect(frames.contains { $0.state == .cancelling })
        #expect(Self.isOnTheShelf(s))
    }

    /// A touchpad's smooth scroll: small fractions at 60 Hz, the progress tracking their sum
    /// frame by frame; lifted past half it opens, lifted early and slowly it springs back at
    /// once (no hold: a smooth stream has no notches to wait for), flicked it opens.
    @Test(arguments: [(0.1, 30, true), (0.04, 20, false), (0.3, 5, true)])
    func aTouchpadStreamTracksContinuously(step: Double, count: Int, opens: Bool) {
        let s = AppDriver()
        let times = (0..<count).map { Double($0) * Self.dt }
        let events = times.map { ($0, InputEvent.wheel(dx: 0, dy: step)) }
        let frames = Self.record(s, until: 2.5, events: events)
        for (i, t) in times.enumerated().dropFirst() {
            let frame = frames.first { abs($0.t - t) < 1e-9 }!
            #expect(frame.state == .interacting)
            #expect(abs(frame.progress - min(Double(i + 1) * step * Self.quarter, 1)) < 1e-9)
            #expect(abs(frame.openness - frame.progress) < 1e-9)
        }
        let release = frames.first { $0.state == .finishing || $0.state == .cancelling }
        #expect(abs((release?.t ?? -1) - (times.last! + PinchRecognizer.idleEnd)) < Self.dt + 1e-9)
        #expect(opens ? Self.isOpen(s) : Self.isOnTheShelf(s))
    }

    /// Ctrl+wheel (how precision touchpads send a pinch) runs the same timelines.
    @Test func ctrlWheelRunsTheSameTimelines() {
        for events in [Self.notches([0, 0.4, 0.8]), Self.notches([0, 0.05, 0.1, 0.15], dy: 1) + Self.notches([0.2], dy: -1)] {
            let plain = AppDriver(), ctrl = AppDriver()
            plain.recording = true
            ctrl.recording = true
            plain.run(until: 2.5, events: events)
            ctrl.run(until: 2.5, events: events.map { ($0.t, InputEvent.wheel(dx: 0, dy: 1 * ($0.event.dy ?? 0), modifiers: .ctrl)) })
            #expect(plain.traces == ctrl.traces)
        }
    }

    /// Wheel down in the open book closes it by the same rule; one notch down and nothing
    /// more holds, then opens again.
    @Test func theWheelClosesTheBookByTheSameRule() {
        let s = AppDriver()
        s.send(.key(.return))
        s.run(until: 1.2)
        let t0 = s.now + 0.005
        let frames = Self.record(s, until: t0 + 2, events: Self.notches([t0, t0 + 0.05, t0 + 0.1], dy: -1))
        let held = frames.first { $0.t >= t0 + 0.1 }!
        #expect(held.state == .interacting && abs(held.progress - 0.75) < 1e-9 && abs(held.openness - 0.25) < 1e-9)
        #expect(Self.isOnTheShelf(s))

        let again = AppDriver()
        again.send(.key(.return))
        again.run(until: 1.2)
        let t1 = again.now + 0.005
        _ = Self.record(again, until: t1 + 2, events: Self.notches([t1], dy: -1))
        #expect(Self.isOpen(again))
    }

    /// A notch on a book already opening sends it on; a notch back turns it round.
    @Test(arguments: [(1.0, true), (-1.0, false)])
    func aNotchOnARunningOpeningSteersIt(dy: Double, opens: Bool) {
        let s = AppDriver()
        s.send(.key(.return))
        s.run(until: 0.2)
        let shown = s.app.pose.openness
        s.send(.wheel(dx: 0, dy: dy))
        // Taking hold keeps the picture where it was, then moves it by the notch.
        #expect(s.state == .interacting)
        #expect(abs(s.app.pose.openness - min(max(shown, 0), 1) - dy * Self.quarter) < 1e-9
                || s.app.pose.openness == 1)
        s.run(until: 2.5)
        #expect(opens ? Self.isOpen(s) : Self.isOnTheShelf(s))
    }
}

private extension InputEvent {
    var dy: Double? {
        if case .wheel(_, let dy, _) = self { return dy }
        return nil
    }
}
