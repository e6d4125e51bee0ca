/// A running push or pop: the animator's curve sampled at `progress × duration`, driven
/// either by the clock or by a percent-driven interaction.
public final class Transition {
    public let context: TransitionContext
    public let duration: Double
    /// Speed multiplier for finishing and cancelling (UIPercentDrivenInteractiveTransition).
    public var completionSpeed = 1.0
    public private(set) var state: TransitionState
    /// Fraction of the duration elapsed, 0…1, as of the last `update(at:)` or state change.
    public private(set) var progress: Double
    /// True while, or once, a gesture drove this transition.
    public private(set) var isInteractive: Bool
    /// Set when the transition has ended: true finished, false cancelled.
    public private(set) var outcome: Bool?
    private let animation: TransitionAnimation

    init(context: TransitionContext, animator: TransitionAnimator, at time: Double) {
        self.context = context
        duration = max(animator.transitionDuration(context), 1e-3)
        animation = animator.animateTransition(context)
        isInteractive = context.isInteractive
        progress = 0
        state = context.isInteractive ? .interacting(progress: 0) : .animating(start: time)
        animation.animations(animation.curve.value(at: 0))
    }

    public var operation: NavigationOperation { context.operation }
    public var isFinished: Bool { outcome != nil }

    /// The curve's value now (what the animations block last received).
    public var value: Double { animation.curve.value(at: progress * duration) }

    /// Progress at `time` for the current state.
    func progress(at time: Double) -> Double {
        switch state {
        case .animating(let start):
            return clamp((time - start) / duration, 0, 1)
        case .interacting(let p):
            return p
        case .finishing(let from, let start):
            return clamp(from + (time - start) * completionSpeed / duration, 0, 1)
        case .cancelling(let from, let start):
            return clamp(from - (time - start) * completionSpeed / duration, 0, 1)
        }
    }

    /// Advances to `time`; ends the transition when the clock-driven part runs out.
    func update(at time: Double) {
        guard outcome == nil else { return }
        progress = progress(at: time)
        animation.animations(value)
        switch state {
        case .animating, .finishing:
            if progress >= 1 { end(finished: true) }
        case .cancelling:
            if progress <= 0 { end(finished: false) }
        case .interacting:
            break
        }
    }

    private func end(finished: Bool) {
        outcome = finished
        animation.animations(finished ? 1 : 0)
        animation.completion(finished)
    }

    // MARK: Steering (the percent-driven controller and the app call these)

    /// A gesture takes hold of the transition where it is now.
    func beginInteraction(at time: Double) {
        guard outcome == nil else { return }
        progress = progress(at: time)
        state = .interacting(progress: progress)
        isInteractive = true
    }

    /// Moves an interacting transition to `fraction` (clamped to 0…1).
    func setInteractiveProgress(_ fraction: Double) {
        guard outcome == nil, case .interacting = state else { return }
        progress = clamp(fraction, 0, 1)
        state = .interacting(progress: progress)
        animation.animations(value)
    }

    /// Plays the rest forward over `(1 − p)·duration / completionSpeed`.
    func finish(at time: Double) {
        guard outcome == nil else { return }
        if case .animating = state { return }
        progress = progress(at: time)
        state = .finishing(from: progress, start: time)
    }

    /// Plays back to the start over `p·duration / completionSpeed`.
    func cancel(at time: Double) {
        guard outcome == nil else { return }
        progress = progress(at: time)
        state = .cancelling(from: progress, start: time)
    }
}
