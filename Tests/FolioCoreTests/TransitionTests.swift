import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// NavigationStack, Transition and PercentDrivenInteraction with stub scenes and a
/// recording animator (the UIKit shapes of SPEC §3–4).
@Suite struct TransitionTests {
    final class StubScene: Scene {
        let kind: SceneKind
        init(_ kind: SceneKind) { self.kind = kind }
        var size: Size { Size(width: 1280, height: 800) }
        func resize(to size: Size) {}
        func handle(_ input: SceneInput, at time: Double) -> SceneRequest? { nil }
        func update(at time: Double) {}
        var isAtRest: Bool { true }
        var inputContext: KeyContext { .shelf }
        var restingPose: Double { 1 }
        var transitionAnimator: (any TransitionAnimator)? { nil }
        var deeper: SceneRequest? { nil }
        var back: SceneRequest? { nil }
        func isOpaque(in pose: Double) -> Bool { true }
        func draw(into list: inout DrawList, in pose: Double) {}
    }

    struct CurveAnimator: TransitionAnimator {
        let motion: any Motion
        let duration: Double
        func transitionDuration(_ context: TransitionContext) -> Double { duration }
        func curve(_ context: TransitionContext) -> any Motion { motion }
        func poses(_ context: TransitionContext, value: Double) -> ScenePoses { ScenePoses() }
    }

    /// A stack with a shelf root and an animator, ready to push a book.
    struct Fixture {
        let root = StubScene(.shelf)
        let pushed = StubScene(.book)
        let animator: CurveAnimator
        let stack: NavigationStack
        init(curve: any Motion = TimingCurve.linear(duration: 1)) {
            animator = CurveAnimator(motion: curve, duration: 1)
            stack = NavigationStack(root: root)
        }
        var kinds: [SceneKind] { stack.scenes.map(\.kind) }
        /// Pushes the book held by a gesture from its first frame.
        func pushHeld(at time: Double, speed: Double = 1) {
            stack.push(pushed, animator: animator, at: time)
            stack.grab(with: PercentDrivenInteraction(completionSpeed: speed), at: time)
        }
    }

    @Test func pushWithoutAnimationCommitsAtOnce() {
        let f = Fixture()
        f.stack.push(f.pushed, animator: nil, at: 0)
        #expect(f.kinds == [.shelf, .book] && f.stack.transition == nil)
        #expect(f.stack.top === f.pushed)
        f.stack.pop(animator: nil, at: 1)
        #expect(f.kinds == [.shelf])
        f.stack.pop(animator: nil, at: 2) // the root never pops
        #expect(f.kinds == [.shelf])
    }

    @Test func animatedPushRunsOnTheClockThenCommits() {
        let f = Fixture()
        f.stack.push(f.pushed, animator: f.animator, at: 10)
        guard let t = f.stack.transition else { Issue.record("no transition"); return }
        #expect(t.state == .animating(start: 10) && t.operation == .push && !t.isInteractive)
        #expect(f.kinds == [.shelf])
        #expect(f.stack.visibleScenes.map(\.kind) == [.shelf, .book])
        f.stack.update(at: 10.25)
        #expect(abs(t.progress - 0.25) < 1e-12 && abs(t.value - 0.25) < 1e-12)
        f.stack.push(StubScene(.book), animator: f.animator, at: 10.3) // ignored mid-transition
        #expect(f.stack.transition === t)
        f.stack.update(at: 10.999)
        #expect(f.stack.transition != nil)
        f.stack.update(at: 11)
        #expect(f.stack.transition == nil && f.kinds == [.shelf, .book])
        #expect(t.state == .ended(finished: true) && t.value == 1)
        f.stack.update(at: 12) // nothing further happens
        #expect(t.state == .ended(finished: true) && f.kinds == [.shelf, .book])
    }

    @Test func animatedPopReturnsToTheRoot() {
        let f = Fixture()
        f.stack.push(f.pushed, animator: nil, at: 0)
        f.stack.pop(animator: f.animator, at: 1)
        guard let t = f.stack.transition else { Issue.record("no transition"); return }
        #expect(t.operation == .pop)
        f.stack.update(at: 1.5)
        #expect(f.kinds == [.shelf, .book])
        f.stack.update(at: 2)
        #expect(f.kinds == [.shelf] && t.state == .ended(finished: true))
    }

    @Test func interactionSamplesTheCurveAtProgressTimesDuration() throws {
        let spring = Spring(dampingRatio: 0.7, duration: 1, initialVelocity: 0.7)
        let f = Fixture(curve: spring)
        f.pushHeld(at: 0)
        let t = try #require(f.stack.transition)
        #expect(t.state == .interacting(progress: 0) && t.isInteractive)
        f.stack.setInteractiveProgress(0.446)
        #expect(abs(t.value - Reference.pushSpring(0.446)) < 1e-9)
        #expect(t.value > 1.04) // the spring overshoots mid-gesture
        #expect(abs((f.stack.interactiveProgress ?? -1) - 0.446) < 1e-12)
        f.stack.update(at: 5) // the clock does not move a held transition
        #expect(abs(t.progress - 0.446) < 1e-12 && f.stack.transition != nil)
        f.stack.setInteractiveProgress(1.7)
        #expect(t.progress == 1 && f.stack.transition != nil) // held at 1, not finished
        f.stack.setInteractiveProgress(-3)
        #expect(t.progress == 0)
    }

