/// Animates a push or pop between two scenes (UIViewControllerAnimatedTransitioning).
public protocol TransitionAnimator: AnyObject {
    func transitionDuration(_ context: TransitionContext) -> Double
    func animateTransition(_ context: TransitionContext) -> TransitionAnimation
}
