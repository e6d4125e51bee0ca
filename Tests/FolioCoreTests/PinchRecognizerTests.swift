import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// The wheel as a pinch: each event reports its notches, the gesture ends after 0.25 s idle
/// or when the pointer leaves, and the release says how the wheel was moving.
@Suite struct PinchRecognizerTests {
    @Test(arguments: [[1.0], [1.0, 1.0, 1.0], [-1.0, -1.0], [0.5, 0.25, -2.0], [3.0, -3.0]])
    func eventsReportTheirNotchesAndTheGestureSumsThem(notches: [Double]) {
        var pinch = PinchRecognizer()
        for (i, dy) in notches.enumerated() {
            switch pinch.wheel(dy: dy, at: Double(i) * 0.05) {
            case .began(let d): #expect(i == 0 && d == dy)
            case .changed(let d): #expect(i > 0 && d == dy)
            case .ended: Issue.record("a wheel event does not end the gesture")
            }
        }
        #expect(abs((pinch.notches ?? .nan) - notches.reduce(0, +)) < 1e-12)
    }

    @Test func endsAfterAQuarterSecondIdleNotBefore() {
        var pinch = PinchRecognizer()
        _ = pinch.wheel(dy: 1, at: 1)
        _ = pinch.wheel(dy: 1, at: 1.1)
        #expect(pinch.update(at: 1.2) == nil)
        #expect(pinch.update(at: 1.1 + 0.249) == nil)
        #expect(pinch.isActive)
        guard case .ended(let release)? = pinch.update(at: 1.1 + 0.25) else {
            Issue.record("not ended after 0.25 s idle")
            return
        }
        #expect(release.notches == 2 && release.lastDirection == 1 && release.notched)
        #expect(!pinch.isActive && pinch.update(at: 5) == nil)
        // The next notch begins a new gesture.
        guard case .began(let dy) = pinch.wheel(dy: -1, at: 6) else {
            Issue.record("the next notch did not begin a gesture")
            return
        }
        #expect(dy == -1 && pinch.notches == -1)
    }

    @Test func pointerLeavingEndsTheGesture() {
        var pinch = PinchRecognizer()
        #expect(pinch.pointerLeft() == nil)
        _ = pinch.wheel(dy: 2, at: 0)
        guard case .ended(let release)? = pinch.pointerLeft() else {
            Issue.record("pointer leaving did not end the gesture")
            return
        }
        #expect(release.notches == 2 && !pinch.isActive)
    }

    @Test func singleNotchHasNoVelocity() {
        var pinch = PinchRecognizer()
        _ = pinch.wheel(dy: 1, at: 0)
        guard case .ended(let release)? = pinch.update(at: 0.3) else {
            Issue.record("not ended")
            return
        }
        #expect(release.velocity == 0 && release.notched)
    }

    /// Three notches up then one down: the release looks at the last movement, not the net.
    @Test func theLastEventGivesTheDirection() {
        var pinch = PinchRecognizer()
        for (i, dy) in [1.0, 1, 1, -1].enumerated() { _ = pinch.wheel(dy: dy, at: 0.06 * Double(i)) }
        guard case .ended(let release)? = pinch.update(at: 1) else {
            Issue.record("not ended")
            return
        }
        #expect(release.lastDirection == -1 && release.notches == 2)
    }

    /// A smooth stream (touchpad, high-resolution wheel) is not notched.
    @Test func fractionsAreNotNotches() {
        var pinch = PinchRecognizer()
        for i in 0..<10 { _ = pinch.wheel(dy: 0.15, at: 0.016 * Double(i)) }
        guard case .ended(let release)? = pinch.update(at: 1) else {
            Issue.record("not ended")
            return
        }
        #expect(!release.notched && abs(release.notches - 1.5) < 1e-12)
    }

    /// The release velocity counts the notches after the first one in the last 0.15 s over
    /// the time they took: a steady run gives its rate, twice as fast gives twice the rate,
    /// and it points the way the wheel turned.
    @Test(arguments: [1.0, -1.0])
    func velocityOfAQuickRun(direction: Double) {
        func release(gap: Double) -> PinchRecognizer.Release? {
            var pinch = PinchRecognizer()
            for i in 0..<3 { _ = pinch.wheel(dy: direction, at: gap * Double(i)) }
            guard case .ended(let release)? = pinch.update(at: 2 * gap + 0.25) else { return nil }
            return release
        }
        guard let run = release(gap: 0.06), let quick = release(gap: 0.03) else {
            Issue.record("not ended")
            return
        }
        #expect(abs(run.velocity - direction / 0.06) < 1e-9)
        #expect(abs(quick.velocity - 2 * run.velocity) < 1e-9)
        // Notches older than the window do not count: a slow roll has no velocity.
        var slow = PinchRecognizer()
        for i in 0..<3 { _ = slow.wheel(dy: direction, at: 0.4 * Double(i)) }
        guard case .ended(let r)? = slow.update(at: 2) else { Issue.record("not ended"); return }
        #expect(r.velocity == 0)
    }
}