    /// finish plays (1 − p)·duration / speed; cancel plays p·duration / speed.
    @Test(arguments: [(0.3, true, 1.0), (0.3, false, 1.0), (0.8, true, 2.0), (0.8, false, 0.5), (0.0, true, 1.0)])
    func completionTakesTheRestOfTheDuration(progress p: Double, finish: Bool, speed: Double) throws {
        let f = Fixture()
        f.pushHeld(at: 0, speed: speed)
        let t = try #require(f.stack.transition)
        f.stack.setInteractiveProgress(p)
        f.stack.update(at: 10) // a held transition ignores the clock
        f.stack.steer(forward: finish, at: 10)
        #expect(t.state == (finish ? .finishing(from: p, start: 10) : .cancelling(from: p, start: 10)))
        #expect(f.stack.interactiveProgress == nil) // let go
        let length = (finish ? 1 - p : p) / speed
        f.stack.update(at: 10 + length / 2)
        let halfway = finish ? p + (1 - p) / 2 : p / 2
        #expect(abs(t.progress - halfway) < 1e-9)
        f.stack.update(at: 10 + length - 1e-6)
        #expect(f.stack.transition != nil || length < 1e-6)
        let events = f.stack.update(at: 10 + length + 1e-6)
        #expect(f.stack.transition == nil)
        #expect(events.last == .ended(.push, finished: finish))
        #expect(f.kinds == (finish ? [.shelf, .book] : [.shelf]))
        #expect(t.state == .ended(finished: finish))
        #expect(t.value == (finish ? 1 : 0))
        #expect(f.stack.top === (finish ? f.pushed : f.root))
    }

    @Test func aSecondGrabTakesAFinishingTransitionWhereItIs() throws {
        let f = Fixture()
        f.pushHeld(at: 0)
        let finishing = try #require(f.stack.transition)
        f.stack.setInteractiveProgress(0.2)
        f.stack.steer(forward: true, at: 0)
        f.stack.update(at: 0.3) // finishing: 0.2 + 0.3
        #expect(abs(finishing.progress - 0.5) < 1e-12)
        #expect(f.stack.interactiveProgress == nil)
        f.stack.setInteractiveProgress(0.9) // nobody holds it: nothing moves
        f.stack.grab(with: PercentDrivenInteraction(), at: 0.3)
        let t = try #require(f.stack.transition)
        #expect(t.state == .interacting(progress: t.progress) && abs(t.progress - 0.5) < 1e-12)
        f.stack.update(at: 0.9)
        #expect(abs(t.progress - 0.5) < 1e-12) // held again
        f.stack.setInteractiveProgress(0.1)
        f.stack.steer(forward: false, at: 0.9)
        f.stack.update(at: 0.9 + 0.1 + 1e-6)
        #expect(f.stack.transition == nil && f.kinds == [.shelf])
        #expect(t.state == .ended(finished: false))
    }

    @Test func steeringAnAnimatingTransitionBack() throws {
        let f = Fixture()
        f.stack.push(f.pushed, animator: f.animator, at: 0)
        f.stack.update(at: 0.4)
        f.stack.steer(forward: false, at: 0.4)
        let t = try #require(f.stack.transition)
        #expect(t.state == .cancelling(from: 0.4, start: 0.4))
        f.stack.update(at: 0.6)
        #expect(abs(t.progress - 0.2) < 1e-12)
        f.stack.steer(forward: true, at: 0.6) // and forward again
        f.stack.update(at: 0.6 + 0.8 + 1e-6)
        #expect(f.stack.transition == nil && f.kinds == [.shelf, .book])
    }

    @Test func withoutAnAnimatorTheStackChangesAtOnceAndSaysSo() {
        let stack = NavigationStack(root: StubScene(.shelf))
        stack.push(StubScene(.book), animator: nil, at: 0)
        #expect(stack.transition == nil && stack.scenes.count == 2)
        #expect(stack.update(at: 0) == [.began(.push), .ended(.push, finished: true)])
        #expect(stack.update(at: 1).isEmpty) // each event is reported once
    }

    /// The stack reports each push and pop as it begins and ends, in order.
    @Test func updateReportsWhatHappened() {
        let f = Fixture()
        f.stack.push(f.pushed, animator: f.animator, at: 0)
        #expect(f.stack.update(at: 0.5) == [.began(.push)])
        #expect(f.stack.update(at: 0.9).isEmpty)
        #expect(f.stack.update(at: 1) == [.ended(.push, finished: true)])
        f.stack.pop(animator: f.animator, at: 2)
        f.stack.steer(forward: false, at: 2.25)
        #expect(f.stack.update(at: 2.5) == [.began(.pop), .ended(.pop, finished: false)])
        #expect(f.kinds == [.shelf, .book])
    }

    /// A third level is a new scene, an animator and a push: the stack takes a stand-in
    /// reading scene over the book, held by a gesture and let go past half, and pops back.
    @Test func aThirdSceneIsPushedInteractivelyOverTheSecond() throws {
        let f = Fixture()
        f.stack.push(f.pushed, animator: nil, at: 0)
        let third = StubScene(.reading)
        let slow = CurveAnimator(motion: TimingCurve.easeInOut(duration: 0.5), duration: 0.5)
        f.stack.push(third, animator: slow, at: 1)
        f.stack.grab(with: PercentDrivenInteraction(scrubsLinearly: true), at: 1)
        #expect(f.stack.visibleScenes.map(\.kind) == [.shelf, .book, .reading])
        f.stack.setInteractiveProgress(0.6)
        let held = try #require(f.stack.transition)
        #expect(held.value == 0.6 && held.context.from === f.pushed && held.context.to === third)
        f.stack.steer(forward: true, at: 1)
        f.stack.update(at: 1 + 0.4 * 0.5 + 1e-6)
        #expect(f.kinds == [.shelf, .book, .reading] && f.stack.top === third)
        f.stack.pop(animator: slow, at: 2)
        #expect(f.stack.transition?.context.to === f.pushed)
        f.stack.update(at: 2.5)
        #expect(f.kinds == [.shelf, .book])
    }
}
