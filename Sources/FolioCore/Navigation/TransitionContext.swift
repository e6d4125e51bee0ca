/// The scenes a transition animates between (UIViewControllerContextTransitioning's role).
public struct TransitionContext {
    public let operation: NavigationOperation
    public let from: any Scene
    public let to: any Scene
}

extension TransitionContext {
    /// The scene pushed or popped.
    public var above: any Scene { operation == .push ? to : from }
    /// The scene it is pushed onto or popped back to.
    public var below: any Scene { operation == .push ? from : to }
}
