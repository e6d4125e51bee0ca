import FolioCore
import FolioThreads

/// The reading of a library at launch as it goes (`LibraryReading`), told by the loader on
/// its threads and read by the window on its own.
public final class LibraryLoadProgress: Sendable {
    private let state: Monitor<LibraryReading>

    public init(library: String) {
        state = Monitor(LibraryReading(library: library))
    }

    /// What has been read so far.
    public var reading: LibraryReading { state.withLock { $0 } }

    /// The books found, in order: they are read from now on.
    func begin(names: [String]) {
        state.withLock {
            $0.names = Array(names.prefix(LibraryReading.maxNames))
            $0.phase = .listing
        }
    }

    func started(_ index: Int) { state.withLock { _ = $0.reading.insert(index) } }

    func finished(_ index: Int) {
        state.withLock {
            $0.reading.remove(index)
            $0.done.insert(index)
        }
    }

    /// The books are read; their pages are measured now.
    public func measuring() { state.withLock { $0.phase = .measuring } }
}
