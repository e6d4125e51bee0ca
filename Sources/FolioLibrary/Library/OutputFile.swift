import FolioCore
import FolioThreads
import Foundation

/// Every path Folio writes to (`--out`, `--trace`, captures) is checked and opened here, so
/// an output never replaces what is not its own: Folio writes only to a new file, an existing
/// regular file, or (where a stream will do) an existing FIFO or character device, which it
/// opens and writes into, never renaming over it or unlinking it. A symbolic link, a folder,
/// a socket, a block device, or a path whose folder does not exist is refused with one
/// sentence naming the path, before any work starts.
///
/// A regular file that holds anything is replaced only when the caller says so (`overwrite`:
/// `--overwrite`, or a file this run wrote itself): nothing in a file tells reliably that
/// Folio wrote it (a GIF or WebP carries no mark of its writer, a script may be written by
/// hand), so none is taken for Folio's own. An empty file loses nothing and is written.
public enum OutputFile {
    /// What an accepted output path is now.
    public enum Kind: Equatable, Sendable {
        /// Nothing is there yet; its folder exists.
        case new
        /// A regular file, replaced in place.
        case regular
        /// A FIFO or character device, written into as it is.
        case stream
    }

    /// Checks that `path` may be written as a file: a new file in an existing folder, an
    /// existing regular file that can be written (and, unless `overwrite`, is empty), or,
    /// when `streams` is true, a FIFO or character device. `why` says why a stream will not do
    /// (a video must seek), for the sentence when `streams` is false. Throws a
    /// `FolioError.badInput` naming the path.
    @discardableResult
    public static func checkFile(_ path: String, streams: Bool, overwrite: Bool,
                                 why: String = "Folio needs a regular file there") throws -> Kind {
        guard !path.isEmpty else { throw FolioError.badInput("an output path is empty; name a file.") }
        var info = stat()
        if FileName.withCString(path, { lstat($0, &info) }) != 0 {
            guard errno == ENOENT else { throw unusable(path, errno) }
            try checkParent(of: path)
            return .new
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard overwrite || info.st_size == 0 else {
                throw FolioError.badInput("\(path) already exists; pass --overwrite to replace it, or name a new file.")
            }
            guard FileName.withCString(path, { access($0, W_OK) }) == 0 else { throw unusable(path, errno) }
            return .regular
        case S_IFIFO, S_IFCHR:
            guard streams else {
                throw FolioError.badInput("\(path) is \(describe(info.st_mode)); \(why), so name a new or existing regular file.")
            }
            guard FileName.withCString(path, { access($0, W_OK) }) == 0 else { throw unusable(path, errno) }
            return .stream
        default:
            throw refusal(path, info.st_mode, streams: streams)
        }
    }

    /// Checks that `path` may hold PNG frames: an existing folder that can be written (not a
    /// symbolic link to one), or a new folder whose parent exists. Throws a
    /// `FolioError.badInput` naming the path.
    public static func checkFolder(_ path: String) throws {
        let bare = trimmed(path)
        var info = stat()
        if FileName.withCString(bare, { lstat($0, &info) }) != 0 {
            guard errno == ENOENT else { throw unusable(path, errno) }
            try checkParent(of: bare, naming: path)
            return
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            if info.st_mode & S_IFMT == S_IFREG {
                throw FolioError.badInput(
                    "\(path) is a file, not a folder for frames; name a folder, or a .mp4, .webm, .webp or .gif file.")
            }
            throw refusal(path, info.st_mode, folder: true)
        }
        guard FileName.withCString(bare, { access($0, W_OK | X_OK) }) == 0 else { throw unusable(path, errno) }
    }

