import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// UIKit's spring (SPEC §5): damping ratio 0.7, duration 1 s, initial velocity 0.7.
@Suite struct SpringTests {
    let spring = Spring(dampingRatio: 0.7, duration: 1, initialVelocity: 0.7)

    static func relative(_ a: Double, _ b: Double) -> Double { abs(a - b) / abs(b) }

    @Test func physicalParametersMatchSpec() {
        #expect(Self.relative(spring.naturalFrequency, 9.684) < 1e-3)
        #expect(Self.relative(spring.stiffness, 93.78) < 1e-3)
        #expect(Self.relative(spring.damping, 13.56) < 1e-3)
        #expect(spring.mass == 1)
        // And against an independent bisection solve of the envelope equation.
        #expect(Self.relative(spring.naturalFrequency, Reference.pushOmega) < 1e-8)
    }

    @Test func envelopeTermIsOneThousandthAtTheSolvedFrequency() {
        let z = 0.7, w = spring.naturalFrequency, v = 0.7, T = 1.0
        let wd = w * (1 - z * z).squareRoot()
        let envelope = (z * w - v) / wd * exp(-z * w * T)
        #expect(abs(envelope - 0.001) < 1e-9)
    }

    @Test(arguments: [(0.5, 0.5, 0.0), (0.9, 2.0, 1.5), (0.3, 1.0, 0.0), (0.7, 0.3, 0.7)])
    func envelopeIsSolvedForOtherParameters(zeta: Double, duration: Double, velocity: Double) {
        let s = Spring(dampingRatio: zeta, duration: duration, initialVelocity: velocity)
        let e = Reference.envelope(omega: s.naturalFrequency, zeta: zeta, duration: duration, velocity: velocity)
        #expect(abs(e - 0.001) < 1e-8)
        #expect(Self.relative(s.naturalFrequency,
                              Reference.springOmega(zeta: zeta, duration: duration, velocity: velocity)) < 1e-8)
        #expect(s.value(at: duration) == 1 && s.value(at: 0) == 0)
    }

    @Test func overshootPeaksAt4Point61PercentNear0Point446Seconds() {
        var peak = (t: 0.0, x: -Double.infinity)
        var t = 0.0
        while t < 1 {
            let x = spring.value(at: t)
            if x > peak.x { peak = (t, x) }
            t += 1e-4
        }
        #expect(abs((peak.x - 1) - 0.0461) < 0.0005)
        #expect(abs(peak.t - 0.446) < 0.005)
        // The same from the closed form written out in the test.
        #expect(abs(spring.value(at: peak.t) - Reference.pushSpring(peak.t)) < 1e-9)
    }

    @Test func freeSpringIsShortOfOneAtTheEnd() {
        #expect(abs(spring.freeValue(at: 1) - 0.9985) < 1e-4)
        #expect(abs(spring.freeValue(at: 1) - Reference.pushSpring(1)) < 1e-9)
    }

    @Test func valueFollowsTheClosedForm() {
        let w = worst((1..<100).map { Double($0) / 100 }) { abs(spring.value(at: $0) - Reference.pushSpring($0)) }
        #expect(w.value < 1e-9, "worst at t = \(w.at!)")
    }

    @Test func initialVelocityIsPreserved() {
        #expect(abs(spring.velocity(at: 0) - 0.7) < 1e-9)
        // The closed form's own slope at 0, by a one-sided difference.
        let h = 1e-7
        #expect(abs((Reference.pushSpring(h) - Reference.pushSpring(0)) / h - 0.7) < 1e-4)
    }

    @Test(arguments: [0.0, 0.7])
    func criticallyDampedNeverOvershoots(velocity: Double) {
        for ratio in [1.0, 3.0] { // ratios above 1 clamp to 1
            let s = Spring(dampingRatio: ratio, duration: 1, initialVelocity: velocity)
            #expect(s.dampingRatio == 1)
            let xs = (0...1000).map { s.freeValue(at: Double($0) / 1000) }
            #expect(xs.max()! <= 1 + 1e-12)                                // no overshoot
            #expect(worst(zip(xs, xs.dropFirst())) { $0 - $1 }.value <= 1e-12) // never turns back
            // 1 − x(T) = e^(−ω0T)(1 + (ω0 − v)T), the critically damped remainder.
            let w = s.naturalFrequency
            #expect(abs((1 - s.freeValue(at: 1)) - exp(-w) * (1 + (w - velocity))) < 1e-12)
            #expect(s.value(at: 1) == 1)
        }
    }
}
