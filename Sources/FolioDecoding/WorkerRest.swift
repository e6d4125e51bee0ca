/// How many decoder workers the view keeps as it moves and rests: a book opening or moving (a
/// turn, a riffle, a zoom) has both ready; a view still for `stillBefore` with nothing being
/// decoded keeps fewer, a book one (for its next turn, a fresh one: `PageDecoder.rest`), the
/// shelf none (a cover or a book to decode starts one). The renderer notes each frame and
/// carries out what this says; the viewer asleep at rest wakes when a rest is due.
package struct WorkerRest {
    /// Seconds a view stays still before the decoder keeps fewer workers: turns a few seconds
    /// apart, a flip begun soon after a turn and a shelf scrolled in steps keep them all.
    package static let stillBefore = 3.0
    /// How many workers the view kept when it last came to rest, or asked for as it moved
    /// (nil: the shelf moved since, and a decode may have started one).
    private var kept: Int?
    /// Since when (the app's time) the view has been still; nil while it moves.
    private var stillSince: Double?
    /// How many the view on screen keeps once still.
    private var keeping = 0

    package init() {}

    /// Notes a frame of the view at `time`; true when both workers are to be started (a book
    /// that moves).
    package mutating func note(still: Bool, bookOpen: Bool, at time: Double) -> Bool {
        keeping = bookOpen ? 1 : 0
        guard !still else {
            stillSince = stillSince ?? time
            return false
        }
        stillSince = nil
        guard bookOpen else {
            kept = nil
            return false
        }
        guard kept != DecoderSandbox.maxWorkers else { return false }
        kept = DecoderSandbox.maxWorkers
        return true
    }

    /// Seconds from `time` until fewer workers are due (nil: not due, or something is being
    /// decoded, `settled` false: its texture wakes the viewer).
    package func secondsUntilDue(at time: Double, settled: Bool) -> Double? {
        guard let since = stillSince, settled, kept.map({ $0 > keeping }) ?? true else { return nil }
        return max(since + Self.stillBefore - time, 0)
    }

    /// How many workers to keep now, once due (nil: not yet); noted as kept.
    package mutating func due(at time: Double, settled: Bool) -> Int? {
        guard secondsUntilDue(at: time, settled: settled) == 0 else { return nil }
        kept = keeping
        return keeping
    }
}
