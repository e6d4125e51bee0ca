/// Where a transition is in its life (STYLE 5): one enum, checked in one place.
public enum TransitionState: Equatable, Sendable {
    /// Running on its own; `start` on the animation clock.
    case animating(start: Double)
    /// Held by a gesture at `progress` (fraction of the duration, 0…1).
    case interacting(progress: Double)
    /// Playing the rest of the curve forward from `from`, begun at `start`.
    case finishing(from: Double, start: Double)
    /// Playing the curve backwards to 0 from `from`, begun at `start`.
    case cancelling(from: Double, start: Double)
    /// Over: the stack settles on the new scene (`finished`) or stays where it was.
    case ended(finished: Bool)

    /// The state without its values, to compare and name.
    public enum Phase: String, Codable, Sendable {
        case animating, interacting, finishing, cancelling, ended
    }

    public var phase: Phase {
        switch self {
        case .animating: return .animating
        case .interacting: return .interacting
        case .finishing: return .finishing
        case .cancelling: return .cancelling
        case .ended: return .ended
        }
    }

    /// The phase's name, as the trace writes it.
    public var name: String { phase.rawValue }
}
