import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// What every Motion promises (STYLE 2 and 10), checked for every Motion type with several
/// parameter sets: exact endpoints, rest after `settleTime`, `isDone`, velocity as the
/// derivative of the value, and no jump on the way but the landing.
@Suite struct MotionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let motion: any Motion
        let start: Double
        let end: Double
        /// The most the value may jump where the motion lands on its end (UIKit's spring
        /// lands from within its envelope of 0.001 times the oscillation's amplitude; a
        /// decay from its rest threshold).
        let landing: Double
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "ease-in-out 1 s", motion: TimingCurve.easeInOut(duration: 1), start: 0, end: 1, landing: 0),
        Case(name: "ease-in-out 2.5 s", motion: TimingCurve.easeInOut(duration: 2.5), start: 0, end: 1, landing: 0),
        Case(name: "linear 4 s", motion: TimingCurve.linear(duration: 4), start: 0, end: 1, landing: 0),
        Case(name: "ramp 0.4 s", motion: Ramp(duration: 0.4), start: 0, end: 1, landing: 0),
        Case(name: "unit decay over 900 points", motion: DecayMotion.unit(over: 900), start: 0, end: 1, landing: 0.05 / 900),
        Case(name: "push spring", motion: Spring(dampingRatio: 0.7, duration: 1, initialVelocity: 0.7),
             start: 0, end: 1, landing: 0.002),
        Case(name: "loose spring", motion: Spring(dampingRatio: 0.3, duration: 1, initialVelocity: 0),
             start: 0, end: 1, landing: 0.004),
        Case(name: "slow spring", motion: Spring(dampingRatio: 0.9, duration: 2, initialVelocity: 1.5),
             start: 0, end: 1, landing: 0.002),
        Case(name: "critically damped spring", motion: Spring(dampingRatio: 1, duration: 1, initialVelocity: 0.7),
             start: 0, end: 1, landing: 0.002),
        Case(name: "decay forward", motion: DecayMotion(from: 0, to: 744), start: 0, end: 744, landing: 0.05),
        Case(name: "decay back", motion: DecayMotion(from: 1860, to: 372), start: 1860, end: 372, landing: 0.05),
        Case(name: "short decay", motion: DecayMotion(from: 10, to: 10.5), start: 10, end: 10.5, landing: 0.05),
    ]

    @Test(arguments: cases)
    func endpointsAreExactAndItRestsThere(_ c: Case) {
        let m = c.motion, settle = m.settleTime
        #expect(settle > 0)
        #expect(m.value(at: 0) == c.start && m.value(at: -1) == c.start)
        #expect(m.value(at: settle) == c.end && m.value(at: 2 * settle + 1) == c.end)
        #expect(m.velocity(at: settle) == 0 && m.velocity(at: settle + 1) == 0)
        #expect(m.isDone(at: settle) && !m.isDone(at: settle * 0.999))
        #expect(abs(m.value(at: settle * (1 - 1e-9)) - c.end) <= c.landing + 1e-9 * abs(c.end - c.start))
    }

    @Test(arguments: cases)
    func velocityIsTheDerivativeOfTheValue(_ c: Case) {
        let m = c.motion, settle = m.settleTime
        let h = 1e-6 * settle
        let w = worst((1..<100).map { settle * Double($0) / 100 }) { t in
            let v = m.velocity(at: t)
            return abs(v - (m.value(at: t + h) - m.value(at: t - h)) / (2 * h)) / max(1, abs(v))
        }
        #expect(w.value < 1e-5, "worst at t = \(w.at ?? .nan)")
    }

    /// Between samples 1/1000 of the way apart the value moves no more than its fastest
    /// velocity allows, except by the landing at the end.
    @Test(arguments: cases)
    func noJumpButTheLanding(_ c: Case) {
        let m = c.motion, settle = m.settleTime
        let times = (0...1000).map { settle * Double($0) / 1000 }
        let speed = times.map { abs(m.velocity(at: $0)) }.max() ?? 0
        let step = settle / 1000
        let w = worst(zip(times, times.dropFirst())) { a, b in
            abs(m.value(at: b) - m.value(at: a)) - (1.01 * speed * step + c.landing)
        }
        #expect(w.value <= 1e-12, "jump between \(w.at?.0 ?? .nan) and \(w.at?.1 ?? .nan)")
    }
}
