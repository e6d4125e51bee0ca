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

    /// The column's curve: quick to start, easing out.
    static let easeOut = TimingCurve(0, 0, 0.58, 1, duration: 0.2)

    /// Sent nearer the way it moves, a glide keeps its speed (no brake at the retarget), stays
    /// between where it was and its target, and lands on time.
    @Test func aGlideSentNearerTheWayItMovesKeepsItsSpeed() {
        var glide = Glide(from: 0.0, to: 1000, motion: Self.easeOut, start: 0)
        let t = 0.05, shown = glide.value(at: t), speed = glide.speed(at: t)
        // Where the curve itself would start slower than the glide moves.
        let target = shown + speed * Self.easeOut.duration / 2.5
        #expect(Self.easeOut.startSlope * (target - shown) / Self.easeOut.duration < speed)
        glide.retarget(from: shown, to: target, keepingSpeedAlong: Self.easeOut, at: t)
        #expect(abs(glide.value(at: t) - shown) < 1e-9)
        #expect(abs(glide.speed(at: t + 1e-6) - speed) / speed < 0.01, "\(glide.speed(at: t + 1e-6)) against \(speed)")
        for k in 1...40 {
            let v = glide.value(at: t + 0.2 * Double(k) / 40)
            #expect(v >= shown - 1e-9 && v <= target + 1e-9)
        }
        #expect(glide.value(at: t + 0.2 + 1e-9) == target)
        // The old way braked at once: the curve's own start is slower than the glide was.
        var braking = Glide(from: 0.0, to: 1000, motion: Self.easeOut, start: 0)
        braking.retarget(from: shown, to: target, motion: Self.easeOut, at: t)
        #expect(braking.speed(at: t + 1e-6) < 0.9 * speed)
    }

    /// A zoom sent nearer while it glides (a step back from 4× towards 2× asked mid-way)
    /// keeps the speed of its magnification, as the column's scroll does, and lands on its
    /// target on time; a plain retarget would brake at once.
    @Test func aZoomSentNearerWhileItGlidesKeepsItsSpeed() {
        let window = Size(width: 1280, height: 800), spread = Rect(x: 140, y: 50, width: 1000, height: 700)
        let centre = Point(x: 640, y: 400), h = 1e-5
        func speed(_ zoom: BookZoom, at t: Double) -> Double {
            var a = zoom, b = zoom
            a.update(at: t)
            b.update(at: t + h)
            return (b.current.scale - a.current.scale) / h
        }
        var zoom = BookZoom(window: window, spread: spread)
        zoom.zoom(to: 4, about: centre, at: 0)
        let t = 0.04
        zoom.update(at: t)
        let shown = zoom.current.scale, before = speed(zoom, at: t)
        let nearer = shown + before * BookZoom.duration / 2.5
        zoom.zoom(to: nearer, about: centre, at: t)
        let after = speed(zoom, at: t)
        #expect(before > 0 && abs(after - before) / before < 0.02, "\(after) against \(before)")
        zoom.update(at: t + BookZoom.duration + 1e-9)
        #expect(abs(zoom.current.scale - nearer) < 1e-9 && !zoom.isAnimating)
        // The old way: the curve's own start from there is slower than the zoom was.
        var braking = Glide(from: ScreenTransform.identity, to: ScreenTransform(scale: 4), motion: BookZoom.curve, start: 0)
        braking.retarget(from: ScreenTransform(scale: shown), to: ScreenTransform(scale: nearer), motion: BookZoom.curve, at: t)
        #expect(braking.velocity(at: t + h)[0] / ScreenTransform.measuringReach < 0.9 * before)
    }

    /// From rest, or turned back, a glide starts as its curve does; a start faster than the
    /// curve can take without overshooting is held to three times the straight line's.
    @Test func aGlideFromRestOrTurnedBackStartsAsItsCurve() {
        var still = Glide(at: 50.0)
        still.retarget(from: 50, to: 170, keepingSpeedAlong: Self.easeOut, at: 3)
        #expect(still == Glide(from: 50, to: 170, motion: Self.easeOut, start: 3))
        var turned = Glide(from: 0.0, to: 1000, motion: Self.easeOut, start: 0)
        let shown = turned.value(at: 0.05)
        turned.retarget(from: shown, to: shown - 100, keepingSpeedAlong: Self.easeOut, at: 0.05)
        #expect(turned == Glide(from: shown, to: shown - 100, motion: Self.easeOut, start: 0.05))
        let fast = Self.easeOut.starting(atSlope: 50)
        #expect(abs(fast.velocity(at: 1e-7) * fast.duration - 3) < 0.01)
        #expect((0...20).allSatisfy { fast.value(at: 0.2 * Double($0) / 20) <= 1 + 1e-9 })
        #expect(Self.easeOut.starting(atSlope: -4).startSlope == 0)
    }
}
