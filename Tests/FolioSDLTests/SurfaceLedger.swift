import CSDL2
import Foundation
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSDL
@testable import FolioThreads

/// A decoder for `DecodeWorker` tests that watches every surface it makes. Each surface gets
/// two extra SDL references, so once its owner has freed it its refcount reads 2 (3: never
/// freed, 1: freed twice). Decodes past the first `allowed` wait until `allow()`.
final class SurfaceLedger: Sendable {
    struct Made: Sendable {
        let address: UInt
        weak var owner: OwnedSurface?
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

    deinit {
        // Drops the two test references, plus the owner's if it never let go.
        for made in monitor.withLock({ $0.made }) {
            guard let surface = UnsafeMutablePointer<SDL_Surface>(bitPattern: made.address) else { continue }
            let extra = surface.pointee.refcount - (made.owner == nil ? 0 : 1)
            for _ in 0..<max(0, extra) { SDL_FreeSurface(surface) }
        }
    }

    func decode(_ job: DecodeWorker.Job) -> Result<OwnedSurface, PageImage.Failure> {
        monitor.withLock { $0.started += 1 }
        monitor.wait(until: { $0.allowed > 0 }) { state, _ in state.allowed -= 1 }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, 4, 4, 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            return .failure(PageImage.Failure(cause: .unreadable, message: "out of memory"))
        }
        surface.pointee.refcount += 2
        let owner = OwnedSurface(surface)
        monitor.withLock { $0.made.append(Made(address: UInt(bitPattern: surface), owner: owner)) }
        return .success(owner)
    }

    /// Lets every waiting and later decode through.
    func allow() {
        monitor.withLock { $0.allowed = .max }
    }

    /// Waits until `count` decodes have started; false after 10 s.
    func waitUntilStarted(_ count: Int) -> Bool {
        monitor.wait(until: { $0.started >= count }, deadline: Date().addingTimeInterval(10)) { $1 }
    }

    /// Surfaces made.
    var madeCount: Int { monitor.withLock { $0.made.count } }

    /// Owners of the surfaces made that are still alive.
    var liveOwners: Int { monitor.withLock { $0.made.filter { $0.owner != nil }.count } }

    /// How many times each surface made has been freed: 0, 1 or 2.
    var frees: [Int32] {
        monitor.withLock { state in
            state.made.map { made in
                UnsafeMutablePointer<SDL_Surface>(bitPattern: made.address).map { 3 - $0.pointee.refcount } ?? -1
            }
        }
    }
}
