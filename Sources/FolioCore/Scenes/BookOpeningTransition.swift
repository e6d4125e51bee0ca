/// The book-opening animation (SPEC §3): a push springs the centred cover open into the
/// book while the shelf fades; a pop eases the pages shut onto the shelf again. It maps the
/// transition's curve value to a `BookOpeningPose`.
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

    public func pose(_ context: TransitionContext, value: Double) -> BookOpeningPose {
        pose(context.operation, value: value)
    }

    /// Both scenes at curve value `value` (0 where the operation starts, 1 where it ends):
    /// the selected cover hidden and the book's background clear throughout, the pages
    /// between closed and open, the other covers fading out as the book opens.
    public func pose(_ operation: NavigationOperation, value: Double) -> BookOpeningPose {
        switch operation {
        case .push:
            return BookOpeningPose(openness: value, otherCoversOpacity: clamp(1 - value, 0, 1),
                                   showsCentredCover: false, showsBookBackground: false)
        case .pop:
            return BookOpeningPose(openness: 1 - value, otherCoversOpacity: clamp(value, 0, 1),
                                   showsCentredCover: false, showsBookBackground: false)
        }
    }
}
