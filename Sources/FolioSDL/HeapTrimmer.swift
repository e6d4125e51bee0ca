import FolioThreads
import Foundation

/// Hands freed heap memory back to the system while textures come and go. A page texture
/// (about 0.85 MB at 1280×800) is below the mmap threshold, so llvmpipe's copy of it lives in
/// glibc's heap, and glibc keeps what is freed in the middle of its heap for later: a flip
/// through a long book, evicting a texture every few frames, would hold on to about 75 MB it
/// no longer uses. At most one trim each `interval` seconds (a trim takes about 0.6 ms), on a
/// thread of its own so that no frame waits for it.
final class HeapTrimmer {
    private let interval: Double
    private let clock: () -> Double
    private var last = -Double.infinity
    private let queue: BackgroundQueue<Void>

    /// `trim` runs off the caller's thread; `clock` gives seconds.
    init(interval: Double = 0.5, clock: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime },
         trim: @escaping @Sendable () -> Void = SDLVideo.returnFreedMemory) {
        self.interval = interval
        self.clock = clock
        queue = BackgroundQueue(name: "folio-trim", latestOnly: true) { _ in trim() }
    }

    /// Memory was freed: trims now unless the last trim was less than `interval` ago.
    func freed() {
        let now = clock()
        guard now - last >= interval else { return }
        last = now
        queue.add(())
    }

    /// Waits for a trim under way.
    func flush() { queue.flush() }
}
