/// Times and poses a push or pop (UIViewControllerAnimatedTransitioning, Hero's animator):
/// a 0 → 1 curve over a duration, and how its scenes show at a value of that curve. The app
/// draws what the animator poses and never asks which kind of transition runs.
public protocol TransitionAnimator {
    /// Seconds on the animation clock.
    func transitionDuration(_ context: TransitionContext) -> Double
    /// A 0 → 1 motion over the duration (a spring may pass 1 on the way).
    func curve(_ context: TransitionContext) -> any Motion
    /// The poses of the from- and to-scene at curve value `value` (0 where the operation
    /// starts, 1 where it ends; a spring may pass 1), each of its scene's own type; a scene
    /// it leaves out shows as it rests.
    func poses(_ context: TransitionContext, value: Double) -> ScenePoses
}
