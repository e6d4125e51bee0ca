import FolioCore
import FolioLibrary
import FolioThreads
import Foundation

/// Background threads that decode the most wanted pages first, one page each at a time (the
/// viewer runs as many as the decoder has workers, so a spread's two pages are decoded side
/// by side). The worker owns its threads (joined by `stop()`, or when the worker goes) and
/// every surface it decoded until
/// `takeFinished` hands it on; results of jobs from before `clear()` are dropped, never
/// handed out.
package final class DecodeWorker {
    package struct Job: Equatable, Sendable {
        package let source: ImageSource
        package let side: PageSide
        package let shape: PageImage.Shape
        /// The page aspect ratio of the book the image belongs to (the shape was made for it).
        package var aspect = PageGeometry.aspect
        /// For the thumbnail strip (its own small size), not a page.
        package var thumbnail = false
        /// A book's cover: made from its freedesktop thumbnail when one serves.
        package var cover = false
        /// A page's small version (its shape a fraction of the page's), shown scaled up until
        /// the page itself arrives.
        package var small = false

        package init(source: ImageSource, side: PageSide, shape: PageImage.Shape, aspect: Double = PageGeometry.aspect,
                     thumbnail: Bool = false, cover: Bool = false, small: Bool = false) {
            self.source = source
            self.side = side
            self.shape = shape
            self.aspect = aspect
            self.thumbnail = thumbnail
            self.cover = cover
            self.small = small
        }

        /// True when `other` makes the same texture (the same image, side and kind).
        func makesSameTexture(as other: Job) -> Bool {
            source == other.source && side == other.side && thumbnail == other.thumbnail && small == other.small
        }
    }

    package struct Result: Sendable {
        package let job: Job
        package let outcome: Swift.Result<PagePixels, PageImage.Failure>
    }

    /// Turns a job into a page; runs on one of the worker's threads.
    package typealias Decode = @Sendable (Job) -> Swift.Result<PagePixels, PageImage.Failure>

    /// Everything the two threads share; only ever touched through `monitor`.
    private struct State: Sendable {
        /// Wanted jobs, most wanted first.
        var queue: [Job] = []
        /// The jobs being decoded, by the ticket each was taken with, and the generation it
        /// was taken in.
        var busy: [Int: (job: Job, generation: Int)] = [:]
        var nextTicket = 0
        var finished: [Result] = []
        /// Bumped by `clear()`: a job taken in an older generation is stale.
        var generation = 0
        var stopping = false
        /// Threads still in their loop (a thread that has left it touches nothing more).
        var running = 0
        /// A chore is under way (it keeps nothing from being settled: the viewer may rest),
        /// and there may be more to do.
        var choring = false
        var choresLeft = false
    }

    private let monitor = Monitor(State())
    /// Empty once joined.
    private var threads: [pthread_t] = []

    /// Decodes pages with `PageImage` and `decoder` on `threads` threads, covers by way of
    /// `thumbnails` when given; nil when no thread can be started.
    package convenience init?(decoder: any PageDecoder, thumbnails: CoverThumbnails? = nil, threads: Int = 1) {
        var chore: Chore?
        if let thumbnails { chore = { thumbnails.makeOne() } }
        self.init(decode: { job in
            // A cover's small version comes from its book (shrink-on-load makes that cheap),
            // never from a thumbnail, nor owes one (too small for the cover it stands in for).
            if job.cover, !job.small, let made = thumbnails?.page(job.source, shape: job.shape) {
                return made
            }
            return PageImage.make(job.source, decoder: decoder, shape: job.shape)
        }, chore: chore, threads: threads)
    }

    /// Work done only while nothing is wanted, one piece a call: false when there is none.
    package typealias Chore = @Sendable () -> Bool

    /// Decodes with `decode` (tests give one they can watch) on `threads` threads, doing
    /// `chore` (on one at a time) whenever the queue is empty; nil when no thread can be started.
    package init?(decode: @escaping Decode, chore: Chore? = nil, threads count: Int = 1) {
        let monitor = monitor
        monitor.withLock { $0.running = max(1, count) }
        for _ in 0..<max(1, count) {
            if let thread = startJoinableThread(named: "folio-decode", { Self.run(monitor, decode: decode, chore: chore) }) {
                threads.append(thread)
            } else {
                monitor.withLock { $0.running -= 1 }
            }
        }
        if threads.isEmpty { return nil }
    }

    deinit {
        stop()
    }

    /// Ends the threads and returns once they have exited; every surface not handed out is
    /// freed. With `patience`, returns after that many seconds at most: a decode that takes
    /// longer (a stalled worker process) is left to end on its own, its result dropped.
    package func stop(patience: Double? = nil) {
        guard !threads.isEmpty else { return }
        monitor.withLock { $0.stopping = true }
        let exited = monitor.wait(until: { $0.running == 0 }, deadline: patience.map { Date().addingTimeInterval($0) }) { $1 }
        for thread in threads {
            if exited { pthread_join(thread, nil) } else { pthread_detach(thread) }
        }
        threads = []
        clear()
    }

    /// Replaces the queue: `jobs` in priority order, minus what is being decoded or done.
    package func setWanted(_ jobs: [Job]) {
        monitor.withLock { state in
            let busy = state.busy.values.map(\.job), finished = state.finished
            state.queue = jobs.filter { job in
                !busy.contains(job) && !finished.contains { $0.job.makesSameTexture(as: job) }
            }
        }
    }

    /// Forgets every queued job and drops every result not handed out yet, including that
    /// of the job being decoded now (textures of another size are coming).
    package func clear() {
        let stale = monitor.withLock { state in
            state.queue.removeAll()
            state.generation += 1
            defer { state.finished.removeAll() }
            return state.finished
        }
        _ = stale  // freed here, outside the lock
    }

    /// Hands on up to `limit` results, oldest first; the caller owns their surfaces.
    package func takeFinished(limit: Int) -> [Result] {
        monitor.withLock { state in
            let n = min(limit, state.finished.count)
            defer { state.finished.removeFirst(n) }
            return Array(state.finished.prefix(n))
        }
    }

    /// True when nothing is queued, being decoded or waiting to be taken: the live loop may
    /// sleep.
    package var isSettled: Bool { monitor.withLock { $0.queue.isEmpty && $0.busy.isEmpty && $0.finished.isEmpty } }

    /// True while a page is being decoded (benchmarks).
    package var isBusy: Bool { monitor.withLock { !$0.busy.isEmpty } }

    /// Sleeps until a decoded page waits to be taken, or nothing is queued or being decoded,
    /// or `timeout` seconds pass; false if the timeout came first (the live loop at rest,
    /// where the video driver cannot wait for events itself).
    @discardableResult
    package func waitForResult(timeout: Double) -> Bool {
        monitor.wait(until: { !$0.finished.isEmpty || ($0.queue.isEmpty && $0.busy.isEmpty) },
                     deadline: Date().addingTimeInterval(timeout)) { $1 }
    }

    /// Sleeps until nothing is queued or being decoded (tests); false if
    /// `timeout` seconds passed first.
    @discardableResult
    package func waitUntilIdle(timeout: Double = 30) -> Bool {
        monitor.wait(until: { $0.queue.isEmpty && $0.busy.isEmpty }, deadline: Date().addingTimeInterval(timeout)) { $1 }
    }

    /// Sleeps until nothing is queued or being decoded and no chore is left (tests); false if
    /// `timeout` seconds passed first.
    @discardableResult
    package func waitForChores(timeout: Double = 30) -> Bool {
        monitor.wait(until: { $0.queue.isEmpty && $0.busy.isEmpty && !$0.choring && !$0.choresLeft },
                     deadline: Date().addingTimeInterval(timeout)) { $1 }
    }

    /// A thread's body: takes the most wanted job, decodes it without the lock, keeps the
    /// result unless it went stale meanwhile; with nothing wanted, does chores one at a time
    /// (one thread at a time).
    private static func run(_ monitor: Monitor<State>, decode: Decode, chore: Chore?) {
        // Below the frame loop, but never starved: nice 10 (on Linux, for this thread only)
        // gives drawing about nine tenths of a core they share. SCHED_IDLE would run only on
        // a machine otherwise idle, so any busy program elsewhere would hold pages back for
        // seconds (and quitting, which waits for the decode under way).
        lowerThisThreadsPriority(to: DecoderSandbox.workerNice)
        enum Next { case job(Job, ticket: Int), chore, stop }
        while true {
            let next = monitor.wait(until: { !$0.queue.isEmpty || $0.stopping || ($0.choresLeft && !$0.choring) }) { state, _ -> Next in
                guard !state.stopping else { return .stop }
                guard !state.queue.isEmpty else {
                    state.choring = true
                    return .chore
                }
                let job = state.queue.removeFirst()
                let ticket = state.nextTicket
                state.nextTicket += 1
                state.busy[ticket] = (job, state.generation)
                return .job(job, ticket: ticket)
            }
            let job: Job, ticket: Int
            switch next {
            case .stop:
                monitor.withLock { $0.running -= 1 }
                return
            case .chore:
                let more = chore?() ?? false
                monitor.withLock { state in
                    state.choring = false
                    if !more { state.choresLeft = false }
                }
                continue
            case .job(let taken, let taker):
                job = taken
                ticket = taker
            }
            var result: Result? = Result(job: job, outcome: decode(job))
            let stale = monitor.withLock { state in
                // A decode may leave a chore (a cover's thumbnail to make).
                if chore != nil { state.choresLeft = true }
                let current = !state.stopping && state.busy[ticket]?.generation == state.generation
                if current, let result {
                    state.finished.append(result)
                    state.busy[ticket] = nil
                }
                return !current
            }
            guard stale else { continue }
            // Freed outside the lock, before the worker counts as idle.
            result = nil
            monitor.withLock { $0.busy[ticket] = nil }
        }
    }
}
