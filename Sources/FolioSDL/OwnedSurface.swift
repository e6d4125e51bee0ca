import CSDL2
import Synchronization

/// A decoded SDL surface with exactly one owner, which frees it: made on the decode thread,
/// handed to the main thread through the worker's lock, dropped after its upload (or when
/// stale, or when the worker stops). Nobody else frees the pointer.
final class OwnedSurface: @unchecked Sendable {
    // @unchecked: the pointer is only touched by whichever single thread holds the owner; the
    // hand-over from the decode thread happens under the worker's Mutex.
    let pointer: UnsafeMutablePointer<SDL_Surface>

    /// Owners alive now, across the process (tests check that none leak).
    static let live = Atomic<Int>(0)

    init(_ pointer: UnsafeMutablePointer<SDL_Surface>) {
        self.pointer = pointer
        OwnedSurface.live.add(1, ordering: .relaxed)
    }

    deinit {
        SDL_FreeSurface(pointer)
        OwnedSurface.live.subtract(1, ordering: .relaxed)
    }
}
