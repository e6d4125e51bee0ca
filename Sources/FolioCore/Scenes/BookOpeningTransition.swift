/// The book-opening animation (SPEC §3): a push springs the centred cover open into the
/// book while the shelf fades; a pop eases the pages shut onto the shelf again.
public final class BookOpeningTransition: TransitionAnimator {
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

    public func animateTransition(_ context: TransitionContext) -> TransitionAnimation {
        let duration = transitionDuration(context)
        switch context.operation {
        case .push:
            guard let shelf = context.from as? ShelfScene, let book = context.to as? BookScene else { break }
            // Start: the selected cover hidden, every page closed, the book's background clear.
            shelf.centeredCoverOpacity = 0
            book.backgroundOpacity = 0
            return TransitionAnimation(
                curve: BookOpeningTransition.pushCurve(duration: duration),
                animations: { value in
                    book.openness = value
                    shelf.otherCoversOpacity = clamp(1 - value, 0, 1)
                },
                completion: { finished in
                    if finished {
                        book.openness = 1
                        book.backgroundOpacity = 1
                        shelf.otherCoversOpacity = 0
                    } else {
                        shelf.otherCoversOpacity = 1
                        shelf.centeredCoverOpacity = 1
                    }
                })
        case .pop:
            guard let book = context.from as? BookScene, let shelf = context.to as? ShelfScene else { break }
            book.backgroundOpacity = 0
            shelf.centeredCoverOpacity = 0
            return TransitionAnimation(
                curve: BookOpeningTransition.popCurve(duration: duration),
                animations: { value in
                    book.openness = 1 - value
                    shelf.otherCoversOpacity = clamp(value, 0, 1)
                },
                completion: { finished in
                    if finished {
                        shelf.otherCoversOpacity = 1
                        shelf.centeredCoverOpacity = 1
                    } else {
                        book.openness = 1
                        book.backgroundOpacity = 1
                        shelf.otherCoversOpacity = 0
                    }
                })
        }
        // Scenes this animator does not know: change at once.
        return TransitionAnimation(curve: TimingCurve.linear(duration: duration), animations: { _ in }, completion: { _ in })
    }
}
