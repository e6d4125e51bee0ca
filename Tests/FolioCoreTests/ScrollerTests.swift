import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// One scroll axis: rubber band, momentum, snapping (SPEC §1).
@Suite struct ScrollerTests {
    static let W = 1280.0
    static let shelf = ShelfLayout(size: Size(width: 1280, height: 800), bookCount: 6)

    static func band(_ x: Double, _ d: Double = W) -> Double {
        let magnitude = (1 - 1 / (abs(x) * 0.55 / d + 1)) * d
        return x < 0 ? -magnitude : magnitude
    }

    @Test(arguments: [0.0, 10.0, 100.0, 640.0, 5000.0, -300.0, -1e6])
    func rubberBandFormula(x: Double) {
        let shown = Scroller.rubberBand(x, dimension: Self.W)
        #expect(abs(shown - Self.band(x)) < 1e-9)
        #expect(abs(shown) < Self.W)             // never a full screen
        #expect(abs(shown) <= abs(x) * 0.55 + 1e-12) // slope 0.55 at the edge, less beyond
    }

    @Test func rubberBandIsMonotonic() {
        var previous = -Double.infinity
        for k in -200...200 {
            let y = Scroller.rubberBand(Double(k) * 25, dimension: Self.W)
            #expect(y > previous)
            previous = y
        }
    }

    @Test func draggingPastAnEdgeShowsTheRubberBand() {
        var s = Scroller(position: 0, range: 0...1860, dimension: Self.W)
        s.beginDrag(at: 0)
        s.drag(by: -200, at: 0.016)
        #expect(abs(s.position - Self.band(-200)) < 1e-9)
        s.drag(by: -100, at: 0.032)
        #expect(abs(s.position - Self.band(-300)) < 1e-9)
        s.drag(by: 300 + 500, at: 0.048) // back inside: no band
        #expect(abs(s.position - 500) < 1e-9)
        s.drag(by: 1360 + 250, at: 0.064) // past the far edge by 250
        #expect(abs(s.position - (1860 + Self.band(250))) < 1e-9)
        #expect(s.isDragging)
    }

    /// A drag at 1280 pt/s released at once lands on the snap target for its projected rest.
    @Test func releaseWithVelocityLandsOnTheSnapTarget() {
        var s = Scroller(position: 0, range: Self.shelf.range, dimension: Self.W)
        let dt = 1.0 / 64
        s.beginDrag(at: 0)
        for k in 1...8 { s.drag(by: 20, at: Double(k) * dt) } // 160 pt in 0.125 s
        let release = 8 * dt
        let velocity = 20 / dt
        #expect(abs(s.dragVelocity(at: release) - velocity) < 1e-9)
        var seen: (rest: Double, velocity: Double)?
        s.endDrag(at: release) { rest, v in
            seen = (rest, v)
            return Self.shelf.snapTarget(rest: rest, velocity: v)
        }
        let expectedRest = 160 - velocity / (1000 * log(0.99)) // ≈ 287.4
        #expect(abs((seen?.rest ?? 0) - expectedRest) < 1e-9)
        #expect(abs((seen?.velocity ?? 0) - velocity) < 1e-9)
        #expect(s.isAnimating && s.target == 372) // ceil(287.4 / 372) = 1
        for t in FixedStep.times(after: release, through: release + 5) where s.isAnimating { s.update(at: t) }
        #expect(s.position == 372 && !s.isAnimating)
    }

    @Test func releaseAfterRestingHasNoVelocity() {
        var s = Scroller(position: 0, range: Self.shelf.range, dimension: Self.W)
        s.beginDrag(at: 0)
        s.drag(by: 250, at: 0.05)
        #expect(s.dragVelocity(at: 0.5) == 0)
        var seenVelocity = Double.nan
        s.endDrag(at: 0.5) { rest, v in
            seenVelocity = v
            #expect(rest == 250)
            return Self.shelf.snapTarget(rest: rest, velocity: v)
        }
        #expect(seenVelocity == 0 && s.target == 372) // round(250/372) = 1
    }

    @Test func releasePastTheEdgeReturnsToIt() {
        var s = Scroller(position: 0, range: 0...1860, dimension: Self.W)
        s.beginDrag(at: 0)
        s.drag(by: -400, at: 0.05)
        s.endDrag(at: 1) { rest, v in Self.shelf.snapTarget(rest: rest, velocity: v) }
        #expect(s.target == 0)
        s.update(at: 10)
        #expect(s.position == 0 && !s.isAnimating)
    }

    @Test(arguments: [(-50.0, 0.0), (1e6, 1860.0), (700.0, 700.0)])
    func jumpAndScrollClampToTheRange(requested: Double, expected: Double) {
        var s = Scroller(position: 400, range: 0...1860, dimension: Self.W)
        s.jump(to: requested)
        #expect(s.position == expected && !s.isAnimating)
        var glide = Scroller(position: 400, range: 0...1860, dimension: Self.W)
        glide.scroll(to: requested, at: 0)
        #expect(glide.target == expected)
        glide.update(at: 100)
        #expect(glide.position == expected)
        #expect(Scroller(position: -10, range: 0...5, dimension: 10).position == 0)
    }

    @Test func scrollFollowsTheDecayAndEndsExactlyOnTarget() {
        var s = Scroller(position: 0, range: 0...1860, dimension: Self.W)
        s.scroll(to: 744, at: 2)
        let lambda = -1000 * log(0.99)
        let settle = log(744 / 0.05) / lambda
        var previous = 0.0
        for t in FixedStep.times(after: 2, through: 2 + settle) {
            s.update(at: t)
            if s.isAnimating {
                #expect(abs(s.position - 744 * (1 - exp(-lambda * (t - 2)))) < 1e-9)
            }
            #expect(s.position >= previous)
            previous = s.position
        }
        s.update(at: 2 + settle + 1e-6)
        #expect(s.position == 744 && !s.isAnimating)
    }

    @Test func scrollToWhereItIsStaysIdle() {
        var s = Scroller(position: 372, range: 0...1860, dimension: Self.W)
        s.scroll(to: 372, at: 0)
        #expect(!s.isAnimating && s.position == 372)
    }
}