    /// Opens `path` for writing after `checkFile`: a new or regular file is created or
    /// truncated in place (never through a symbolic link; a file that holds anything only
    /// with `overwrite`), a FIFO or character device is opened as it is (a FIFO waits for a
    /// reader). The caller closes the descriptor.
    public static func open(_ path: String, streams: Bool, overwrite: Bool) throws -> Int32 {
        let kind = try checkFile(path, streams: streams, overwrite: overwrite)
        var flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY
        if kind != .stream { flags |= O_TRUNC }
        var fd: Int32
        repeat { fd = FileName.withCString(path) { Glibc.open($0, flags, 0o666) } } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw unusable(path, errno) }
        // What was opened is checked, not what the path was a moment ago.
        var info = stat()
        let type = fstat(fd, &info) == 0 ? info.st_mode & S_IFMT : 0
        guard type == S_IFREG || (streams && (type == S_IFIFO || type == S_IFCHR)) else {
            Glibc.close(fd)
            throw refusal(path, info.st_mode, streams: streams)
        }
        return fd
    }

    /// Writes all of `bytes` to `fd`, through interruptions and short writes, waiting while a
    /// non-blocking descriptor is full. Returns the `errno` of a failed write, or nil.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard var next = bytes.baseAddress else { return nil }
        var left = bytes.count
        while left > 0 {
            let n = Glibc.write(fd, next, left)
            if n < 0 {
                switch errno {
                case EINTR: continue
                case EAGAIN:
                    var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                default: return errno
                }
            }
            if n == 0 { return EIO }
            next += n
            left -= n
        }
        return nil
    }

    /// Writes all of `text` to `fd`; returns the `errno` of a failed write, or nil.
    public static func writeAll(_ fd: Int32, _ text: String) -> Int32? {
        var text = text
        return text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
    }

    /// Replaces the contents of the regular file at `path` (or makes it) with `data`, in
    /// place (a file that holds anything only with `overwrite`). Throws a
    /// `FolioError.outputFailed` naming the file when a write fails.
    public static func write(_ data: Data, to path: String, overwrite: Bool) throws {
        let writer = try Writer(path: path, streams: false, overwrite: overwrite)
        try writer.write(data)
        try writer.close()
    }

    /// The sentence for a write to `path` that failed with `code`.
    public static func writeFailure(_ path: String, _ code: Int32) -> FolioError {
        FolioError.outputFailed("\(path) could not be written (\(reason(code))).")
    }

    /// An output opened by `OutputFile.open`, written line by line; every failure is a
    /// `FolioError.outputFailed` naming the file.
    public final class Writer {
        public let path: String
        private var fd: Int32

        /// Opens `path` (see `OutputFile.open`).
        public init(path: String, streams: Bool, overwrite: Bool) throws {
            self.path = path
            fd = try OutputFile.open(path, streams: streams, overwrite: overwrite)
        }

        deinit {
            if fd >= 0 { Glibc.close(fd) }
        }

        /// Writes `text` whole.
        public func write(_ text: String) throws {
            if let code = OutputFile.writeAll(fd, text) { throw OutputFile.writeFailure(path, code) }
        }

        /// Writes `data` whole.
        public func write(_ data: Data) throws {
            if let code = data.withUnsafeBytes({ OutputFile.writeAll(fd, $0) }) { throw OutputFile.writeFailure(path, code) }
        }

        /// Closes the file, reporting a failure the kernel held back until now.
        public func close() throws {
            guard fd >= 0 else { return }
            let result = Glibc.close(fd)
            fd = -1
            if result != 0, errno != EINTR { throw OutputFile.writeFailure(path, errno) }
        }
    }

    /// A `Writer` whose writes happen on a thread of its own, in order, so the window's
    /// thread never waits on a slow disk or on a FIFO's reader (the live trace): `write`
    /// queues and returns, unless `maxPending` bytes already wait (then it waits for room);
    /// a write that failed is thrown by the next `write`, or by `close`, which writes
    /// everything queued first.
    public final class QueuedWriter: @unchecked Sendable {
        // Unchecked because `writer` is not Sendable. Safe: it is used by one thread at a time,
        // the queue's while it writes, then `close`'s once the queue is drained.
        public let path: String
        private struct State: Sendable {
            var pending = 0
            var failure: FolioError?
        }
        private let state = Monitor(State())
        private let queue: BackgroundQueue<String>
        private let writer: Writer
        /// Bytes queued and not yet written past which `write` waits.
        static let maxPending = 16 << 20

        /// Opens `path` as `Writer` does.
        public init(path: String, streams: Bool, overwrite: Bool) throws {
            self.path = path
            let writer = try Writer(path: path, streams: streams, overwrite: overwrite)
            self.writer = writer
            let state = self.state
            nonisolated(unsafe) let file = writer
            queue = BackgroundQueue(name: "folio-writer") { text in
                let failed = state.withLock { $0.failure != nil }
                var failure: FolioError?
                if !failed {
                    do { try file.write(text) } catch { failure = error as? FolioError ?? FolioError.outputFailed("\(path): \(error)") }
                }
                state.withLock { state in
                    state.pending -= text.utf8.count
                    if state.failure == nil { state.failure = failure }
                }
            }
        }

        /// Queues `text`; throws what an earlier write failed with.
        public func write(_ text: String) throws {
            try state.wait(until: { $0.pending < QueuedWriter.maxPending || $0.failure != nil }) { state, _ in
                if let failure = state.failure { throw failure }
                state.pending += text.utf8.count
            }
            queue.add(text)
        }

        /// Writes what is queued, then closes the file; throws the first failure.
        public func close() throws {
            queue.flush()
            if let failure = state.withLock({ $0.failure }) { throw failure }
            try writer.close()
        }
    }

    /// `path` without trailing slashes ("/" stays "/").
    static func trimmed(_ path: String) -> String {
        var bare = Substring(path)
        while bare.count > 1, bare.hasSuffix("/") { bare = bare.dropLast() }
        return String(bare)
    }

    /// Refuses `path` when the folder it would be made in does not exist, is not a folder,
    /// or cannot be written.
    private static func checkParent(of path: String, naming shown: String? = nil) throws {
        let shown = shown ?? path
        let parent = SafeFile.folder(of: path)
        let folder = parent.isEmpty ? "." : parent
        guard FileName.isFolder(folder) else {
            throw FolioError.badInput("\(shown) cannot be written: the folder \(folder) does not exist.")
        }
        guard FileName.withCString(folder, { access($0, W_OK | X_OK) }) == 0 else {
            throw FolioError.badInput("\(shown) cannot be written: the folder \(folder) is not writable.")
        }
    }

    /// The sentence for a path of a kind Folio never writes to.
    private static func refusal(_ path: String, _ mode: mode_t, streams: Bool = false, folder: Bool = false) -> FolioError {
        let accepted = folder ? "a folder (not a link to one)"
            : streams ? "a new file, an existing regular file, a FIFO or a character device" : "a new file or an existing regular file"
        return FolioError.badInput("\(path) is \(describe(mode)); refused, as Folio writes only to \(accepted) there.")
    }

    /// The sentence for a path that cannot be used for `code`'s reason.
    private static func unusable(_ path: String, _ code: Int32) -> FolioError {
        FolioError.badInput("\(path) cannot be written (\(reason(code))).")
    }

    /// What a path's mode says it is: "a symbolic link", "a FIFO", …
    static func describe(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFLNK: return "a symbolic link"
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFREG: return "a regular file"
        default: return "not a regular file"
        }
    }

    /// `strerror`'s text, lower-cased as the middle of a sentence.
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
