/// The scenes a transition animates between (UIViewControllerContextTransitioning's role).
public struct TransitionContext {
    public let operation: NavigationOperation
    public let from: any Scene
    public let to: any Scene
    /// True when a gesture drives the transition.
    public let isInteractive: Bool
}
