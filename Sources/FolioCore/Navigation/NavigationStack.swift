/// The scenes on screen, bottom first, and the one transition that may be running. The stack
/// is the transition's only owner: a caller hands in the animator with each push or pop,
/// steers a held transition through the stack, and learns what happened from the events
/// `update(at:)` returns. Nothing here calls back into the caller.
public final class NavigationStack {
    /// What the stack did, reported by `update(at:)` in the order it happened.
    public enum Event: Equatable, Sendable {
        /// A push or pop began (an animated one runs from here; one without an animator has
        /// already changed the stack, and its `ended` follows at once).
        case began(NavigationOperation)
        /// A push or pop is over: the stack holds the new scene (`finished`) or is as it was.
        case ended(NavigationOperation, finished: Bool)
    }

    /// The committed stack; a pushed scene joins it when its transition finishes.
    public private(set) var scenes: [any Scene]
    public private(set) var transition: Transition?
    /// Events since the last `update(at:)`.
    private var events: [Event] = []

    public init(root: any Scene) {
        scenes = [root]
    }

    public var top: any Scene { scenes[scenes.count - 1] }

    /// Every scene that is on screen: the stack plus a scene being pushed.
    public var visibleScenes: [any Scene] {
        if let t = transition, t.operation == .push { return scenes + [t.context.to] }
        return scenes
    }

    /// How every visible scene shows now: the two a running transition moves as its animator
    /// poses them, a scene under another as the push that covered it left it (the shelf's
    /// covers hidden under an open book), the top one as it rests.
    public var poses: ScenePoses {
        var poses = transition?.poses ?? ScenePoses()
        let visible = visibleScenes
        for (below, above) in zip(visible, visible.dropFirst()) where !poses.poses(below) {
            guard let animator = above.transitionAnimator else { continue }
            poses.take(below, from: animator.poses(TransitionContext(operation: .push, from: below, to: above), value: 1))
        }
        return poses
    }

    /// Pushes `scene`, animated by `animator` (nil: at once). Ignored while a transition runs.
    public func push(_ scene: any Scene, animator: (any TransitionAnimator)?, at time: Double) {
        guard transition == nil else { return }
        begin(.push, from: top, to: scene, animator: animator, at: time)
    }

    /// Pops the top scene, animated by `animator` (nil: at once). The root never pops.
    public func pop(animator: (any TransitionAnimator)?, at time: Double) {
        guard transition == nil, scenes.count > 1 else { return }
        begin(.pop, from: top, to: scenes[scenes.count - 2], animator: animator, at: time)
    }

    private func begin(_ operation: NavigationOperation, from: any Scene, to: any Scene,
                       animator: (any TransitionAnimator)?, at time: Double) {
        events.append(.began(operation))
        guard let animator else {
            commit(operation, to: to)
            events.append(.ended(operation, finished: true))
            return
        }
        transition = Transition(context: TransitionContext(operation: operation, from: from, to: to),
                                animator: animator, at: time)
    }

    private func commit(_ operation: NavigationOperation, to: any Scene) {
        switch operation {
        case .push: scenes.append(to)
        case .pop: scenes.removeLast()
        }
    }

    // MARK: Steering (UIPercentDrivenInteractiveTransition's calls, made on the stack)

    /// Puts the running transition in a gesture's hands where it is at `time` (interrupting
    /// it): from now on only `setInteractiveProgress` moves it, until `steer` lets it go.
    public func grab(with interaction: PercentDrivenInteraction, at time: Double) {
        guard let running = transition, !running.isFinished else { return }
        transition = Transition(interacting: running, at: time, interaction: interaction)
    }

    /// The held transition's progress (0…1), or nil when no gesture holds one.
    public var interactiveProgress: Double? {
        guard let transition, case .interacting(let progress) = transition.state else { return nil }
        return progress
    }

    /// Moves the held transition to `progress` (clamped to 0…1); nothing when none is held.
    public func setInteractiveProgress(_ progress: Double) {
        transition?.setInteractiveProgress(progress)
    }

    /// Turns a running or held transition around: towards completion (`forward`) or back,
    /// the rest played on the clock.
    public func steer(forward: Bool, at time: Double) {
        guard let transition else { return }
        if forward { transition.finish(at: time) } else { transition.cancel(at: time) }
    }

    /// Advances the transition to `time`, settles the stack when it ends, and returns what
    /// happened since the last call.
    @discardableResult
    public func update(at time: Double) -> [Event] {
        if let transition {
            transition.update(at: time)
            if case .ended(let finished) = transition.state {
                self.transition = nil
                if finished { commit(transition.operation, to: transition.context.to) }
                events.append(.ended(transition.operation, finished: finished))
            }
        }
        defer { events.removeAll() }
        return events
    }
}
