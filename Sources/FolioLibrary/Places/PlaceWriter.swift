import FolioCore
import FolioThreads
import Foundation

/// Writes the remembered places off the window's thread (a write ends in an fsync): one
/// write at a time, the latest places replacing any still waiting, and `flush()` waits
/// for the last before the viewer exits. A write that fails becomes one warning line. Each
/// write lays this viewer's changes over the file as it is then, under its lock
/// (`PlaceStore.save`), so viewers open at once keep each other's places.
package final class PlaceWriter: Sendable {
    private let warnings = Monitor([String]())
    private let queue: BackgroundQueue<Places>

    package init(store: PlaceStore) {
        let warnings = self.warnings
        queue = BackgroundQueue(name: "folio-places", latestOnly: true) { places in
            do {
                try store.save(places)
            } catch let error as FolioError {
                warnings.withLock { $0.append(error.message) }
            } catch {
                warnings.withLock { $0.append("\(store.path): cannot be written.") }
            }
        }
    }

    /// Queues `places` to be written; returns at once.
    package func save(_ places: Places) {
        queue.add(places)
    }

    /// Waits until nothing is waiting or being written.
    package func flush() {
        queue.flush()
    }

    /// The warnings of the writes finished since the last call.
    package func takeWarnings() -> [String] {
        warnings.withLock { warnings in
            defer { warnings.removeAll() }
            return warnings
        }
    }
}
