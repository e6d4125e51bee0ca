import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSDL
@testable import FolioThreads

extension TextureCacheTests {
    /// The decode worker: `stop()` returns after its thread has ended, every surface it
    /// decoded is freed exactly once, and results from before `clear()` or a new page size
    /// never come out. Nested in TextureCacheTests so they run serially with it.
    @Suite struct DecodeWorkerTests {
        /// Only passed around here: the tests' decoder never opens it.
        static func jobs(_ count: Int) -> [DecodeWorker.Job] {
            (0..<count).map { i in
                DecodeWorker.Job(source: .file("/nonexistent/page\(i).png"), side: .right,
                                 shape: PageImage.Shape(width: 4, height: 4, radius: 0, side: .right))
            }
        }

        /// Something only the worker's thread holds (through its decoder): gone once the thread has ended.
        final class Token: Sendable {}

        @Test func choresRunOnlyWhileNothingIsWantedAndKeepNothingFromSettling() throws {
            let log = Monitor([String]()), left = Monitor(2)
            let decode: DecodeWorker.Decode = { job in
                log.withLock { $0.append("decode") }
                return .failure(PageImage.Failure(cause: .unreadable, message: "\(job.source.name): test."))
            }
            let chore: DecodeWorker.Chore = {
                left.withLock { n in
                    guard n > 0 else { return false }
                    n -= 1
                    log.withLock { $0.append("chore") }
                    return true
                }
            }
            let worker = try #require(DecodeWorker(decode: decode, chore: chore))
            // No chore before any decode: a worker that decoded nothing owes nothing.
            #expect(worker.waitForChores(timeout: 5))
            #expect(log.withLock { $0 }.isEmpty)
            worker.setWanted(Self.jobs(3))
            #expect(worker.waitForChores(timeout: 5))
            #expect(log.withLock { $0 } == ["decode", "decode", "decode", "chore", "chore"])
            _ = worker.takeFinished(limit: 10)
            #expect(worker.isSettled)
            worker.stop()
        }

        @Test func stoppingWithJobsQueuedAndResultsUnconsumedFreesEverySurfaceOnce() throws {
            let ledger = PageLedger(allowed: 3)
            let worker = try #require(DecodeWorker(decode: ledger.decode))
            worker.setWanted(Self.jobs(10))
            // Three results wait unconsumed, the fourth decode is under way, six jobs queued.
            #expect(ledger.waitUntilStarted(4))
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { ledger.allow() }
            worker.stop()
            #expect(ledger.madeCount >= 4)
            #expect(ledger.liveOwners == 0)
            #expect(worker.takeFinished(limit: .max).isEmpty)
        }

        @Test func stopReturnsOnlyAfterTheThreadHasEnded() throws {
            let ledger = PageLedger(allowed: 0)
            weak var token: Token?
            let worker: DecodeWorker
            do {
                let held = Token()
                token = held
                let decode: DecodeWorker.Decode = { [held] job in withExtendedLifetime(held) { ledger.decode(job) } }
                worker = try #require(DecodeWorker(decode: decode))
            }
            worker.setWanted(Self.jobs(1))
            #expect(ledger.waitUntilStarted(1))
            // The decode under way ends only later, from another thread; stop() must wait for it.
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { ledger.allow() }
            worker.stop()
            #expect(ledger.madeCount == 1)
            #expect(token == nil)
            #expect(ledger.liveOwners == 0)
        }

        /// The live loop at rest on a driver without its own wait sleeps here: it wakes for a
        /// finished page (not before) and straight away when nothing is on its way.
        @Test func waitingForAResultWakesWhenOneIsReady() throws {
            let ledger = PageLedger(allowed: 0)
            let worker = try #require(DecodeWorker(decode: ledger.decode))
            #expect(worker.waitForResult(timeout: 30), "nothing queued: no wait")
            worker.setWanted(Self.jobs(1))
            #expect(ledger.waitUntilStarted(1))
            #expect(!worker.waitForResult(timeout: 0.05), "the decode is still under way")
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { ledger.allow() }
            #expect(worker.waitForResult(timeout: 30))
            #expect(worker.takeFinished(limit: .max).count == 1)
            worker.stop()
        }

