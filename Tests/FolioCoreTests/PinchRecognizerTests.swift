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

    /// d(scale)/dt ≈ scale · k · Δnotches / Δt over the tail.
    @Test(arguments: [1.0, -1.0])
    func velocityOfAQuickRun(direction: Double) {
        var pinch = PinchRecognizer()
        for i in 0..<3 { _ = pinch.wheel(dy: direction, at: 0.06 * Double(i)) }
        guard case .ended(let scale, let velocity)? = pinch.update(at: 0.12 + 0.25) else {
            Issue.record("not ended")
            return
        }
        let expectedScale = exp(Self.k * 3 * direction)
        #expect(abs(scale - expectedScale) < 1e-12)
        #expect(abs(velocity - expectedScale * Self.k * 2 * direction / 0.12) < 1e-9)
        #expect(velocity * direction > 0)
    }
}
