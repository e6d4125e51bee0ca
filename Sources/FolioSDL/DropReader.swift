import CSDL2
import FolioCore
import FolioLibrary
import FolioThreads
import Foundation

/// Reads what is dropped on the window off the window's thread, one drop at a time in the
/// order they came, so a large folder never stalls drawing; the window's loop takes what is
/// read with `take()` (an SDL user event wakes it when something is).
final class DropReader: Sendable {
    typealias Load = @Sendable (String) throws -> LibraryLoader.Result
    typealias Read = (path: String, result: Result<LibraryLoader.Result, FolioApp.DropFailure>)

    private let read = Monitor([Read]())
    private let queue: BackgroundQueue<String>

    init(load: @escaping Load) {
        let read = self.read
        queue = BackgroundQueue(name: "folio-drops") { path in
            let result = FolioApp.readDrop(path, load: load)
            read.withLock { $0.append((path, result)) }
            var wake = SDL_Event()
            wake.type = SDL_USEREVENT.rawValue
            SDL_PushEvent(&wake)
        }
    }

    /// Queues `path` to be read; returns at once.
    func read(_ path: String) {
        queue.add(path)
    }

    /// What has been read since the last call, in the order it was dropped.
    func take() -> [Read] {
        read.withLock { read in
            defer { read.removeAll() }
            return read
        }
    }

    /// True while a drop is queued or being read, or read and not yet taken.
    var isBusy: Bool { queue.isBusy || read.withLock { !$0.isEmpty } }
}
