import Foundation
import Glibc

/// Every program Folio starts (its decoder workers, ffmpeg) and every program a test starts:
/// posix_spawn, pipes read with poll, waitpid. The child gets an empty signal mask and exactly
/// the descriptors it is given, nothing else of this process's (not a pipe another thread
/// opened a moment ago for a child of its own, whose reader would then wait for an end that
/// never comes).
///
/// Not Foundation's Process: on Linux its `waitUntilExit` spins the calling thread's run loop
/// while another thread invalidates the process's run-loop source, with no lock between them.
/// The test process once died in malloc on a dispatch thread (signal 11) in a run that
/// started several hundred programs that way.
public final class ChildProcess: @unchecked Sendable {
    // Unchecked because `output`, `errors` and `ended` are mutable. Safe: `ended` is touched
    // only with `lock` held; the pipes are read by one caller (`finish`).
    /// Where a standard stream goes.
    public enum Stream {
        /// /dev/null.
        case null
        /// A pipe this process reads (`finish`, `outputDescriptor`); for standard output and
        /// error only.
        case pipe
        /// A file (a device, or a new file when there is none at the path), not truncated.
        case file(String)
        /// A descriptor of this process's, which the caller keeps (and closes once started).
        case descriptor(Int32)
    }

    /// How a program ended.
    public struct Ending: Equatable, Sendable {
        /// The exit status, or the signal's number when a signal ended it.
        public let status: Int32
        /// True when it exited (of itself), false when a signal ended it.
        public let exited: Bool

        public init(status: Int32, exited: Bool) {
            self.status = status
            self.exited = exited
        }
    }

    public let pid: pid_t
    private var output: Int32 = -1, errors: Int32 = -1
    private let lock = NSLock()
    private var ended: Ending?

    /// This process's environment with `changes` made (a nil value removes the name).
    public static func environment(_ changes: [String: String?] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in changes { environment[name] = value }
        return environment
    }

