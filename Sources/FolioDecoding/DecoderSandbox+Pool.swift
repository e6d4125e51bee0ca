import FolioCore
import FolioLibrary
import FolioThreads
import Foundation

extension DecoderSandbox {
    /// Worker processes, checked out one request at a time.
    final class Pool: @unchecked Sendable {
        // Unchecked because `spawner` is lazy. Safe: it is first touched in `checkOut`, with
        // the state's lock held.
        /// What the requesting threads share; only ever touched through `state`.
        private struct State: Sendable {
            var idle: [Worker] = []
            var running = 0
            /// Time spent by document and by book.
            var budget: TimeBudget
        }

        private let state: Monitor<State>
        /// Where workers are started (see `LastingThread`). At nice 10, as the thread that
        /// decodes for the viewer: a worker inherits it, so drawing keeps the larger share of a
        /// core they share.
        private lazy var spawner = LastingThread(name: "folio-spawn", nice: DecoderSandbox.workerNice)

        private let executable: String
        /// Seconds a worker has to answer one request.
        private let timeout: Double
        /// Seconds a listing or a header is waited for, first and once more.
        private let bounds: AnswerBounds

        init(executable: String, timeout: Double, libraryBudget: Double?, bounds: AnswerBounds) {
            self.executable = executable
            self.timeout = timeout
            self.bounds = bounds
            state = Monitor(State(budget: TimeBudget(library: libraryBudget)))
        }

        /// The idle workers end with the pool (one checked out ends when it is checked in).
        deinit {
            state.withLock { state in
                for worker in state.idle { worker.stop() }
                state.idle = []
            }
        }

        /// Sends `request` to a worker and reads its reply; `pixels` reads a pixel reply's
        /// pixels (width, height) from the worker's shared memory. `who` answers it, in a
        /// sentence about its failure (else the operation's worker). A page cairo ran out of
        /// its few seconds on is asked for once more, of Splash, whose the document now is; a
        /// listing or a header not answered within the first bound, once more of a fresh worker;
        /// a page the worker had no room for (its heap, capped, holds the documents it keeps),
        /// once more after that worker is stopped.
        func run(_ request: DecoderWire.Request, pixels: ((Int32, Int32, SharedPixels) throws -> Void)?,
                 who named: String? = nil) throws -> DecoderWire.Reply {
            do {
                return try runOnce(request, pixels: pixels, who: named, again: false)
            } catch let stopped as Stopped where stopped.handedToSplash || stopped.askAgain {
                return try runOnce(request, pixels: pixels, who: named, again: stopped.askAgain)
            } catch let stopped as Stopped where stopped.outOfRoom {
                return try runOnce(request, pixels: pixels, who: named, again: false, roomMade: true)
            }
        }

        /// A failure a worker gave for want of memory (libvips', poppler's, its own).
        static func isOutOfRoom(_ reply: DecoderWire.Reply) -> Bool {
            guard case .failure(_, let message, let detail) = reply else { return false }
            return (message + " " + detail).lowercased().contains("out of memory")
        }

