/// A running push or pop: the animator's curve sampled at `progress × duration`, driven by
/// the clock or, once a gesture takes hold, by a percent-driven interaction. Every call that
/// depends on time is given the time.
///
/// A gesture may scrub linearly (UIViewPropertyAnimator's `scrubsLinearly`): while held, the
/// value is the progress itself, so the scenes follow the hand instead of the curve's shape;
/// on release the rest plays from the value shown, finishing on the animator's curve and
/// cancelling on an ease-out, each over the rest of the duration.
public final class Transition {
    public let context: TransitionContext
    /// Times the transition and poses its scenes.
    public let animator: any TransitionAnimator
    public let duration: Double
    /// True when a gesture took hold of this transition (it may have let go since). A gesture
    /// that takes hold of a running transition continues it as a new, interactive one.
    public let isInteractive: Bool
    /// Speed multiplier for finishing and cancelling (UIPercentDrivenInteractiveTransition).
    public let completionSpeed: Double
    /// True when a gesture holding this transition scrubs it linearly.
    public let scrubsLinearly: Bool
    public private(set) var state: TransitionState
    /// Fraction of the duration elapsed, 0…1, as of the last `update(at:)` or state change.
    public private(set) var progress: Double
    /// A 0 → 1 motion over `duration`.
    private let curve: any Motion
    /// The value shown when a linear scrub let go: the rest of the transition starts there.
    private var releasedValue: Double?
    /// The progress while the clock drives it (animating, finishing, cancelling): a ramp
    /// from where it was to 1 or 0.
    private var clock: Glide<Double>
    /// The ease a cancelled linear scrub returns on.
    private static let cancelCurve = TimingCurve(0, 0, 0.58, 1)

    init(context: TransitionContext, animator: any TransitionAnimator, at time: Double) {
        self.context = context
        self.animator = animator
        duration = max(animator.transitionDuration(context), 1e-3)
        curve = animator.curve(context)
        isInteractive = false
        scrubsLinearly = false
        completionSpeed = 1
        progress = 0
        state = .animating(start: time)
        clock = Glide(from: 0, to: 1, motion: Ramp(duration: duration), start: time)
    }

    /// The same transition where it is at `time`, held by a gesture. A linear scrub starts at
    /// the value on screen, so the scenes do not jump when the gesture takes hold.
    init(interacting other: Transition, at time: Double, interaction: PercentDrivenInteraction) {
        context = other.context
        animator = other.animator
        duration = other.duration
        curve = other.curve
        isInteractive = true
        scrubsLinearly = interaction.scrubsLinearly
        completionSpeed = interaction.completionSpeed
        let p = other.progress(at: time)
        progress = scrubsLinearly ? clamp(other.value(atProgress: p), 0, 1) : p
        state = .interacting(progress: progress)
        clock = Glide(at: progress)
    }

    public var operation: NavigationOperation { context.operation }
    public var isFinished: Bool {
        if case .ended = state { return true }
        return false
    }

    /// The curve's value now: what the scenes are posed at. Once ended, exactly 1 or 0.
    public var value: Double { value(atProgress: progress) }

    /// The from- and to-scene's poses now, as the animator poses them at `value`.
    public var poses: ScenePoses { animator.poses(context, value: value) }

    /// The value at progress `p` in the current state.
    func value(atProgress p: Double) -> Double {
        switch state {
        case .ended(let finished):
            return finished ? 1 : 0
        case .interacting where scrubsLinearly:
            return p
        case .finishing(let from, _):
            // From the value shown at release to 1, on the animator's curve over the rest.
            guard let v0 = releasedValue else { break }
            let u = from < 1 ? clamp((p - from) / (1 - from), 0, 1) : 1
            return Glide(from: v0, to: 1, motion: curve, start: 0).value(at: u * duration)
        case .cancelling(let from, _):
            // From the value shown at release back to 0, on an ease-out over the rest.
            guard let v0 = releasedValue else { break }
            let u = from > 0 ? clamp((from - p) / from, 0, 1) : 1
            return Glide(from: v0, to: 0, motion: Transition.cancelCurve, start: 0).value(at: u)
        case .animating, .interacting:
            break
        }
        return curve.value(at: p * duration)
    }

    /// Progress at `time` for the current state.
    func progress(at time: Double) -> Double {
        switch state {
        case .interacting(let p):
            return p
        case .ended(let finished):
            return finished ? 1 : 0
        case .animating, .finishing, .cancelling:
            return clamp(clock.value(at: time), 0, 1)
        }
    }

    /// Advances to `time`; ends the transition when the clock-driven part runs out.
    func update(at time: Double) {
        progress = progress(at: time)
        switch state {
        case .animating, .finishing:
            if progress >= 1 { state = .ended(finished: true) }
        case .cancelling:
            if progress <= 0 { state = .ended(finished: false) }
        case .interacting, .ended:
            break
        }
    }

    // MARK: Steering (the stack calls these)

    /// Moves an interacting transition to `fraction` (clamped to 0…1).
    func setInteractiveProgress(_ fraction: Double) {
        guard case .interacting = state else { return }
        progress = clamp(fraction, 0, 1)
        state = .interacting(progress: progress)
    }

    /// Plays the rest forward over `(1 − p)·duration / completionSpeed`; a transition that
    /// is animating from the start already does.
    func finish(at time: Double) {
        switch state {
        case .animating, .ended: return
        case .interacting, .finishing, .cancelling: break
        }
        progress = progress(at: time)
        releaseValue()
        state = .finishing(from: progress, start: time)
        clock = Glide(from: progress, to: 1, motion: Ramp(duration: (1 - progress) * duration / completionSpeed), start: time)
    }

    /// Plays back to the start over `p·duration / completionSpeed`.
    func cancel(at time: Double) {
        if isFinished { return }
        progress = progress(at: time)
        releaseValue()
        state = .cancelling(from: progress, start: time)
        clock = Glide(from: progress, to: 0, motion: Ramp(duration: progress * duration / completionSpeed), start: time)
    }

    /// Notes the value on screen as a linear scrub lets go (or as its release turns round).
    private func releaseValue() {
        guard scrubsLinearly else { return }
        releasedValue = value(atProgress: progress)
    }
}
