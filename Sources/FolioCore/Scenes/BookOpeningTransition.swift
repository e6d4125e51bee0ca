/// The book-opening animation (SPEC §3): a push springs the centred cover open into the
/// book while the shelf fades; a pop eases the pages shut onto the shelf again. It maps the
/// transition's curve value to the shelf's pose and the book's (`BookOpeningPose`).
public struct BookOpeningTransition: TransitionAnimator {
    public static let duration = 1.0

    public init() {}

    /// UIKit's spring for the push: damping ratio 0.7, initial velocity 0.7.
    public static func pushCurve(duration: Double = duration) -> Spring {
        Spring(dampingRatio: 0.7, duration: duration, initialVelocity: 0.7)
    }

    public static func popCurve(duration: Double = duration) -> TimingCurve {
        .easeInOut(duration: duration)
    }

    public func transitionDuration(_ context: TransitionContext) -> Double {
        BookOpeningTransition.duration
    }

    public func curve(_ context: TransitionContext) -> any Motion {
        let duration = transitionDuration(context)
        switch context.operation {
        case .push: return BookOpeningTransition.pushCurve(duration: duration)
        case .pop: return BookOpeningTransition.popCurve(duration: duration)
        }
    }

    /// The shelf's words have faded out by this openness of a book (before the book grows
    /// over them).
    public static let shelfWordsOpenness = 0.12

    public func poses(_ context: TransitionContext, value: Double) -> ScenePoses {
        var poses = ScenePoses()
        poses.set(context.below as? ShelfScene, shelfPose(context.operation, value: value))
        poses.set(context.above as? BookScene, pose(context.operation, value: value))
        return poses
    }

    /// The book at curve value `value` (0 where the operation starts, 1 where it ends): its
    /// background clear throughout, the pages between closed and open.
    public func pose(_ operation: NavigationOperation, value: Double) -> BookOpeningPose {
        BookOpeningPose(openness: openness(operation, value: value), showsBookBackground: false)
    }

    /// The shelf under it at curve value `value`: the selected cover hidden throughout (the
    /// book shows in its place), the other covers fading out as the book opens, the words
    /// gone early.
    public func shelfPose(_ operation: NavigationOperation, value: Double) -> ShelfScene.Pose {
        let others = clamp(operation == .push ? 1 - value : value, 0, 1)
        let words = others * clamp(1 - openness(operation, value: value) / BookOpeningTransition.shelfWordsOpenness, 0, 1)
        return ShelfScene.Pose(otherCoversOpacity: others, showsCentredCover: false, wordsOpacity: words)
    }

    private func openness(_ operation: NavigationOperation, value: Double) -> Double {
        operation == .push ? value : 1 - value
    }
}
