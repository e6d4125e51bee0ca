/// Times a push or pop (UIViewControllerAnimatedTransitioning): a 0 → 1 curve over a
/// duration. What a curve value looks like is the animator's own pose type, which the scenes
/// read; the animator never reaches into a scene.
public protocol TransitionAnimator {
    /// Seconds on the animation clock.
    func transitionDuration(_ context: TransitionContext) -> Double
    /// A 0 → 1 motion over the duration (a spring may pass 1 on the way).
    func curve(_ context: TransitionContext) -> any Motion
}
