import Foundation

/// Runs `work` on queued items off the caller's thread, one at a time in the order they were
/// queued, on a thread named `name` that starts when there is work and ends when there is
/// none. With `latestOnly`, an item replaces any still waiting (only the newest state matters).
package final class BackgroundQueue<Item: Sendable>: Sendable {
    private struct State: Sendable {
        var waiting: [Item] = []
        var running = false
    }

    private let state = Monitor(State())
    private let name: String
    private let latestOnly: Bool
    private let work: @Sendable (Item) -> Void

    package init(name: String, latestOnly: Bool = false, work: @escaping @Sendable (Item) -> Void) {
        self.name = name
        self.latestOnly = latestOnly
        self.work = work
    }

    /// Queues `item`; returns at once.
    package func add(_ item: Item) {
        let latestOnly = self.latestOnly
        let start = state.withLock { state -> Bool in
            if latestOnly { state.waiting.removeAll() }
            state.waiting.append(item)
            defer { state.running = true }
            return !state.running
        }
        guard start else { return }
        let state = self.state, work = self.work
        let drain: @Sendable () -> Void = {
            while let item = state.withLock({ state -> Item? in
                if state.waiting.isEmpty { state.running = false; return nil }
                return state.waiting.removeFirst()
            }) {
                work(item)
            }
        }
        // With no thread, the work is done here and now.
        if !startDetachedThread(named: name, drain) { drain() }
    }

    /// Waits until nothing is waiting or being worked on, or `timeout` seconds pass (nil: no
    /// limit); false if the timeout came first.
    @discardableResult
    package func flush(timeout: Double? = nil) -> Bool {
        state.wait(until: { !$0.running }, deadline: timeout.map { Date().addingTimeInterval($0) }) { $1 }
    }

    /// True while an item waits or is being worked on.
    package var isBusy: Bool { state.withLock { $0.running } }
}
