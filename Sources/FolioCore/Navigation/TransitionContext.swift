/// The scenes a transition animates between (UIViewControllerContextTransitioning's role).
public struct TransitionContext {
    public let operation: NavigationOperation
    public let from: any Scene
    public let to: any Scene
}
