import Foundation

/// The decoder workers alive now, kept where a signal handler can reach them. `record` stops
/// between frames; a frame waiting on a slow page would keep Ctrl-C or SIGTERM waiting with
/// it, so its handler calls `endAll()`: every worker is killed at once and none starts again,
/// the page fails (a placeholder), and the frame, then the recording, ends.
public enum LiveWorkers {
    static let capacity = 64
    /// Each live worker's process id, 0 where none: read by the handler without a lock (an
    /// aligned word each), written under `lock`. A worker leaves before it is reaped, so a
    /// slot never names a process id the system has given to another program.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<pid_t> = {
        let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        return slots
    }()
    nonisolated(unsafe) private static var ended: sig_atomic_t = 0
    private static let lock = NSLock()

    /// Makes the slots before any signal can come (their first use must not be in a handler).
    public static func prepare() { _ = slots }

    /// True once `endAll()` ran: no worker starts again.
    static var hasEnded: Bool { ended != 0 }

    /// Notes a worker just started; false (the caller kills it) once `endAll()` ran, or
    /// when every slot is taken.
    static func add(_ pid: pid_t) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard ended == 0, let free = (0..<capacity).first(where: { slots[$0] == 0 }) else { return ended == 0 }
        slots[free] = pid
        return true
    }

    /// Forgets a worker, before it is reaped.
    static func remove(_ pid: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        for i in 0..<capacity where slots[i] == pid { slots[i] = 0 }
    }

    /// Kills every live worker and lets none start again: safe in a signal handler (it
    /// only reads the slots and calls kill).
    public static func endAll() {
        ended = 1
        for i in 0..<capacity {
            let pid = slots[i]
            if pid > 0 { kill(pid, SIGKILL) }
        }
    }
}
