/// What an animator hands back: the timing curve over the duration, what the curve's value
/// does to the scenes (the `animations` block, which interpolates per component and may be
/// handed values past 1 by a spring), and the clean-up once the transition ends.
public struct TransitionAnimation {
    /// A 0 → 1 motion over the animator's duration.
    public var curve: any Motion
    public var animations: (Double) -> Void
    /// Called once, with true when the transition finished and false when it was cancelled.
    public var completion: (Bool) -> Void

    public init(curve: any Motion, animations: @escaping (Double) -> Void, completion: @escaping (Bool) -> Void) {
        self.curve = curve
        self.animations = animations
        self.completion = completion
    }
}
