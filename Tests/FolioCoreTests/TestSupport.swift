// Helpers shared by the FolioCore tests: a seeded generator and reference implementations
// of SPEC §5's curves, written independently of the sources so the tests can disagree.

import Foundation
@testable import FolioCore
@testable import FolioLibrary

/// SplitMix64: a tiny seeded generator so that random property tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// SPEC §5 recomputed from the formulas, by bisection rather than Newton.
enum Reference {
    /// The underdamped envelope term `((ζω0 − v)/ωd)·e^(−ζω0T)`.
    static func envelope(omega w: Double, zeta z: Double, duration T: Double, velocity v: Double) -> Double {
        let wd = w * (1 - z * z).squareRoot()
        return (z * w - v) / wd * exp(-z * w * T)
    }

    /// ω0 with envelope = 0.001, searched on the decaying side above 5/T (underdamped only).
    static func springOmega(zeta: Double, duration T: Double, velocity v: Double) -> Double {
        var lo = 5 / T, hi = 1000 / T
        precondition(envelope(omega: lo, zeta: zeta, duration: T, velocity: v) > 0.001)
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if envelope(omega: mid, zeta: zeta, duration: T, velocity: v) > 0.001 { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// The free underdamped spring 0 → 1: `1 − e^(−ζω0t)(cos ωd t + ((ζω0 − v)/ωd) sin ωd t)`.
    static func springValue(at t: Double, zeta z: Double, omega w: Double, velocity v: Double) -> Double {
        let wd = w * (1 - z * z).squareRoot()
        let b = (z * w - v) / wd
        return 1 - exp(-z * w * t) * (cos(wd * t) + b * sin(wd * t))
    }

    /// The push curve (ζ 0.7, T 1 s, v 0.7), ω0 solved once.
    static let pushOmega = springOmega(zeta: 0.7, duration: 1, velocity: 0.7)
    static func pushSpring(_ t: Double) -> Double {
        springValue(at: t, zeta: 0.7, omega: pushOmega, velocity: 0.7)
    }

    /// Cubic Bézier (0,0)–(x1,y1)–(x2,y2)–(1,1): y for x, with x(s) solved by bisection.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, x: Double) -> Double {
        func b(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if b(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return b(y1, y2, (lo + hi) / 2)
    }

    static func easeInOut(_ x: Double) -> Double {
        x <= 0 ? 0 : x >= 1 ? 1 : bezier(0.42, 0, 0.58, 1, x: x)
    }
}

func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

/// The largest value of `f` over `inputs` and the input giving it, so that a sweep reports
/// one issue naming its worst case instead of one per sample.
func worst<S: Sequence>(_ inputs: S, _ f: (S.Element) -> Double) -> (value: Double, at: S.Element?) {
    var result: (value: Double, at: S.Element?) = (-.infinity, nil)
    for x in inputs {
        let v = f(x)
        if v > result.value || v.isNaN { result = (v.isNaN ? .infinity : v, x) }
    }
    return result
}
