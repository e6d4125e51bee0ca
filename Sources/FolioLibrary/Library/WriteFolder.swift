import FolioCore
import Foundation

/// A folder Folio writes files into (the thumbnails, the state file, captures), opened as a
/// real folder without following links: the base folder the user's environment names (an
/// XDG base such as `~/.cache`, links in it followed, made if missing) is opened, then each
/// folder below it one at a time with `openat(O_NOFOLLOW | O_DIRECTORY)`, made with `mkdirat`
/// when missing. A symbolic link (or anything but a folder) on the way is refused with one
/// sentence naming it, so nothing is written through a link someone else left there. Files
/// are then made inside the folder's descriptor (`openat`, `renameat`), never by path.
public final class WriteFolder {
    /// The folder's path, for sentences.
    public let path: String
    /// The open folder (closed when this is released).
    public let fd: Int32

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// Opens `components` (names, no slashes) one at a time below `base`, making any that
    /// are missing when `create` (private: 0700). Throws a `FolioError.outputFailed` naming
    /// the path that cannot be used: a link, a file, or a folder that cannot be opened or made
    /// ("/home/ann/.cache/thumbnails is a symbolic link, not a folder.").
    public static func open(_ components: [String], below base: String, create: Bool = true) throws -> WriteFolder {
        var shown = base
        func fail(_ what: String) -> FolioError {
            .outputFailed("\(shown) \(what).")
        }
        var fd = FileName.withCString(base) { Glibc.open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if fd < 0, errno == ENOENT, create {
            // The base itself is the user's: made as the XDG rules say (0700), links followed.
            try? FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])
            fd = FileName.withCString(base) { Glibc.open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        }
        guard fd >= 0 else { throw fail("cannot be opened as a folder (\(OutputFile.reason(errno)))") }
        for name in components {
            shown = (shown as NSString).appendingPathComponent(name)
            guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else {
                close(fd)
                throw fail("is not a folder name")
            }
            var next = FileName.withCString(name) { openat(fd, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            if next < 0, errno == ENOENT, create {
                if FileName.withCString(name, { mkdirat(fd, $0, 0o700) }) != 0, errno != EEXIST {
                    let code = errno
                    close(fd)
                    throw fail("cannot be made (\(OutputFile.reason(code)))")
                }
                // Made now, or by another program a moment ago: opened the same careful way.
                next = FileName.withCString(name) { openat(fd, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            }
            if next < 0 {
                let code = errno
                var info = stat()
                let found = FileName.withCString(name, { fstatat(fd, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 ? info.st_mode & S_IFMT : 0
                close(fd)
                if found == S_IFLNK { throw fail("is a symbolic link, not a folder") }
                if found != 0, found != S_IFDIR { throw fail("is \(OutputFile.describe(found)), not a folder") }
                throw fail("cannot be opened as a folder (\(OutputFile.reason(code)))")
            }
            close(fd)
            fd = next
        }
        return WriteFolder(path: shown, fd: fd)
    }

    /// Opens the folder `path` names below `base` (`path` is `base` or lies inside it; any
    /// other path is opened below its own parent).
    public static func open(_ path: String, base: String, create: Bool = true) throws -> WriteFolder {
        let root = OutputFile.trimmed(base)
        let target = OutputFile.trimmed(path)
        if target == root { return try open([], below: root, create: create) }
        if SafeFile.isInside(target, folder: root) {
            let rest = target.dropFirst(root == "/" ? 1 : root.count + 1)
            return try open(rest.split(separator: "/").map(String.init), below: root, create: create)
        }
        return try open([(target as NSString).lastPathComponent], below: SafeFile.folder(of: target), create: create)
    }

    /// The path of `name` in this folder.
    public func path(of name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    /// Opens `name` in this folder (never through a link): `flags` as `open(2)` takes them,
    /// `O_NOFOLLOW | O_CLOEXEC | O_NOCTTY` added. Returns the descriptor or -1 with `errno`.
    public func openFile(_ name: String, _ flags: Int32, mode: mode_t = 0o600) -> Int32 {
        var fd: Int32
        repeat {
            fd = FileName.withCString(name) { openat(self.fd, $0, flags | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, mode) }
        } while fd < 0 && errno == EINTR
        return fd
    }

    /// Replaces `name` in this folder atomically: a new file (private, 0600, unless `mode`
    /// says otherwise; the umask applies) under the temporary name `temporary`, made with `O_CREAT | O_EXCL | O_NOFOLLOW` (one left behind
    /// by an earlier run is removed first, never followed), filled by `fill` (which returns
    /// a reason when it fails, nil when it wrote all), synced when `sync`, then renamed over
    /// `name` inside the folder. Throws a `FolioError.outputFailed` naming the file.
    public func replace(_ name: String, temporary: String, sync: Bool, mode: mode_t = 0o600, fill: (Int32) -> String?) throws {
        unlinkat(fd, temporary, 0)
        let file = openFile(temporary, O_WRONLY | O_CREAT | O_EXCL, mode: mode)
        guard file >= 0 else { throw failure(name, OutputFile.reason(errno)) }
        var problem = fill(file)
        if problem == nil, sync, fsync(file) != 0 { problem = OutputFile.reason(errno) }
        if close(file) != 0, problem == nil, errno != EINTR { problem = OutputFile.reason(errno) }
        if problem == nil, FileName.withCString(name, { renameat(fd, temporary, fd, $0) }) != 0 { problem = OutputFile.reason(errno) }
        if let problem {
            unlinkat(fd, temporary, 0)
            throw failure(name, problem)
        }
    }

    /// Writes all of `data` to `file`; a reason when it fails.
    public static func write(_ data: Data, to file: Int32) -> String? {
        data.withUnsafeBytes { OutputFile.writeAll(file, $0) }.map(OutputFile.reason)
    }

    private func failure(_ name: String, _ reason: String) -> FolioError {
        .outputFailed("\(path(of: name)): cannot be written (\(reason)).")
    }
}
