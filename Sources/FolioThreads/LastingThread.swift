import Foundation

/// A thread that lives as long as the process and runs what it is handed, one job at a time,
/// while the caller waits. Decoder workers are started on it: the kernel kills a worker when
/// the thread that started it ends (`PR_SET_PDEATHSIG` follows the thread, not the process),
/// and requests come from threads that come and go (a dropped folder's, a check's, the
/// library measured while the window opens).
package final class LastingThread: Sendable {
    /// A job handed over.
    private final class Job: @unchecked Sendable {
        // Unchecked: `body` runs on the lasting thread while its caller waits for the job to
        // be cleared, under the lock that hands it over.
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    private struct State: Sendable {
        var job: Job?
    }

    private let state = Monitor(State())
    /// False when no thread could be started: jobs then run on their callers' threads.
    private let started: Bool

    /// `nice` (0 to 19) is the thread's, and so that of the processes it starts.
    package init(name: String, nice: Int32 = 0) {
        let state = self.state
        let thread = startJoinableThread(named: name) {
            if nice > 0 { lowerThisThreadsPriority(to: nice) }
            while true {
                let job = state.wait(until: { $0.job != nil }) { state, _ in state.job }
                job?.body()
                state.withLock { $0.job = nil }
            }
        }
        if let thread { pthread_detach(thread) }
        started = thread != nil
    }

    /// Runs `body` on the lasting thread and returns what it returned (or throws what it threw).
    package func run<T>(_ body: @escaping () throws -> T) throws -> T {
        guard started else { return try body() }
        var result: Result<T, any Error>?
        let job = Job { result = Result { try body() } }
        // Callers one at a time: a job is handed over once the one before it is done.
        state.wait(until: { $0.job == nil }) { state, _ in state.job = job }
        state.wait(until: { $0.job !== job }) { _, _ in }
        // Set before the job was cleared, under the same lock.
        return try result!.get()
    }
}
