/// The move between the 3D book and the reading view: the leaves fold flat, the spread grows
/// to fill the window and the spine rises to its middle (push), or the reverse (pop). An
/// ease-in-out with no overshoot: a flat page has nowhere further to go.
public struct ReadingTransition: TransitionAnimator {
    public static let duration = 0.5

    public init() {}

    public func transitionDuration(_ context: TransitionContext) -> Double {
        ReadingTransition.duration
    }

    public func curve(_ context: TransitionContext) -> any Motion {
        TimingCurve.easeInOut(duration: ReadingTransition.duration)
    }

    /// The reading view's pose; the book under it rests (the flat spread covers it).
    public func poses(_ context: TransitionContext, value: Double) -> ScenePoses {
        var poses = ScenePoses()
        poses.set(context.above as? ReadingScene, pose(context.operation, value: value))
        return poses
    }

    /// The reading view at curve value `value` (0 where the operation starts, 1 where it ends).
    public func pose(_ operation: NavigationOperation, value: Double) -> ReadingScene.Pose {
        ReadingScene.Pose(flatness: clamp(operation == .push ? value : 1 - value, 0, 1))
    }
}
