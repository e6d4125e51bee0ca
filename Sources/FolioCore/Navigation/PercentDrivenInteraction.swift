/// Drives a transition by hand (UIPercentDrivenInteractiveTransition): while interacting,
/// the animator's own curve is sampled at `progress × duration`; `finish()` and `cancel()`
/// hand the rest back to the clock.
public final class PercentDrivenInteraction {
    /// Multiplies the speed of the finishing or cancelling part.
    public var completionSpeed = 1.0 { didSet { transition?.completionSpeed = completionSpeed } }
    private weak var transition: Transition?
    /// The animation clock, as the navigation stack last saw it.
    private let clock: () -> Double

    init(clock: @escaping () -> Double) {
        self.clock = clock
    }

    /// Attaches to a transition, taking hold of it where it is.
    func start(_ transition: Transition) {
        self.transition = transition
        transition.completionSpeed = completionSpeed
        transition.beginInteraction(at: clock())
    }

    public var isActive: Bool { transition.map { !$0.isFinished } ?? false }
    public var percentComplete: Double { transition?.progress ?? 0 }
    public var operation: NavigationOperation? { transition?.operation }

    /// Moves the transition to `progress` (clamped to 0…1).
    public func update(_ progress: Double) { transition?.setInteractiveProgress(progress) }
    public func finish() { transition?.finish(at: clock()) }
    public func cancel() { transition?.cancel(at: clock()) }
}