        /// A page turned past before its turn came (its job dropped from the wanted list) is
        /// never decoded: only the one under way and the newly wanted ones are.
        @Test func aJobNoLongerWantedIsNeverDecoded() throws {
            let decoded = Monitor([String]())
            let ledger = PageLedger(allowed: 0)
            let decode: DecodeWorker.Decode = { job in
                decoded.withLock { $0.append(job.source.name) }
                return ledger.decode(job)
            }
            let worker = try #require(DecodeWorker(decode: decode))
            let jobs = Self.jobs(6)
            worker.setWanted(Array(jobs[0..<4]))
            // Job 0 is under way; 1 to 3 wait, and are superseded by 5 and 4.
            #expect(ledger.waitUntilStarted(1))
            worker.setWanted([jobs[5], jobs[4]])
            ledger.allow()
            #expect(worker.waitUntilIdle(timeout: 10))
            #expect(decoded.withLock { $0 } == [jobs[0], jobs[5], jobs[4]].map(\.source.name))
            #expect(worker.takeFinished(limit: .max).map(\.job) == [jobs[0], jobs[5], jobs[4]])
            worker.stop()
        }

        /// With two threads (the viewer's, one a decoder worker), two pages are decoded side
        /// by side, each once, and both come out.
        @Test func twoThreadsDecodeTwoPagesAtOnceEachOnce() throws {
            let decoded = Monitor([String]())
            let ledger = PageLedger(allowed: 0)
            let decode: DecodeWorker.Decode = { job in
                decoded.withLock { $0.append(job.source.name) }
                return ledger.decode(job)
            }
            let worker = try #require(DecodeWorker(decode: decode, threads: 2))
            let jobs = Self.jobs(3)
            worker.setWanted(jobs)
            // Neither of the first two may finish, yet both have started.
            #expect(ledger.waitUntilStarted(2))
            #expect(Set(decoded.withLock { $0 }) == Set(jobs[0..<2].map(\.source.name)))
            // Wanted again while under way: not decoded a second time.
            worker.setWanted(jobs)
            ledger.allow()
            #expect(worker.waitUntilIdle(timeout: 10))
            #expect(decoded.withLock { $0 }.sorted() == jobs.map(\.source.name).sorted())
            #expect(Set(worker.takeFinished(limit: .max).map(\.job.source.name)) == Set(jobs.map(\.source.name)))
            worker.stop()
            #expect(ledger.liveOwners == 0)
        }

        @Test func clearDropsFinishedAndUnderwayResults() throws {
            let ledger = PageLedger(allowed: 2)
            let worker = try #require(DecodeWorker(decode: ledger.decode))
            worker.setWanted(Self.jobs(3))
            // Two results wait unconsumed; the third decode is under way during clear().
            #expect(ledger.waitUntilStarted(3))
            worker.clear()
            ledger.allow()
            #expect(worker.waitUntilIdle(timeout: 10))
            #expect(worker.takeFinished(limit: .max).isEmpty)
            #expect(ledger.madeCount == 3)
            #expect(ledger.liveOwners == 0)
            // Still decoding afterwards.
            worker.setWanted(Self.jobs(1))
            #expect(worker.waitUntilIdle(timeout: 10))
            let results = worker.takeFinished(limit: .max)
            #expect(results.count == 1)
            #expect(ledger.liveOwners == 1)
        }

        @Test func aPageDecodedForTheOldSizeIsNeverShown() throws {
            let (library, dir) = try TextureCacheTests.library(pages: 1)
            defer { try? FileManager.default.removeItem(at: dir) }
            let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 64, height: 64)
            let cache = TextureCache(sdlRenderer: canvas.sdlRenderer, mode: .background, budgetBytes: 64 << 20, decoder: TestDecoding.workers)
            defer { cache.close() }
            cache.setPageSize(width: 100, height: 150, cornerRadius: 6)
            let worker = try #require(cache.worker)
            let source = library.books[0].pages[0]!
            cache.beginFrame(wanted: [.init(source: source, side: .left)])
            #expect(worker.waitUntilIdle(timeout: 10))
            // Decoded at 100×150 but not uploaded yet when the page size doubles.
            cache.setPageSize(width: 200, height: 300, cornerRadius: 12)
            cache.beginFrame(wanted: [.init(source: source, side: .left)])
            #expect(!cache.isReady(source, side: .left))
            // It comes back at the new size.
            for _ in 0..<10 where !cache.isReady(source, side: .left) {
                worker.waitUntilIdle(timeout: 10)
                cache.beginFrame(wanted: [.init(source: source, side: .left)])
            }
            #expect(cache.texture(for: source, side: .left, number: 1)?.width == 200)
        }
    }
}
