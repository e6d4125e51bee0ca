/// The scenes on screen, bottom first, and the one transition that may be running.
public final class NavigationStack {
    /// The committed stack; a pushed scene joins it when its transition finishes.
    public private(set) var scenes: [any Scene]
    public private(set) var transition: Transition?
    public weak var delegate: NavigationDelegate?

    public init(root: any Scene) {
        scenes = [root]
    }

    public var top: any Scene { scenes[scenes.count - 1] }

    /// Every scene that is on screen: the stack plus a scene being pushed.
    public var visibleScenes: [any Scene] {
        if let t = transition, t.operation == .push { return scenes + [t.context.to] }
        return scenes
    }

    public func push(_ scene: any Scene, animated: Bool, at time: Double) {
        guard transition == nil else { return }
        begin(.push, from: top, to: scene, animated: animated, at: time)
    }

    public func pop(animated: Bool, at time: Double) {
        guard transition == nil, scenes.count > 1 else { return }
        begin(.pop, from: top, to: scenes[scenes.count - 2], animated: animated, at: time)
    }

    private func begin(_ operation: NavigationOperation, from: any Scene, to: any Scene,
                       animated: Bool, at time: Double) {
        guard animated, let animator = delegate?.navigationStack(self, animatorFor: operation, from: from, to: to) else {
            commit(operation, to: to)
            return
        }
        let context = TransitionContext(operation: operation, from: from, to: to)
        transition = Transition(context: context, animator: animator, at: time)
        if let interaction = delegate?.navigationStack(self, interactionControllerFor: animator) {
            grab(with: interaction, at: time)
        }
    }

    private func commit(_ operation: NavigationOperation, to: any Scene) {
        switch operation {
        case .push: scenes.append(to)
        case .pop: scenes.removeLast()
        }
    }

    /// Hands the running transition to `interaction` where it is at `time` (interrupting it).
    public func grab(with interaction: PercentDrivenInteraction, at time: Double) {
        guard let running = transition, !running.isFinished else { return }
        let held = Transition(interacting: running, at: time, scrubsLinearly: interaction.scrubsLinearly)
        transition = held
        interaction.start(held)
    }

    /// Turns a running transition around: towards completion (`forward`) or back.
    public func steer(forward: Bool, at time: Double) {
        guard let transition else { return }
        if forward { transition.finish(at: time) } else { transition.cancel(at: time) }
    }

    /// Advances the transition to `time` and settles the stack when it ends.
    public func update(at time: Double) {
        guard let transition else { return }
        transition.update(at: time)
        guard case .ended(let finished) = transition.state else { return }
        self.transition = nil
        if finished { commit(transition.operation, to: transition.context.to) }
    }
}
