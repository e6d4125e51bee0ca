/// Drives a transition by hand (UIPercentDrivenInteractiveTransition): while interacting,
/// the animator's own curve is sampled at `progress × duration`; `finish(at:)` and
/// `cancel(at:)` hand the rest back to the clock. With `scrubsLinearly` the value follows
/// the progress itself while held (UIViewPropertyAnimator's default), and the rest plays from
/// there on release.
public final class PercentDrivenInteraction {
    /// The scenes follow the progress linearly while held, instead of the curve's shape.
    public let scrubsLinearly: Bool
    /// Multiplies the speed of the finishing or cancelling part.
    public var completionSpeed = 1.0 { didSet { transition?.completionSpeed = completionSpeed } }
    /// The transition this interaction holds; it lets go when another takes hold.
    private weak var transition: Transition?

    public init(scrubsLinearly: Bool = false) {
        self.scrubsLinearly = scrubsLinearly
    }

    /// Attaches to a transition that the stack has just put in its hands.
    func start(_ transition: Transition) {
        self.transition = transition
        transition.completionSpeed = completionSpeed
    }

    public var isActive: Bool { transition.map { !$0.isFinished } ?? false }
    public var percentComplete: Double { transition?.progress ?? 0 }
    public var operation: NavigationOperation? { transition?.operation }

    /// Moves the transition to `progress` (clamped to 0…1).
    public func update(_ progress: Double) { transition?.setInteractiveProgress(progress) }
    public func finish(at time: Double) { transition?.finish(at: time) }
    public func cancel(at time: Double) { transition?.cancel(at: time) }
}
