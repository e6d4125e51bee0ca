import Testing
@testable import FolioCore

/// The one animated value (`Glide`): it starts where it is told, lands exactly on its
/// target, follows its motion in between, and a retarget mid-way starts from what was shown.
@Suite struct GlideTests {
    static let motions: [any Motion] = [
        TimingCurve.easeInOut(duration: 0.3), Spring(dampingRatio: 0.7, duration: 1, initialVelocity: 0.7),
        Ramp(duration: 0.5), DecayMotion.unit(over: 640),
    ]

    @Test(arguments: 0..<motions.count)
    func endpointsAndShape(_ i: Int) {
        let motion = Self.motions[i]
        let glide = Glide(from: 10.0, to: -30.0, motion: motion, start: 2)
        #expect(glide.value(at: 2) == 10 || abs(glide.value(at: 2) - 10) < 1e-9)
        #expect(glide.value(at: 1) == glide.value(at: 2), "before its start a glide shows where it starts")
        // (2 + settleTime − 2 may round below settleTime: a hair later it has landed.)
        let landed = 2 + motion.settleTime * (1 + 1e-12)
        #expect(glide.value(at: landed) == -30 && glide.isDone(at: landed))
        for k in 1..<20 {
            let t = motion.settleTime * Double(k) / 20
            #expect(abs(glide.value(at: 2 + t) - (10 - 40 * motion.value(at: t))) < 1e-9)
            #expect(!glide.isDone(at: 2 + t))
        }
    }

    @Test func aRetargetStartsFromWhatIsShown() {
        var glide = Glide(from: ScreenTransform.identity, to: ScreenTransform(scale: 2, offset: Point(x: -100, y: -50)),
                          motion: TimingCurve.easeInOut(duration: 0.25), start: 0)
        let shown = glide.value(at: 0.1)
        glide.retarget(from: shown, to: .identity, motion: TimingCurve.easeInOut(duration: 0.25), at: 0.1)
        #expect(glide.value(at: 0.1) == shown && glide.value(at: 0.4) == .identity)
        #expect(glide.value(at: 0.2).scale < shown.scale && glide.value(at: 0.2).scale > 1)
    }

    @Test func aRestingGlideStaysPut() {
        var glide = Glide(at: 4.0)
        #expect(glide.value(at: 0) == 4 && glide.value(at: 100) == 4 && glide.isDone(at: 1))
        glide.retarget(from: 4, to: 8, motion: Ramp(duration: 1), at: 10)
        #expect(glide.value(at: 10.5) == 6)
        glide.settle(on: 1)
        #expect(glide.value(at: 10.5) == 1 && glide == Glide(at: 1.0))
    }
}
