import Foundation

/// Seconds spent on slow requests (each over `DecoderSandbox.slowRequest`), by document or
/// book, and those that have spent too long: past `DecoderSandbox.documentBudget`, or at once
/// when a request that fails fast (a document's that timed out) is charged.
///
/// With a `library` budget (a command's, which must end: `validate`, `record`), the slow
/// seconds of every document and book together are bounded too. Until they pass it, a request
/// has its timeout, or what is left of the budget when that is less (never under
/// `DecoderSandbox.spentLibraryRequest`); past it, each page has that much, and one that
/// overruns it fails its book or document at once (a listing or a header keeps its
/// timeout); past twice the budget, every request fails at once. So a library of bombs costs
/// its command at most about twice its budget in workers' time, whatever the number of
/// books, while a library of quick pages is never cut short.
struct TimeBudget {
    private var overran: Set<String> = []
    /// Documents cairo ran out of time on: their pages are drawn by poppler's Splash from
    /// then on (`DecoderWire.Operation.renderBySplash`).
    private var splashDrawn: Set<String> = []
    private var slowSeconds: [String: Double] = [:]
    /// Seconds of slow requests all documents and books may spend; nil for no bound.
    let library: Double?
    /// Slow seconds spent by all documents and books together.
    private(set) var spent = 0.0

    init(library: Double? = nil) { self.library = library }

    func hasOverrun(_ key: String) -> Bool { overran.contains(key) }

    /// Whether `key`'s pages are drawn by Splash (cairo ran out of time on one).
    func drawsBySplash(_ key: String) -> Bool { splashDrawn.contains(key) }

    /// Hands `key`'s pages to Splash: cairo ran out of its time on one of them.
    mutating func handToSplash(_ key: String) { splashDrawn.insert(key) }

    /// Seconds the next request of `key` may take, or nil when it is to fail at once; `page`
    /// for a page's pixels (what the library's budget shortens).
    func allowance(_ key: String, timeout: Double, page: Bool = true) -> Double? {
        guard !hasOverrun(key) else { return nil }
        guard let library else { return timeout }
        if spent >= 2 * library { return nil }
        return page ? min(timeout, max(library - spent, DecoderSandbox.spentLibraryRequest)) : timeout
    }

    /// Whether the library's budget is spent: each page then has only `spentLibraryRequest`.
    var librarySpent: Bool { library.map { spent >= $0 } ?? false }

    mutating func charge(_ key: String, seconds: Double, failsFast: Bool) {
        guard failsFast || seconds >= DecoderSandbox.slowRequest else { return }
        let spent = slowSeconds[key, default: 0] + seconds
        slowSeconds[key] = spent
        self.spent += seconds
        if failsFast || spent >= DecoderSandbox.documentBudget { overran.insert(key) }
    }
}
