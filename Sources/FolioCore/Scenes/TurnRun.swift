/// Turns that follow one another the same way: a held key, or presses faster than a leaf
/// turns. While a run goes on the book is leafing through, even with a single leaf to go at a
/// time (a held key waits on each spread, `HeldKeys`), so the pages ahead are wanted as
/// stand-ins, small and cheap, rather than sharp (`Prefetch`).
struct TurnRun {
    /// Seconds after a turn within which the next one continues the run.
    static let gap = 0.5
    private var direction = 0
    private var count = 0
    private var last = -Double.infinity
    private var now = -Double.infinity

    /// A turn of `step` leaves (its sign is its way) began at `time`.
    mutating func turned(by step: Int, at time: Double) {
        let way = step.signum()
        guard way != 0 else { return }
        count = way == direction && time - last <= Self.gap ? count + 1 : 1
        direction = way
        last = time
        now = max(now, time)
    }

    mutating func update(at time: Double) { now = time }

    /// The run's way (+1 forwards, −1 back) while it goes on: two turns or more, the last
    /// within `gap`; else 0.
    var leafing: Int { count > 1 && now - last <= Self.gap ? direction : 0 }
}
