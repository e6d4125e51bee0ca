import FolioCore
import Foundation

/// Writes the remembered places off the window's thread (a write ends in an fsync): one
/// write at a time, the latest places replacing any still waiting, and `flush()` waits
/// for the last before the viewer exits. A write that fails becomes one warning line.
final class PlaceWriter: Sendable {
    private struct State: Sendable {
        var waiting: Places?
        var writing = false
        var warnings: [String] = []
    }

    private let store: PlaceStore
    private let state = Monitor(State())

    init(store: PlaceStore) {
        self.store = store
    }

    /// Queues `places` to be written; returns at once.
    func save(_ places: Places) {
        let start = state.withLock { state -> Bool in
            state.waiting = places
            defer { state.writing = true }
            return !state.writing
        }
        guard start else { return }
        let store = self.store, state = self.state
        Thread.detachNewThread {
            while let places = state.withLock({ state -> Places? in
                defer { state.waiting = nil }
                if state.waiting == nil { state.writing = false }
                return state.waiting
            }) {
                var warning: String?
                do {
                    try store.save(places)
                } catch let error as FolioError {
                    warning = error.message
                } catch {
                    warning = "\(store.path): cannot be written."
                }
                if let warning { state.withLock { $0.warnings.append(warning) } }
            }
        }
    }

    /// Waits until nothing is waiting or being written.
    func flush() {
        state.wait(until: { !$0.writing && $0.waiting == nil }) { _, _ in }
    }

    /// The warnings of the writes finished since the last call.
    func takeWarnings() -> [String] {
        state.withLock { state in
            defer { state.warnings.removeAll() }
            return state.warnings
        }
    }
}
