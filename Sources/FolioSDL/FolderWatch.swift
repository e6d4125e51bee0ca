import CSDL2
import FolioThreads
import Foundation

/// Watches a library folder for books that arrive while the viewer runs (inotify, as a file
/// manager sees a file at once): a file or folder appearing in it is reported once nothing
/// in it has changed for `quiet` seconds (a book being copied is reported when the copy is
/// complete, not as its first bytes land). Hidden names (a download's `.part`, Folio's own
/// `.NAME.partial`) are left alone; a folder that arrives is watched one level in, so a
/// folder book reports once its images are all there. Books removed or renamed away are not
/// reported, nor are entries there when the watch began, and each new entry is reported
/// once. The window's loop takes what arrived with `take()`; an SDL user event wakes it.
final class FolderWatch: Sendable {
    /// The folder watched, absolute.
    let root: String
    private let state: Monitor<State>
    private let descriptor: Int32
    private let thread: Monitor<pthread_t?> = Monitor(nil)

    private struct State {
        /// Watch descriptors: the root's and those of folders that arrived, by their entry.
        var entries: [Int32: String] = [:]
        var arrivals = Arrivals()
        var ready: [String] = []
        /// Entries there at the start or reported already.
        var known: Set<String> = []
        var stopping = false
        var closed = false
    }

    /// Starts watching `root`; nil when the kernel gives no watch (the viewer then goes on
    /// without one).
    init?(root: String, quiet: Double = 1) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY)
        let wd = inotify_add_watch(fd, root, mask | UInt32(IN_ONLYDIR))
        guard wd >= 0 else {
            close(fd)
            return nil
        }
        self.root = root
        descriptor = fd
        var initial = State()
        initial.entries[wd] = ""
        initial.known = Set((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
        initial.arrivals = Arrivals(quiet: quiet)
        state = Monitor(initial)
        let started = startJoinableThread(named: "folio-watch") { [self] in run(mask: mask) }
        guard let started else {
            close(fd)
            return nil
        }
        thread.withLock { $0 = started }
    }

    /// Stops watching (the thread ends within a quarter of a second).
    func stop() {
        state.withLock { $0.stopping = true }
        if let running = thread.withLock({ t -> pthread_t? in defer { t = nil }; return t }) { pthread_join(running, nil) }
        let closing = state.withLock { s -> Bool in defer { s.closed = true }; return !s.closed }
        if closing { close(descriptor) }
    }

    deinit { stop() }

    /// The paths that arrived since the last call, in the order they settled.
    func take() -> [String] {
        state.withLock { s in
            defer { s.ready.removeAll() }
            return s.ready
        }
    }

    private func run(mask: UInt32) {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        let eventSize = MemoryLayout<inotify_event>.size
        while !state.withLock({ $0.stopping }) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, 250)
            let now = ProcessInfo.processInfo.systemUptime
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            var offset = 0
            while count > 0, offset + eventSize <= count {
                let (wd, flags, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameBytes = buffer[(offset + eventSize)..<min(offset + eventSize + length, count)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += eventSize + length
                note(wd: wd, name: name, flags: flags, mask: mask, at: now)
            }
            let settled = state.withLock { s -> [String] in
                let settled = s.arrivals.settled(at: now).filter { s.known.insert($0).inserted }
                s.ready += settled.map { "\(root)/\($0)" }
                return settled
            }
            if !settled.isEmpty {
                var wake = SDL_Event()
                wake.type = SDL_USEREVENT.rawValue
                SDL_PushEvent(&wake)
            }
        }
    }

    /// One event: `name` changed in the folder watched by `wd` (the root, or a folder that
    /// arrived in it).
    private func note(wd: Int32, name: String, flags: UInt32, mask: UInt32, at time: Double) {
        guard let entry = state.withLock({ $0.entries[wd] }) else { return }
        if entry.isEmpty {
            guard !name.isEmpty, !name.hasPrefix("."), !state.withLock({ $0.known.contains(name) }) else { return }
            // A folder that arrives is watched for its own files.
            if flags & UInt32(IN_ISDIR) != 0, flags & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                let sub = inotify_add_watch(descriptor, "\(root)/\(name)", mask | UInt32(IN_ONLYDIR))
                if sub >= 0 { state.withLock { $0.entries[sub] = name } }
            }
            // A file is complete once written and closed, or moved in whole.
            let complete = flags & UInt32(IN_ISDIR | IN_CLOSE_WRITE | IN_MOVED_TO) != 0
            state.withLock { $0.arrivals.changed(name, at: time, complete: complete) }
        } else {
            state.withLock { $0.arrivals.changed(entry, at: time) }
        }
    }

    /// The entries that changed, when they last did and whether they are complete (a file
    /// closed after writing or moved in, a folder); one is settled once complete and quiet
    /// for `quiet` seconds.
    struct Arrivals {
        var quiet = 1.0
        private var lastChange: [String: Double] = [:]
        private var complete: Set<String> = []
        private var order: [String] = []

        init(quiet: Double = 1) { self.quiet = quiet }

        /// `entry` changed at `time`; `complete` says whether it is now whole (nil: as it was;
        /// a change to a file's bytes makes it incomplete until it is closed again).
        mutating func changed(_ entry: String, at time: Double, complete whole: Bool? = nil) {
            if lastChange[entry] == nil { order.append(entry) }
            lastChange[entry] = time
            if let whole {
                if whole { complete.insert(entry) } else { complete.remove(entry) }
            }
        }

        /// The complete entries quiet since `quiet` seconds before `time`, in the order they
        /// first changed; each is reported once (again only if it changes again).
        mutating func settled(at time: Double) -> [String] {
            let done = order.filter { complete.contains($0) && (lastChange[$0] ?? time) <= time - quiet }
            for entry in done {
                lastChange[entry] = nil
                complete.remove(entry)
            }
            order.removeAll { lastChange[$0] == nil }
            return done
        }
    }
}
