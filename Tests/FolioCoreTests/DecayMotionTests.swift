import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// UIScrollView's "fast" momentum: v(t) = v0 · 0.99^(1000 t) (SPEC §1).
@Suite struct DecayMotionTests {
    static let lambda = -1000 * log(0.99) // per second, ≈ 10.05

    @Test(arguments: [(0.0, 1000.0), (500.0, -2500.0), (-30.0, 42.0), (100.0, 0.0)])
    func flingRestsWhereTheIntegralEnds(position: Double, velocity: Double) {
        let rest = DecayMotion.restingPosition(from: position, velocity: velocity)
        #expect(abs(rest - (position - velocity / (1000 * log(0.99)))) < 1e-9)
        // ∫ v0·e^(−λt) dt from 0 to ∞ = v0/λ.
        #expect(abs(rest - (position + velocity / Self.lambda)) < 1e-9)
    }

    @Test(arguments: [(0.0, 744.0), (1860.0, 372.0), (10.0, 10.5)])
    func motionApproachesAndLandsOnTarget(start: Double, target: Double) {
        let m = DecayMotion(from: start, to: target)
        #expect(m.value(at: 0) == start)
        let settle = m.settleTime
        let times = Array(stride(from: 0, to: settle, by: 1.0 / 60))
        let gaps = times.map { abs(target - m.value(at: $0)) }
        #expect(worst(zip(gaps, gaps.dropFirst())) { $1 - $0 }.value <= 1e-12) // the gap only shrinks
        // The exponential shape, computed by hand.
        let shape = worst(times) { t in abs(m.value(at: t) - (target - (target - start) * exp(-Self.lambda * t))) }
        #expect(shape.value < 1e-9, "worst at t = \(shape.at ?? 0)")
        #expect(m.value(at: settle) == target)
        #expect(m.value(at: settle + 5) == target)
        #expect(m.velocity(at: settle) == 0)
        // Just before landing it is within the rest threshold.
        #expect(abs(m.value(at: max(0, settle - 1e-9)) - target) <= m.restThreshold + 1e-6)
        // Settle time: distance · e^(−λT) = threshold.
        #expect(abs(settle - log(abs(target - start) / 0.05) / Self.lambda) < 1e-12)
    }

    @Test func tinyMotionLandsAtOnce() {
        let m = DecayMotion(from: 10, to: 10.01)
        #expect(m.settleTime == 0 && m.value(at: 0) == 10.01)
    }

    /// A decay to the fling's resting position starts with the fling's velocity.
    @Test(arguments: [1280.0, -600.0, 3000.0])
    func initialVelocityMatchesTheFling(velocity: Double) {
        let p0 = 200.0
        let m = DecayMotion(from: p0, to: DecayMotion.restingPosition(from: p0, velocity: velocity))
        #expect(abs(m.initialVelocity - velocity) < 1e-9)
        #expect(abs(m.velocity(at: 0) - velocity) < 1e-9)
        let h = 1e-7
        #expect(abs((m.value(at: h) - m.value(at: 0)) / h - velocity) < 1e-3 * abs(velocity))
        // Halfway in time the velocity is v0·0.99^(1000 t).
        let t = 0.1
        #expect(abs(m.velocity(at: t) - velocity * pow(0.99, 1000 * t)) < 1e-9 * abs(velocity))
    }
}
