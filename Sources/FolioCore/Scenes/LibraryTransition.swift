/// The shelf shrinking into the library grid and growing back: each cover on the shelf flies
/// between its place in the carousel and its cell, the grid's other covers fade in at their
/// cells, the shelf's words fade out (`LibraryScene.draw` poses the covers; the shelf under it
/// draws its background and words only). A pinch drives it as it drives a book's opening:
/// a held wheel scrubs it, reversing cancels.
public struct LibraryTransition: TransitionAnimator {
    public static let duration = 0.6

    public init() {}

    /// In: a spring that barely overshoots, so the covers settle into their cells.
    public static func pushCurve(duration: Double = duration) -> Spring {
        Spring(dampingRatio: 0.85, duration: duration, initialVelocity: 0)
    }

    /// Out: ease in and out, as a book closes.
    public static func popCurve(duration: Double = duration) -> TimingCurve {
        .easeInOut(duration: duration)
    }

    public func transitionDuration(_ context: TransitionContext) -> Double { LibraryTransition.duration }

    public func curve(_ context: TransitionContext) -> any Motion {
        switch context.operation {
        case .push: return LibraryTransition.pushCurve()
        case .pop: return LibraryTransition.popCurve()
        }
    }

    public func poses(_ context: TransitionContext, value: Double) -> ScenePoses {
        let grid = context.operation == .push ? value : 1 - value
        var poses = ScenePoses()
        poses.set(context.above as? LibraryScene, grid)
        // The grid draws every cover while it is on screen; the shelf keeps its words until
        // the covers have left.
        poses.set(context.below as? ShelfScene, ShelfScene.Pose(otherCoversOpacity: 0, showsCentredCover: false,
                                                                wordsOpacity: clamp(1 - 2 * grid, 0, 1)))
        return poses
    }
}
