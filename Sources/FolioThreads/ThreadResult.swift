import Foundation

/// A value worked out on a thread of its own while the caller does something else (the
/// window opening at launch); `wait()` joins the thread and gives it.
package final class ThreadResult<Value: Sendable> {
    /// Written by the thread before it ends; read only after joining it.
    private final class Outcome: @unchecked Sendable { var value: Value? }
    private let outcome = Outcome()
    private let finished = Monitor(false)
    private var thread: pthread_t?

    /// Starts `body` on a thread named `name` (with no thread, runs it here and now).
    package init(named name: String, _ body: @escaping @Sendable () -> Value) {
        let outcome = outcome, finished = finished
        thread = startJoinableThread(named: name) {
            outcome.value = body()
            finished.withLock { $0 = true }
        }
        if thread == nil {
            outcome.value = body()
            finished.withLock { $0 = true }
        }
    }

    /// Whether the value is ready (`wait()` then returns at once).
    package var isReady: Bool { finished.withLock { $0 } }

    /// The value, once the thread has ended.
    package func wait() -> Value {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        return outcome.value!
    }

    deinit {
        if let thread { pthread_detach(thread) }
    }
}
