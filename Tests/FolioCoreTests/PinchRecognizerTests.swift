import Foundation
import Testing
@testable import FolioCore

/// The wheel as a pinch (SPEC §4): scale = exp(ln 1.25 · Σ notches).
@Suite struct PinchRecognizerTests {
    static let k = log(1.25)

    @Test(arguments: [[1.0], [1.0, 1.0, 1.0], [-1.0, -1.0], [0.5, 0.25, -2.0], [3.0, -3.0]])
    func scaleIsExponentialInTheNotches(notches: [Double]) {
        var pinch = PinchRecognizer()
        var sum = 0.0
        for (i, dy) in notches.enumerated() {
            sum += dy
            let phase = pinch.wheel(dy: dy, at: Double(i) * 0.05)
            let expected = exp(Self.k * sum)
            switch phase {
            case .began(let s): #expect(i == 0 && abs(s - expected) < 1e-12)
            case .changed(let s): #expect(i > 0 && abs(s - expected) < 1e-12)
            case .ended: Issue.record("a wheel event does not end the gesture")
            }
        }
        // Three notches spread to 1.25³ = 1.953125.
        if notches == [1, 1, 1] { #expect(abs(pinch.scale - 1.953125) < 1e-12) }
    }

    @Test func endsAfterAQuarterSecondIdleNotBefore() {
        var pinch = PinchRecognizer()
        _ = pinch.wheel(dy: 1, at: 1)
        _ = pinch.wheel(dy: 1, at: 1.1)
        #expect(pinch.update(at: 1.2) == nil)
        #expect(pinch.update(at: 1.1 + 0.249) == nil)
        #expect(pinch.isActive)
        guard case .ended(let scale, _)? = pinch.update(at: 1.1 + 0.25) else {
            Issue.record("not ended after 0.25 s idle")
            return
        }
        #expect(abs(scale - 1.5625) < 1e-12)
        #expect(!pinch.isActive && pinch.update(at: 5) == nil)
        // The next notch begins a new gesture from scale 1.
        guard case .began(let fresh) = pinch.wheel(dy: -1, at: 6) else {
            Issue.record("the next notch did not begin a gesture")
            return
        }
        #expect(abs(fresh - 0.8) < 1e-12)
    }

    @Test func pointerLeavingEndsTheGesture() {
        var pinch = PinchRecognizer()
        #expect(pinch.pointerLeft() == nil)
        _ = pinch.wheel(dy: 2, at: 0)
        guard case .ended(let scale, _)? = pinch.pointerLeft() else {
            Issue.record("pointer leaving did not end the gesture")
            return
        }
        #expect(abs(scale - 1.5625) < 1e-12 && !pinch.isActive)
    }

    @Test func singleNotchHasNoVelocity() {
        var pinch = PinchRecognizer()
        _ = pinch.wheel(dy: 1, at: 0)
        guard case .ended(let scale, let velocity)? = pinch.update(at: 0.3) else {
            Issue.record("not ended")
            return
        }
        #expect(abs(scale - 1.25) < 1e-12 && velocity == 0)
    }

    /// The release velocity is d(scale)/dt at the end of a steady run: it lies between the
    /// slope of the last notch and the slope the next notch would have had (the scale is
    /// exponential in the notches), points the way the wheel turned, and doubles when the
    /// same run takes half the time.
    @Test(arguments: [1.0, -1.0])
    func velocityOfAQuickRun(direction: Double) {
        func release(gap: Double) -> (scale: Double, velocity: Double)? {
            var pinch = PinchRecognizer()
            for i in 0..<3 { _ = pinch.wheel(dy: direction, at: gap * Double(i)) }
            guard case .ended(let scale, let velocity)? = pinch.update(at: 2 * gap + 0.25) else { return nil }
            return (scale, velocity)
        }
        guard let run = release(gap: 0.06), let quick = release(gap: 0.03) else {
            Issue.record("not ended")
            return
        }
        let scales = (2...4).map { pow(1.25, direction * Double($0)) } // after notches 2, 3, 4
        #expect(abs(run.scale - scales[1]) < 1e-12)
        let lastSlope = (scales[1] - scales[0]) / 0.06, nextSlope = (scales[2] - scales[1]) / 0.06
        #expect(run.velocity > min(lastSlope, nextSlope) && run.velocity < max(lastSlope, nextSlope))
        #expect(run.velocity * direction > 0)
        #expect(abs(quick.velocity - 2 * run.velocity) < 1e-9 * abs(run.velocity))
    }
}