    /// Starts `executable` with `arguments` in `environment` (the whole of it), in
    /// `directory` when one is given; `input` is written to its standard input, which then
    /// ends (nil: `stdin` is its standard input). `descriptors` gives it more of this
    /// process's, by the number it sees them as (3, 4… without a gap); `ownGroup` puts it in
    /// a process group of its own, so the terminal's Ctrl-C reaches Folio alone, which decides
    /// how the child ends. It gets no descriptor of this process's beyond these. With `keepIgnored`
    /// the signals this process ignores stay ignored in it (Folio's children: a write past
    /// the file-size limit is then an error ffmpeg reports, not SIGXFSZ); without, it gets
    /// every signal's default.
    public init(_ executable: String, _ arguments: [String], environment: [String: String] = ChildProcess.environment(),
                directory: String? = nil, input: Data? = nil, stdin: Stream = .null, stdout: Stream = .null,
                stderr: Stream = .null, descriptors: [Int32: Int32] = [:], ownGroup: Bool = false,
                keepIgnored: Bool = false) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var opened: [Int32] = []
        defer { for fd in opened { close(fd) } }
        var inputEnd: Int32 = -1
        if input != nil {
            let ends = try Self.pipe()
            opened.append(ends.read)
            inputEnd = ends.write
            posix_spawn_file_actions_adddup2(&actions, ends.read, 0)
        } else {
            switch stdin {
            case .null, .pipe: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            case .file(let path): posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
            case .descriptor(let fd): posix_spawn_file_actions_adddup2(&actions, fd, 0)
            }
        }
        var reading: [Int32: Int32] = [:]
        for (target, stream) in [(Int32(1), stdout), (Int32(2), stderr)] {
            switch stream {
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            case .file(let path): posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT, 0o644)
            case .descriptor(let fd): posix_spawn_file_actions_adddup2(&actions, fd, target)
            case .pipe:
                let ends = try Self.pipe()
                opened.append(ends.write)
                reading[target] = ends.read
                posix_spawn_file_actions_adddup2(&actions, ends.write, target)
            }
        }
        // Numbered from 3 without a gap, so that closing from the one after the last leaves
        // nothing else open.
        guard descriptors.keys.sorted() == Array(3..<3 + Int32(descriptors.count)) else {
            throw Failure("the descriptors given to \(executable) are not numbered from 3 without a gap")
        }
        for (target, fd) in descriptors.sorted(by: { $0.key < $1.key }) {
            posix_spawn_file_actions_adddup2(&actions, fd, target)
        }
        guard let closeFrom = Self.closeFrom, closeFrom(&actions, (descriptors.keys.max() ?? 2) + 1) == 0 else {
            for fd in reading.values { close(fd) }
            if inputEnd >= 0 { close(inputEnd) }
            throw Failure("\(executable) could not start: its descriptors could not be closed")
        }
        var spawnedIn: [String] = []
        if let directory {
            // glibc's addchdir_np, looked up as Swift's Glibc does not declare it.
            guard let chdir = Self.changeDirectory else { throw Failure("cannot start a program in another folder here") }
            spawnedIn = [directory]
            _ = chdir(&actions, directory)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), none = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags = keepIgnored ? POSIX_SPAWN_SETSIGMASK : POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            for fd in reading.values { close(fd) }
            if inputEnd >= 0 { close(inputEnd) }
            throw Failure(
                "\(executable) could not start\(spawnedIn.isEmpty ? "" : " in \(spawnedIn[0])"): \(String(cString: strerror(status)))")
        }
        self.pid = pid
        output = reading[1] ?? -1
        errors = reading[2] ?? -1
        if let input, inputEnd >= 0 {
            // The program may end without reading: a closed pipe is not this process's death.
            var ignore = sigaction()
            ignore.__sigaction_handler.sa_handler = SIG_IGN
            sigaction(SIGPIPE, &ignore, nil)
            input.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let n = write(inputEnd, bytes.baseAddress! + offset, bytes.count - offset)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { break }
                    offset += n
                }
            }
            close(inputEnd)
        }
    }

    deinit {
        if output >= 0 { close(output) }
        if errors >= 0 { close(errors) }
        if !hasEnded { kill(pid, SIGKILL); _ = wait() }
    }

    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }
    private static let changeDirectory:
        (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np").map {
            unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
        }

    /// A pipe whose ends no child inherits (a child is given its end by dup2).
    public static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else { throw Failure("no pipe: \(String(cString: strerror(errno)))") }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// The reading end of the piped standard output (-1 when it is not piped, or once read).
    public var outputDescriptor: Int32 { output }

    /// Sends `signal`, unless the program has been reaped (its number may be another's by then).
    public func signal(_ signal: Int32) {
        lock.withLock { if ended == nil { _ = kill(pid, signal) } }
    }

    /// How it ended; nil while it runs (it is reaped when it has ended).
    public var ending: Ending? {
        lock.withLock {
            if ended == nil {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid { ended = Self.ending(status) }
            }
            return ended
        }
    }

    /// True until the program has ended (it is reaped when it has).
    public var isRunning: Bool { !hasEnded }

    private var hasEnded: Bool {
        lock.withLock {
            if ended != nil { return true }
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { ended = Self.ending(status) }
            return ended != nil || reaped < 0
        }
    }

    /// Waits at most `seconds` for the program to end (looking every 10 ms); nil when it
    /// still runs. With 0, how it ended if it has.
    public func wait(seconds: Double) -> Ending? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let ending { return ending }
            guard Date() < deadline else { return nil }
            usleep(10_000)
        }
    }

    /// Waits for the program to end.
    @discardableResult
    public func wait() -> Ending {
        if let ended = lock.withLock({ ended }) { return ended }
        // Waits for the end without reaping, so that the number stays the program's (and
        // `signal` cannot reach another) until it is reaped with the lock held.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        return lock.withLock {
            if ended == nil {
                var status: Int32 = 0
                var reaped: pid_t
                repeat { reaped = waitpid(pid, &status, 0) } while reaped < 0 && errno == EINTR
                ended = reaped == pid ? Self.ending(status) : Ending(status: -1, exited: false)
            }
            return ended!
        }
    }

    /// Reads the piped standard output and error to their ends (both at once, so neither
    /// fills while the other is read), then waits for the program to end.
    public func finish() -> (ending: Ending, stdout: Data, stderr: Data) {
        var out = Data(), err = Data()
        var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
        var chunk = [UInt8](repeating: 0, count: 65536)
        while fds.contains(where: { $0.fd >= 0 }) {
            let ready = Glibc.poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 { if errno == EINTR { continue } else { break } }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let n = read(fds[index].fd, &chunk, chunk.count)
                if n > 0 {
                    if index == 0 { out.append(contentsOf: chunk[0..<n]) } else { err.append(contentsOf: chunk[0..<n]) }
                } else if n == 0 || errno != EINTR {
                    close(fds[index].fd)
                    if index == 0 { output = -1 } else { errors = -1 }
                    fds[index].fd = -1
                }
            }
        }
        return (wait(), out, err)
    }

    private static func ending(_ status: Int32) -> Ending {
        let signal = status & 0x7F
        return signal == 0 ? Ending(status: (status >> 8) & 0xFF, exited: true) : Ending(status: signal, exited: false)
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
