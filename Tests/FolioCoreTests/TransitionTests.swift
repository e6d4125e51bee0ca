import Foundation
import Testing
@testable import FolioCore

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
    }

    struct CurveAnimator: TransitionAnimator {
        let motion: any Motion
        let duration: Double
        func transitionDuration(_ context: TransitionContext) -> Double { duration }
        func curve(_ context: TransitionContext) -> any Motion { motion }
    }

    final class Delegate: NavigationDelegate {
        let animator: CurveAnimator?
        var interactive = false
        var interaction: PercentDrivenInteraction?
        init(animator: CurveAnimator?) { self.animator = animator }
        func navigationStack(_ stack: NavigationStack, animatorFor operation: NavigationOperation,
                             from: any Scene, to: any Scene) -> (any TransitionAnimator)? { animator }
        func navigationStack(_ stack: NavigationStack,
                             interactionControllerFor animator: any TransitionAnimator) -> PercentDrivenInteraction? {
            guard interactive else { return nil }
            interaction = PercentDrivenInteraction()
            return interaction
        }
    }

    /// A stack with a shelf root, a delegate and an animator, ready to push a book.
    struct Fixture {
        let root = StubScene(.shelf)
        let pushed = StubScene(.book)
        let animator: CurveAnimator
        let delegate: Delegate
        let stack: NavigationStack
        init(curve: any Motion = TimingCurve.linear(duration: 1), interactive: Bool = false) {
            animator = CurveAnimator(motion: curve, duration: 1)
            delegate = Delegate(animator: animator)
            delegate.interactive = interactive
            stack = NavigationStack(root: root)
            stack.delegate = delegate
        }
        var kinds: [SceneKind] { stack.scenes.map(\.kind) }
    }

    @Test func pushWithoutAnimationCommitsAtOnce() {
        let f = Fixture()
        f.stack.push(f.pushed, animated: false, at: 0)
        #expect(f.kinds == [.shelf, .book] && f.stack.transition == nil)
        #expect(f.stack.top === f.pushed)
        f.stack.pop(animated: false, at: 1)
        #expect(f.kinds == [.shelf])
        f.stack.pop(animated: false, at: 2) // the root never pops
        #expect(f.kinds == [.shelf])
    }

    @Test func animatedPushRunsOnTheClockThenCommits() {
        let f = Fixture()
        f.stack.push(f.pushed, animated: true, at: 10)
        guard let t = f.stack.transition else { Issue.record("no transition"); return }
        #expect(t.state == .animating(start: 10) && t.operation == .push && !t.isInteractive)
        #expect(f.kinds == [.shelf])
        #expect(f.stack.visibleScenes.map(\.kind) == [.shelf, .book])
        f.stack.update(at: 10.25)
        #expect(abs(t.progress - 0.25) < 1e-12 && abs(t.value - 0.25) < 1e-12)
        f.stack.push(StubScene(.book), animated: true, at: 10.3) // ignored mid-transition
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
        f.stack.push(f.pushed, animated: false, at: 0)
        f.stack.pop(animated: true, at: 1)
        guard let t = f.stack.transition else { Issue.record("no transition"); return }
        #expect(t.operation == .pop)
        f.stack.update(at: 1.5)
        #expect(f.kinds == [.shelf, .book])
        f.stack.update(at: 2)
        #expect(f.kinds == [.shelf] && t.state == .ended(finished: true))
    }

    @Test func interactionSamplesTheCurveAtProgressTimesDuration() {
        let spring = Spring(dampingRatio: 0.7, duration: 1, initialVelocity: 0.7)
        let f = Fixture(curve: spring, interactive: true)
        f.stack.push(f.pushed, animated: true, at: 0)
        guard let t = f.stack.transition, let interaction = f.delegate.interaction else {
            Issue.record("no interactive transition"); return
        }
        #expect(t.state == .interacting(progress: 0) && t.isInteractive && interaction.isActive)
        interaction.update(0.446)
        #expect(abs(t.value - Reference.pushSpring(0.446)) < 1e-9)
        #expect(t.value > 1.04) // the spring overshoots mid-gesture
        #expect(abs(interaction.percentComplete - 0.446) < 1e-12)
        f.stack.update(at: 5) // the clock does not move a held transition
        #expect(abs(t.progress - 0.446) < 1e-12 && f.stack.transition != nil)
        interaction.update(1.7)
        #expect(t.progress == 1 && f.stack.transition != nil) // held at 1, not finished
        interaction.update(-3)
        #expect(t.progress == 0)
    }

    /// finish plays (1 − p)·duration / speed; cancel plays p·duration / speed.
    @Test(arguments: [(0.3, true, 1.0), (0.3, false, 1.0), (0.8, true, 2.0), (0.8, false, 0.5), (0.0, true, 1.0)])
    func completionTakesTheRestOfTheDuration(progress p: Double, finish: Bool, speed: Double) {
        let f = Fixture(interactive: true)
        f.stack.push(f.pushed, animated: true, at: 0)
        guard let t = f.stack.transition, let interaction = f.delegate.interaction else {
            Issue.record("no interactive transition"); return
        }
        interaction.completionSpeed = speed
        interaction.update(p)
        f.stack.update(at: 10) // a held transition ignores the clock
        if finish { interaction.finish(at: 10) } else { interaction.cancel(at: 10) }
        #expect(t.state == (finish ? .finishing(from: p, start: 10) : .cancelling(from: p, start: 10)))
        let length = (finish ? 1 - p : p) / speed
        f.stack.update(at: 10 + length / 2)
        let halfway = finish ? p + (1 - p) / 2 : p / 2
        #expect(abs(t.progress - halfway) < 1e-9)
        f.stack.update(at: 10 + length - 1e-6)
        #expect(f.stack.transition != nil || length < 1e-6)
        f.stack.update(at: 10 + length + 1e-6)
        #expect(f.stack.transition == nil)
        #expect(f.kinds == (finish ? [.shelf, .book] : [.shelf]))
        #expect(t.state == .ended(finished: finish))
        #expect(t.value == (finish ? 1 : 0))
        #expect(f.stack.top === (finish ? f.pushed : f.root))
    }

    @Test func aNewInteractionGrabsAFinishingTransitionWhereItIs() {
        let f = Fixture(interactive: true)
        f.stack.push(f.pushed, animated: true, at: 0)
        guard let first = f.delegate.interaction, let finishing = f.stack.transition else {
            Issue.record("no interactive transition"); return
        }
        first.update(0.2)
        first.finish(at: 0)
        f.stack.update(at: 0.3) // finishing: 0.2 + 0.3
        #expect(abs(finishing.progress - 0.5) < 1e-12)
        let second = PercentDrivenInteraction()
        f.stack.grab(with: second, at: 0.3)
        guard let t = f.stack.transition else { Issue.record("the grab dropped the transition"); return }
        #expect(t.state == .interacting(progress: t.progress) && abs(t.progress - 0.5) < 1e-12)
        #expect(second.isActive)
        first.update(0.9) // the first gesture has let go
        f.stack.update(at: 0.9)
        #expect(abs(t.progress - 0.5) < 1e-12) // held again
        second.update(0.1)
        second.cancel(at: 0.9)
        f.stack.update(at: 0.9 + 0.1 + 1e-6)
        #expect(f.stack.transition == nil && f.kinds == [.shelf])
        #expect(t.state == .ended(finished: false))
    }

    @Test func steeringAnAnimatingTransitionBack() {
        let f = Fixture()
        f.stack.push(f.pushed, animated: true, at: 0)
        f.stack.update(at: 0.4)
        f.stack.steer(forward: false, at: 0.4)
        guard let t = f.stack.transition else { Issue.record("no transition"); return }
        #expect(t.state == .cancelling(from: 0.4, start: 0.4))
        f.stack.update(at: 0.6)
        #expect(abs(t.progress - 0.2) < 1e-12)
        f.stack.steer(forward: true, at: 0.6) // and forward again
        f.stack.update(at: 0.6 + 0.8 + 1e-6)
        #expect(f.stack.transition == nil && f.kinds == [.shelf, .book])
    }

    @Test func withoutAnAnimatorTheStackChangesAtOnce() {
        let root = StubScene(.shelf)
        let stack = NavigationStack(root: root)
        let delegate = Delegate(animator: nil)
        stack.delegate = delegate
        stack.push(StubScene(.book), animated: true, at: 0)
        #expect(stack.transition == nil && stack.scenes.count == 2)
    }
}
