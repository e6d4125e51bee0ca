import CSDL2
import FolioThreads
import Foundation

/// Watches a library folder for books that arrive while the viewer runs (inotify, as a file
/// manager sees a file at once): a file or folder appearing in it is reported once nothing
/// in it has changed for `quiet` seconds (a book being copied is reported when the copy is
/// complete, not as its first bytes land). Hidden names (a download's `.part`, Folio's own
/// `.NAME.partial`) are left alone; a folder that arrives is watched one level in, so a
/// folder book reports once its images are all there. Entries there when the watch began are
/// not reported, and each new entry is reported once. An entry deleted or moved out of the
/// folder is reported gone at once; one renamed within it is reported as a rename (its old
/// and new paths), and its new name arrives as any entry does. The window's loop takes what
/// changed with `take()`; an SDL user event wakes it.
final class FolderWatch: Sendable {
    /// The folder watched, absolute.
    let root: String
    private let state: Monitor<State>
    private let descriptor: Int32
    private let thread: Monitor<pthread_t?> = Monitor(nil)

    /// What changed in the folder since the last `take()`, as absolute paths.
    struct Changes: Equatable {
        /// Entries that arrived and settled, in the order they settled.
        var arrived: [String] = []
        /// Entries deleted or moved out of the folder, or renamed away.
        var gone: [String] = []
        /// Entries renamed within the folder: the old path and the new one.
        var renamed: [(from: String, to: String)] = []

        var isEmpty: Bool { arrived.isEmpty && gone.isEmpty && renamed.isEmpty }

        static func == (a: Changes, b: Changes) -> Bool {
            a.arrived == b.arrived && a.gone == b.gone && a.renamed.map { [$0.from, $0.to] } == b.renamed.map { [$0.from, $0.to] }
        }
    }

    /// Seconds a move out of the folder waits for a move in with its cookie (a rename)
    /// before it counts as gone.
    static let pairing = 0.1

    private struct State {
        /// Watch descriptors: the root's and those of folders that arrived, by their entry.
        var entries: [Int32: String] = [:]
        var arrivals = Arrivals()
        var ready = Changes()
        /// Names moved away from the folder, by the move's cookie, and when: a move into the
        /// folder with the same cookie makes it a rename.
        var movedAway: [UInt32: (name: String, at: Double)] = [:]
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
        let wd = inotify_add_watch(fd, root, mask | UInt32(IN_DELETE | IN_MOVED_FROM | IN_ONLYDIR))
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

    /// What changed since the last call.
    func take() -> Changes {
        state.withLock { s in
            defer { s.ready = Changes() }
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
                let (wd, flags, cookie, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, UInt32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, event.cookie, Int(event.len))
                }
                let nameBytes = buffer[(offset + eventSize)..<min(offset + eventSize + length, count)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += eventSize + length
                note(wd: wd, name: name, flags: flags, cookie: cookie, mask: mask, at: now)
            }
            let changed = state.withLock { s -> Bool in
                // A move away whose other half has not come within `pairing` left the folder
                // (the kernel queues a rename's two halves one after the other, so a read
                // can fall between them: the other half may be in the next read).
                for (cookie, away) in s.movedAway where away.at <= now - FolderWatch.pairing {
                    s.ready.gone.append("\(root)/\(away.name)")
                    s.movedAway[cookie] = nil
                }
                let settled = s.arrivals.settled(at: now).filter { s.known.insert($0).inserted }
                s.ready.arrived += settled.map { "\(root)/\($0)" }
                return !s.ready.isEmpty
            }
            if changed {
                var wake = SDL_Event()
                wake.type = SDL_USEREVENT.rawValue
                SDL_PushEvent(&wake)
            }
        }
    }

    /// One event: `name` changed in the folder watched by `wd` (the root, or a folder that
    /// arrived in it).
    private func note(wd: Int32, name: String, flags: UInt32, cookie: UInt32, mask: UInt32, at time: Double) {
        guard let entry = state.withLock({ $0.entries[wd] }) else { return }
        if entry.isEmpty, !name.isEmpty, !name.hasPrefix("."), flags & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
            state.withLock { s in
                // Only what was reported (or there at the start) can go; one still settling
                // is forgotten.
                s.arrivals.forget(name)
                guard s.known.remove(name) != nil else { return }
                if flags & UInt32(IN_MOVED_FROM) != 0 { s.movedAway[cookie] = (name, time) } else { s.ready.gone.append("\(root)/\(name)") }
            }
            return
        }
        if entry.isEmpty, flags & UInt32(IN_MOVED_TO) != 0, let old = state.withLock({ $0.movedAway.removeValue(forKey: cookie)?.name }) {
            state.withLock { $0.ready.renamed.append((from: "\(root)/\(old)", to: "\(root)/\(name)")) }
        }
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

        /// `entry` went before it settled: it is not reported.
        mutating func forget(_ entry: String) {
            lastChange[entry] = nil
            complete.remove(entry)
            order.removeAll { $0 == entry }
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
