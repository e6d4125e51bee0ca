import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// UIKit's ease-in-out, cubic Bézier (0.42, 0, 0.58, 1) (SPEC §5).
@Suite struct TimingCurveTests {
    let curve = TimingCurve.easeInOut()

    @Test(arguments: [(0.25, 0.12916), (0.5, 0.5), (0.75, 0.87084)])
    func easeInOutMatchesSpecValues(x: Double, y: Double) {
        #expect(abs(curve.progress(atFraction: x) - y) < 1e-4)
    }

    /// Against an independent bisection solve of the same Bézier.
    @Test func easeInOutMatchesReferenceBezier() {
        let w = worst((0...200).map { Double($0) / 200 }) { abs(curve.progress(atFraction: $0) - Reference.easeInOut($0)) }
        #expect(w.value < 1e-7, "worst at x = \(w.at!)")
    }

    /// Point symmetry: the control points mirror about (0.5, 0.5).
    @Test func easeInOutIsPointSymmetric() {
        let w = worst((0...100).map { Double($0) / 100 }) {
            abs(curve.progress(atFraction: $0) + curve.progress(atFraction: 1 - $0) - 1)
        }
        #expect(w.value < 1e-8, "worst at x = \(w.at!)")
    }

    @Test func easeInOutIsMonotonic() {
        let ys = (0...2000).map { curve.progress(atFraction: Double($0) / 2000) }
        let drop = worst(zip(ys, ys.dropFirst())) { $0 - $1 } // largest decrease
        #expect(drop.value <= 1e-12)
    }

    /// The steepest slope of this curve is 1.5 / 0.87 ≈ 1.72 at x = 0.5 (dy/ds over dx/ds),
    /// so a step of h in x moves y by less than 2h.
    @Test func easeInOutIsContinuous() {
        let h = 1e-4
        let step = worst(stride(from: 0, to: 1, by: h * 37)) {
            abs(curve.progress(atFraction: $0 + h) - curve.progress(atFraction: $0))
        }
        #expect(step.value <= 2 * h, "at x = \(step.at!)")
        let steepest = curve.velocity(at: 0.5)
        #expect(abs(steepest - 1.5 / 0.87) < 1e-6)
    }

    /// Ease-in-out starts and ends at rest.
    @Test func easeInOutStartsAndEndsAtRest() {
        let c = TimingCurve.easeInOut(duration: 2.5)
        #expect(c.velocity(at: 0) == 0 && abs(c.velocity(at: 2.5 * 1e-4)) < 1e-3)
    }

    @Test func linearIsTheIdentityOverItsDuration() {
        let c = TimingCurve.linear(duration: 4)
        let w = worst((0...40).map { Double($0) / 10 }) { abs(c.value(at: $0) - $0 / 4) }
        #expect(w.value < 1e-9)
    }
}
