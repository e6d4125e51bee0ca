/// Chooses how the stack animates (UINavigationControllerDelegate's shape).
public protocol NavigationDelegate: AnyObject {
    /// An animator for this push or pop, or nil to change the stack at once.
    func navigationStack(_ stack: NavigationStack, animatorFor operation: NavigationOperation,
                         from: any Scene, to: any Scene) -> (any TransitionAnimator)?
    /// An interaction controller to hold the new transition from its start, or nil to let
    /// it run on the clock (a gesture can still take hold later with `grab(with:at:)`).
    func navigationStack(_ stack: NavigationStack,
                         interactionControllerFor animator: any TransitionAnimator) -> PercentDrivenInteraction?
}

extension NavigationDelegate {
    public func navigationStack(_ stack: NavigationStack,
                                interactionControllerFor animator: any TransitionAnimator) -> PercentDrivenInteraction? {
        nil
    }
}
