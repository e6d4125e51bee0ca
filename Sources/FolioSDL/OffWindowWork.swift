import CSDL2
import FolioThreads
import Foundation

/// Work the window's loop hands off so it never waits on it (a drop read, a book measured):
/// done on its own thread, one item at a time in the order given; the loop takes what is done
/// with `take()`, and an SDL user event wakes it when something is.
final class OffWindowWork<Input: Sendable, Output: Sendable>: Sendable {
    private let done = Monitor([Output]())
    private let queue: BackgroundQueue<Input>

    /// `name`: the thread's, as `top -H` shows it.
    init(name: String, _ work: @escaping @Sendable (Input) -> Output) {
        let done = self.done
        queue = BackgroundQueue(name: name) { input in
            let output = work(input)
            done.withLock { $0.append(output) }
            var wake = SDL_Event()
            wake.type = SDL_USEREVENT.rawValue
            SDL_PushEvent(&wake)
        }
    }

    /// Queues `input`; returns at once.
    func add(_ input: Input) {
        queue.add(input)
    }

    /// What is done since the last call, in the order it was given.
    func take() -> [Output] {
        done.withLock { done in
            defer { done.removeAll() }
            return done
        }
    }

    /// Sleeps until nothing is queued or running, or `timeout` seconds pass; false if the
    /// timeout came first.
    func waitUntilDone(timeout: Double) -> Bool { queue.flush(timeout: timeout) }

    /// True while work is queued or running, or done and not yet taken.
    var isBusy: Bool { queue.isBusy || done.withLock { !$0.isEmpty } }
}
