import CWorker
import FolioThreads
import Foundation

/// Hands freed heap memory back to the system while textures come and go. A page texture
/// (about 0.85 MB at 1280×800) is below the mmap threshold, so llvmpipe's copy of it lives in
/// glibc's heap, and glibc keeps what is freed in the middle of its heap for later: a flip
/// through a long book, evicting a texture every few frames, would hold on to about 75 MB it
/// no longer uses. At most one trim each `interval` seconds (a trim takes about 0.6 ms), on a
/// thread of its own so that no frame waits for it.
package final class HeapTrimmer {
    private let interval: Double
    private let clock: () -> Double
    private var last = -Double.infinity
    private let queue: BackgroundQueue<Void>

    /// `trim` runs off the caller's thread; `clock` gives seconds.
    package init(interval: Double = 0.5, clock: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime },
                 trim: @escaping @Sendable () -> Void = ProcessHeap.returnFreedMemory) {
        self.interval = interval
        self.clock = clock
        queue = BackgroundQueue(name: "folio-trim", latestOnly: true) { _ in trim() }
    }

    /// Memory was freed: trims now unless the last trim was less than `interval` ago.
    package func freed() {
        let now = clock()
        guard now - last >= interval else { return }
        last = now
        queue.add(())
    }

    /// Waits for a trim under way.
    package func flush() { queue.flush() }
}

/// The process's heap: how glibc's allocator is set for a viewer that decodes and draws
/// large pages, and handing back what it keeps.
package enum ProcessHeap {
    /// Allocations past 8 MB (a large page's decode) get mappings of their own, handed back to
    /// the system when freed; smaller ones, a page's decode buffers among them, come from the
    /// heap and are reused from page to page instead of being faulted in afresh (with the
    /// `HeapTrimmer` in, 2400×3600 JPEG scans decoded at 90 pages a second against 80 with a
    /// 1 MB threshold, in one sitting). What the heap keeps, the `HeapTrimmer` hands back
    /// while textures are evicted, and the viewer at rest. Two heaps (arenas) at most, not
    /// glibc's eight a core: each thread that decodes or rasterises would otherwise keep a
    /// heap of its own, each holding on to what it freed (23 MB less at the peak of the
    /// 1,000-page flip).
    package static func tune() {
        folio_heap_tune(8 << 20, 2)
    }

    /// Hands the heap's free pages back to the system (glibc keeps what was freed below its
    /// top for later); called when the viewer comes to rest after decoding and drawing, by a
    /// decoder worker idle after a decode, and (through `HeapTrimmer`) while textures are
    /// evicted.
    @Sendable package static func returnFreedMemory() {
        folio_heap_trim()
    }
}
