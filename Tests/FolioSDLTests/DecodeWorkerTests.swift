import Foundation
import Testing
@testable import FolioCore
@testable import FolioSDL

/// The decode thread: one owner per surface, joined on stop, stale results dropped.
@Suite(.serialized)
struct DecodeWorkerTests {
    static let shape = PageImage.Shape(width: 120, height: 180, radius: 4, side: .right)

    static func jobs(_ count: Int, shape: PageImage.Shape = shape) -> [DecodeWorker.Job] {
        // Distinct sources (the same bundled page under different names via symbolic links
        // would be refused as leaving nothing; distinct sides and shapes are enough here).
        (0..<count).map { i in
            DecodeWorker.Job(source: .file(TextureCacheTests.page.path), side: i % 2 == 0 ? .right : .left,
                             shape: PageImage.Shape(width: shape.width + Int32(i / 2), height: shape.height, radius: 4, side: .right))
        }
    }

    /// Waits (bounded) until the worker has nothing queued or in hand.
    static func settle(_ worker: DecodeWorker) {
        let deadline = Date().addingTimeInterval(20)
        while worker.isBusy && Date() < deadline { usleep(1000) }
    }

    @Test func stoppingWithJobsQueuedAndResultsUntakenFreesEverySurfaceOnce() {
        let before = OwnedSurface.live.load(ordering: .relaxed)
        let worker = DecodeWorker()
        worker.setWanted(Self.jobs(4))
        Self.settle(worker)
        #expect(OwnedSurface.live.load(ordering: .relaxed) == before + 4)  // finished, not taken
        worker.setWanted(Self.jobs(12))  // more queued, some in flight when stop comes
        worker.stop()
        #expect(OwnedSurface.live.load(ordering: .relaxed) == before)
    }

    @Test func stopReturnsOnlyAfterTheJobInHandIsDoneAndTheThreadHasLeft() {
        let worker = DecodeWorker()
        worker.setWanted(Self.jobs(3))
        usleep(2000)  // let the thread take a job
        worker.stop()
        #expect(!worker.isBusy)
        worker.stop()  // a second stop returns at once
        // Nothing arrives after stop.
        worker.setWanted(Self.jobs(2))
        usleep(20_000)
        #expect(worker.takeFinished(limit: .max).isEmpty)
    }

    @Test func clearDropsStaleResultsAndTakenResultsAreOwnedByTheTaker() {
        let before = OwnedSurface.live.load(ordering: .relaxed)
        let worker = DecodeWorker()
        defer { worker.stop() }
        worker.setWanted(Self.jobs(4))
        Self.settle(worker)
        var taken = worker.takeFinished(limit: 1)
        #expect(taken.count == 1)
        worker.clear()
        #expect(worker.takeFinished(limit: .max).isEmpty)
        #expect(OwnedSurface.live.load(ordering: .relaxed) == before + 1)  // only the one taken
        taken.removeAll()
        #expect(OwnedSurface.live.load(ordering: .relaxed) == before)
    }
}
