import Foundation

/// Seconds spent on slow requests (each over `DecoderSandbox.slowRequest`), by document or
/// book, and those that have spent too long: past `DecoderSandbox.documentBudget`, or at once
/// when a request that fails fast (a document's that timed out) is charged.
struct TimeBudget {
    private var overran: Set<String> = []
    private var slowSeconds: [String: Double] = [:]

    func hasOverrun(_ key: String) -> Bool { overran.contains(key) }

    mutating func charge(_ key: String, seconds: Double, failsFast: Bool) {
        guard failsFast || seconds >= DecoderSandbox.slowRequest else { return }
        let spent = slowSeconds[key, default: 0] + seconds
        slowSeconds[key] = spent
        if failsFast || spent >= DecoderSandbox.documentBudget { overran.insert(key) }
    }
}
