import CSDL2
import Dispatch
import FolioCore
import Foundation
import Synchronization

/// One background thread that decodes the most wanted page first. All of its state lives
/// behind one `Mutex`; the thread sleeps on a semaphore while there is nothing to do and is
/// joined by `stop()`. Decoded surfaces travel as `OwnedSurface`s, so each is freed exactly
/// once, whether it is uploaded, goes stale or is still waiting when the worker stops.
final class DecodeWorker: Sendable {
    struct Job: Equatable, Sendable {
        let source: ImageSource
        let side: PageSide
        let shape: PageImage.Shape
    }

    struct Result: Sendable {
        let source: ImageSource
        let side: PageSide
        let shape: PageImage.Shape
        let outcome: Swift.Result<OwnedSurface, PageImage.Failure>
    }

    private struct State {
        var queue: [Job] = []
        var busy: Job?
        var finished: [Result] = []
        var stopping = false
        var stopped = false
    }

    private let state = Mutex(State())
    /// Signalled when work may be waiting (or the worker should stop).
    private let wake = DispatchSemaphore(value: 0)
    /// Signalled once by the thread as it leaves.
    private let exited = DispatchSemaphore(value: 0)

    init() {
        let thread = Thread { [self] in
            loop()
            exited.signal()
        }
        thread.name = "folio-decode"
        thread.start()
    }

    /// Stops the thread and waits until it has left; results not taken are freed.
    func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.stopping = true; state.queue.removeAll() }
            return !state.stopping
        }
        guard first else { return }
        wake.signal()
        exited.wait()
        let stale = state.withLock { state -> [Result] in
            state.stopped = true
            defer { state.finished.removeAll() }
            return state.finished
        }
        _ = stale  // dropped here: each OwnedSurface frees its surface
    }

    /// Replaces the queue: `jobs` in priority order, minus what is being decoded or done.
    func setWanted(_ jobs: [Job]) {
        let hasWork = state.withLock { state -> Bool in
            let done = Set(state.finished.map { "\($0.source)|\($0.side)" })
            state.queue = jobs.filter { $0 != state.busy && !done.contains("\($0.source)|\($0.side)") }
            return !state.queue.isEmpty && !state.stopping
        }
        if hasWork { wake.signal() }
    }

    /// Drops queued jobs and finished results (the page size changed).
    func clear() {
        let stale = state.withLock { state -> [Result] in
            state.queue.removeAll()
            defer { state.finished.removeAll() }
            return state.finished
        }
        _ = stale
    }

    /// Up to `limit` finished results, oldest first; the caller now owns their surfaces.
    func takeFinished(limit: Int) -> [Result] {
        state.withLock { state in
            let n = min(limit, state.finished.count)
            defer { state.finished.removeFirst(n) }
            return Array(state.finished.prefix(n))
        }
    }

    /// True while jobs are queued or one is being decoded.
    var isBusy: Bool { state.withLock { !$0.queue.isEmpty || $0.busy != nil } }

    /// True when nothing is queued, in hand or waiting to be taken.
    var isSettled: Bool { state.withLock { $0.queue.isEmpty && $0.busy == nil && $0.finished.isEmpty } }

    private func loop() {
        // Below the frame loop: decoding takes only the CPU that drawing leaves idle
        // (SCHED_IDLE), or failing that a low priority.
        var param = sched_param()
        if pthread_setschedparam(pthread_self(), 5 /* SCHED_IDLE */, &param) != 0 {
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)  // Linux: 0 is this thread
        }
        let reader = ImageReader()
        while true {
            let next = state.withLock { state -> Job?? in
                if state.stopping { return .some(nil) }
                guard !state.queue.isEmpty else { return nil }
                let job = state.queue.removeFirst()
                state.busy = job
                return .some(job)
            }
            switch next {
            case .none:
                wake.wait()
                continue
            case .some(.none):
                return
            case .some(.some(let job)):
                let outcome = PageImage.make(job.source, reader: reader, shape: job.shape).map(OwnedSurface.init)
                state.withLock { state in
                    state.busy = nil
                    // A result that arrives after stop() is dropped here, freeing its surface.
                    if !state.stopping {
                        state.finished.append(Result(source: job.source, side: job.side, shape: job.shape, outcome: outcome))
                    }
                }
            }
        }
    }
}
