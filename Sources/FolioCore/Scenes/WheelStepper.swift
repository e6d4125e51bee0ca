/// Accumulates wheel notches and hands out whole steps (one page, one book); smooth wheels
/// deliver fractions that add up.
struct WheelStepper: Sendable {
    private var accumulated = 0.0

    mutating func steps(adding notches: Double) -> Int {
        accumulated += notches
        let whole = accumulated.rounded(.towardZero)
        accumulated -= whole
        return Int(whole)
    }
}
