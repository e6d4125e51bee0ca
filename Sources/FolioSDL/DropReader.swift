import CSDL2
import FolioCore
import Foundation

/// Reads what is dropped on the window off the window's thread, one drop at a time in the
/// order they came, so a large folder never stalls drawing; the window's loop takes what is
/// read with `take()` (an SDL user event wakes it when something is).
final class DropReader: Sendable {
    typealias Load = @Sendable (String) throws -> LibraryLoader.Result
    typealias Read = (path: String, result: Result<LibraryLoader.Result, FolioApp.DropFailure>)

    private struct State: Sendable {
        var waiting: [String] = []
        var read: [Read] = []
        var reading = false
    }

    private let load: Load
    private let state = Monitor(State())

    init(load: @escaping Load) {
        self.load = load
    }

    /// Queues `path` to be read; returns at once.
    func read(_ path: String) {
        let start = state.withLock { state -> Bool in
            state.waiting.append(path)
            defer { state.reading = true }
            return !state.reading
        }
        guard start else { return }
        let load = self.load, state = self.state
        Thread.detachNewThread {
            while let path = state.withLock({ state -> String? in
                guard !state.waiting.isEmpty else { state.reading = false; return nil }
                return state.waiting.removeFirst()
            }) {
                let result = FolioApp.readDrop(path, load: load)
                state.withLock { $0.read.append((path, result)) }
                var wake = SDL_Event()
                wake.type = SDL_USEREVENT.rawValue
                SDL_PushEvent(&wake)
            }
        }
    }

    /// What has been read since the last call, in the order it was dropped.
    func take() -> [Read] {
        state.withLock { state in
            defer { state.read.removeAll() }
            return state.read
        }
    }

    /// True while a drop is queued or being read.
    var isBusy: Bool { state.withLock { $0.reading || !$0.read.isEmpty } }
}
