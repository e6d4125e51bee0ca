import Foundation
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSDL
@testable import FolioThreads

/// A decoder for `DecodeWorker` tests that watches every page it makes: each is held weakly,
/// so a page its owners let go of reads as freed. Decodes past the first `allowed` wait
/// until `allow()`.
final class PageLedger: Sendable {
    struct Made: Sendable {
        weak var owner: PagePixels?
    }

    struct State: Sendable {
        var allowed: Int
        var started = 0
        var made: [Made] = []
    }

    private let monitor: Monitor<State>

    init(allowed: Int = .max) {
        monitor = Monitor(State(allowed: allowed))
    }

    func decode(_ job: DecodeWorker.Job) -> Result<PagePixels, PageImage.Failure> {
        monitor.withLock { $0.started += 1 }
        monitor.wait(until: { $0.allowed > 0 }) { state, _ in state.allowed -= 1 }
        guard let page = PagePixels(width: 4, height: 4) else {
            return .failure(PageImage.Failure(cause: .unreadable, message: "out of memory"))
        }
        monitor.withLock { $0.made.append(Made(owner: page)) }
        return .success(page)
    }

    /// Lets every waiting and later decode through.
    func allow() {
        monitor.withLock { $0.allowed = .max }
    }

    /// Waits until `count` decodes have started; false after 10 s.
    func waitUntilStarted(_ count: Int) -> Bool {
        monitor.wait(until: { $0.started >= count }, deadline: Date().addingTimeInterval(10)) { $1 }
    }

    /// Pages made.
    var madeCount: Int { monitor.withLock { $0.made.count } }

    /// Pages made that are still held by someone (not freed).
    var liveOwners: Int { monitor.withLock { $0.made.filter { $0.owner != nil }.count } }
}