        /// `again`: the second asking of a listing or a header (its bound is `bounds.retry`).
        /// `roomMade`: asked again after a worker had no room for it (a second failure so is given).
        private func runOnce(_ asked: DecoderWire.Request, pixels: ((Int32, Int32, SharedPixels) throws -> Void)?,
                             who named: String?, again: Bool, roomMade: Bool = false) throws -> DecoderWire.Reply {
            var request = asked
            let who = named ?? request.operation.worker
            // A document's requests are charged to it; an image's to its book: the archive it
            // is in, or the folder that holds it.
            let document = request.operation.isImage ? DecoderSandbox.bookOfImage(request) : request.path
            let (allowance, overran, bySplash) = state.withLock {
                ($0.budget.allowance(document, timeout: timeout, page: request.operation.isImage || request.operation.draws),
                 $0.budget.hasOverrun(document), $0.budget.drawsBySplash(document))
            }
            if request.operation == .render && bySplash { request.operation = .renderBySplash }
            // Cairo has its own few seconds of the page's time.
            let cairoWindow = min(timeout, DecoderSandbox.cairoSeconds)
            // A listing or a header has the first bound, then the retry's (when shorter).
            let headerWindow = request.operation.readsHeaders ? (again ? bounds.retry : bounds.first) : timeout
            let allowed = request.operation == .render ? allowance.map { min($0, cairoWindow) } : allowance.map { min($0, headerWindow) }
            // Asked again of a fresh worker when the first bound, not the timeout, ran out.
            let asksAgain = request.operation.readsHeaders && !again && allowed.map { $0 < timeout } == true
            guard let allowed else {
                throw Stopped(why: !overran ? "\(who) spent too long on this library's pages before"
                                : request.operation.isImage ? "\(who) spent too long on this book's pages before"
                                : "\(who) took too long on it before")
            }
            let worker = try checkOut()
            var healthy = false, timedOut = false
            let started = FileDescriptorIO.now()
            // Not when the library's budget shortened the page's time: that is what ran out.
            let handsOn = request.operation == .render && (allowance ?? 0) >= timeout
            defer {
                checkIn(worker, healthy: healthy)
                // Cut short by the library's budget, a book fails at once as a document does.
                charge(document, seconds: FileDescriptorIO.now() - started,
                       failsFast: timedOut && !handsOn && !asksAgain && (!request.operation.isImage || allowed < timeout))
                if timedOut && handsOn { state.withLock { $0.budget.handToSplash(document) } }
            }
            let io = FileDescriptorIO(fd: worker.fromChild, deadline: started + allowed)
            let reply: DecoderWire.Reply
            do {
                // The last reply's pixels are let go before the next request is sent.
                worker.shared.clear()
                try FileDescriptorIO(fd: worker.toChild, deadline: io.deadline).write(DecoderWire.encode(request))
                reply = try DecoderWire.readReply(io.read, to: request)
                if case .pixels(let width, let height, _) = reply {
                    guard let pixels else { throw DecoderWire.Malformed(what: "pixels that were not asked for") }
                    try pixels(width, height, worker.shared)
                    worker.shared.clear()
                }
            } catch is FileDescriptorIO.TimedOut {
                timedOut = true
                if again {
                    throw Stopped(why: "\(who) did not answer within \(Sentence.seconds(bounds.first)), nor a fresh one within \(Sentence.seconds(allowed))")
                }
                throw Stopped(why: "\(who) took longer than \(Sentence.seconds(allowed))", handedToSplash: handsOn, askAgain: asksAgain)
            } catch is FileDescriptorIO.Ended {
                throw Stopped(why: worker.endedWhy(who))
            } catch let malformed as DecoderWire.Malformed {
                throw Stopped(why: "\(who) sent \(malformed.what)")
            }
            // A worker out of room is stopped (what it keeps goes with it), and the request made
            // once more of another.
            if request.operation.isImage || request.operation.draws, Pool.isOutOfRoom(reply) {
                if !roomMade { throw Stopped(why: "\(who) had no room for it", outOfRoom: true) }
                return reply
            }
            healthy = true
            return reply
        }

        /// Once the first worker has started (for the first request: it goes first), starts
        /// another if fewer than the most run, and keeps it idle.
        func prestart() {
            let executable = executable
            let worker: Worker? = try? state.wait(until: { $0.running >= 1 }, deadline: Date().addingTimeInterval(10)) { state, ready in
                guard ready, state.running < DecoderSandbox.maxWorkers, !LiveWorkers.hasEnded else { return nil }
                let worker = try spawner.run { try Worker(executable: executable) }
                state.running += 1
                return worker
            }
            if let worker { checkIn(worker, healthy: true) }
        }

        /// Stops every idle worker and, unless one is busy, starts `keeping` (0 or 1) afresh: a
        /// worker's heap keeps some of what its decodes made of it (after a riffle through a
        /// CBZ of scans a worker holds about 20 MB more than a fresh one), so the one a still
        /// view keeps is new. A worker checked out is left to finish.
        func renew(keeping: Int) {
            let stopping: [Worker] = state.withLock { state in
                let stopping = state.idle
                state.running -= stopping.count
                state.idle = []
                return stopping
            }
            for worker in stopping { worker.stop() }
            let executable = executable
            let fresh: Worker? = try? state.withLock { state in
                guard state.running < keeping, !LiveWorkers.hasEnded else { return nil }
                let worker = try spawner.run { try Worker(executable: executable) }
                state.running += 1
                return worker
            }
            if let fresh { checkIn(fresh, healthy: true) }
        }

        /// Workers started and not stopped (tests).
        var running: Int { state.withLock { $0.running } }

        private func charge(_ document: String, seconds: Double, failsFast: Bool) {
            state.withLock { $0.budget.charge(document, seconds: seconds, failsFast: failsFast) }
        }

        private func checkOut() throws -> Worker {
            let executable = executable
            return try state.wait(until: { !$0.idle.isEmpty || $0.running < DecoderSandbox.maxWorkers }) { state, _ in
                if let worker = state.idle.popLast() { return worker }
                if LiveWorkers.hasEnded { throw Stopped(why: "the decoders were stopped") }
                let worker = try spawner.run { try Worker(executable: executable) }
                state.running += 1
                return worker
            }
        }

        private func checkIn(_ worker: Worker, healthy: Bool) {
            state.withLock { state in
                if healthy {
                    state.idle.append(worker)
                } else {
                    worker.stop()
                    state.running -= 1
                }
            }
        }
    }
}

extension DecoderWire.Operation {
    /// Whether the request reads what a library is made of (a listing, a header, a size),
    /// which a sound file answers at once: a worker that does not is replaced and asked once
    /// more (`DecoderSandbox.AnswerBounds`).
    var readsHeaders: Bool {
        switch self {
        case .inspect, .measure, .head, .list, .book, .library: return true
        case .render, .renderBySplash, .page, .links, .find: return false
        }
    }
}
