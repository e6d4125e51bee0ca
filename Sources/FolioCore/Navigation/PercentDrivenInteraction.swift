/// How a gesture holds a transition (UIPercentDrivenInteractiveTransition's settings): the
/// stack applies it when the gesture takes hold (`NavigationStack.grab(with:at:)`), and the
/// gesture then steers the stack, never the transition itself. While held, the animator's
/// own curve is sampled at `progress × duration`; with `scrubsLinearly` the value follows the
/// progress itself (UIViewPropertyAnimator's default), and the rest plays from there on
/// release.
public struct PercentDrivenInteraction: Equatable, Sendable {
    /// The scenes follow the progress linearly while held, instead of the curve's shape.
    public var scrubsLinearly: Bool
    /// Multiplies the speed of the finishing or cancelling part.
    public var completionSpeed: Double

    public init(scrubsLinearly: Bool = false, completionSpeed: Double = 1) {
        self.scrubsLinearly = scrubsLinearly
        self.completionSpeed = completionSpeed
    }
}
