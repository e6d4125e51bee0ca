/// Chooses how the stack animates (UINavigationControllerDelegate's shape).
public protocol NavigationDelegate: AnyObject {
    /// An animator for this push or pop, or nil to change the stack at once.
    func navigationStack(_ stack: NavigationStack, animatorFor operation: NavigationOperation,
                         from: any Scene, to: any Scene) -> TransitionAnimator?
    /// An interaction controller when a gesture drives the transition, or nil.
    func navigationStack(_ stack: NavigationStack,
                         interactionControllerFor animator: TransitionAnimator) -> PercentDrivenInteraction?
}

/// The scenes on screen, bottom first, and the one transition that may be running.
public final class NavigationStack {
    /// The committed stack; a pushed scene joins it when its transition finishes.
    public private(set) var scenes: [any Scene]
    public private(set) var transition: Transition?
    public weak var delegate: NavigationDelegate?
    /// The animation clock as of the last `update(at:)`.
    public private(set) var now = 0.0

    public init(root: any Scene) {
        scenes = [root]
    }

    public var top: any Scene { scenes[scenes.count - 1] }

    /// Every scene that is on screen: the stack plus a scene being pushed.
    public var visibleScenes: [any Scene] {
        if let t = transition, t.operation == .push { return scenes + [t.context.to] }
        return scenes
    }

    /// A controller for a gesture to drive the next push or pop.
    public func makeInteraction() -> PercentDrivenInteraction {
        PercentDrivenInteraction { [unowned self] in self.now }
    }

    public func push(_ scene: any Scene, animated: Bool, interactive: Bool = false, at time: Double) {
        guard transition == nil else { return }
        begin(.push, from: top, to: scene, animated: animated, interactive: interactive, at: time)
    }

    public func pop(animated: Bool, interactive: Bool = false, at time: Double) {
        guard transition == nil, scenes.count > 1 else { return }
        begin(.pop, from: top, to: scenes[scenes.count - 2], animated: animated, interactive: interactive, at: time)
    }

    private func begin(_ operation: NavigationOperation, from: any Scene, to: any Scene,
                       animated: Bool, interactive: Bool, at time: Double) {
        now = time
        guard animated, let animator = delegate?.navigationStack(self, animatorFor: operation, from: from, to: to) else {
            commit(operation, to: to)
            return
        }
        let interaction = interactive ? delegate?.navigationStack(self, interactionControllerFor: animator) : nil
        let context = TransitionContext(operation: operation, from: from, to: to, isInteractive: interaction != nil)
        let transition = Transition(context: context, animator: animator, at: time)
        self.transition = transition
        interaction?.start(transition)
    }

    private func commit(_ operation: NavigationOperation, to: any Scene) {
        switch operation {
        case .push: scenes.append(to)
        case .pop: scenes.removeLast()
        }
    }

    /// Hands a running transition to `interaction` where it is (interrupting it).
    public func grab(with interaction: PercentDrivenInteraction) {
        guard let transition, !transition.isFinished else { return }
        interaction.start(transition)
    }

    /// Turns a running transition around: towards completion (`forward`) or back.
    public func steer(forward: Bool, at time: Double) {
        guard let transition else { return }
        now = time
        if forward { transition.finish(at: time) } else { transition.cancel(at: time) }
    }

    /// Advances the transition to `time` and settles the stack when it ends.
    public func update(at time: Double) {
        now = time
        guard let transition else { return }
        transition.update(at: time)
        guard let finished = transition.outcome else { return }
        self.transition = nil
        if finished { commit(transition.operation, to: transition.context.to) }
    }
}
