import FolioCore
import Foundation

/// The remembered places on disk: `$XDG_STATE_HOME/folio/places.json` (by default
/// `~/.local/state/folio/places.json`), read once at start and replaced atomically (a
/// temporary file in the same folder, then `rename`). Only the live viewer uses it.
///
/// Viewers open at once share the file: each write takes an exclusive `flock` on the
/// sibling `places.json.lock` (left in the folder; a lock is released when its descriptor
/// closes, so a file left behind blocks nothing), reads the file as it is now, lays this
/// viewer's changes over it (`Places.merged(over:)`) and replaces it, then lets go.
public struct PlaceStore: Sendable {
    /// The state file.
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public static let fileName = "places.json"

    /// The store the XDG Base Directory rules give for `environment`: `XDG_STATE_HOME` when
    /// it is an absolute path, else `$HOME/.local/state` (the home folder from the password
    /// database when `HOME` is unset or relative); nil when there is no home at all.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> PlaceStore? {
        guard let state = UserFolders.base("XDG_STATE_HOME", fallback: ".local/state", environment: environment) else { return nil }
        return PlaceStore(path: ((state as NSString).appendingPathComponent("folio") as NSString).appendingPathComponent(fileName))
    }

    static func passwordHome() -> String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        return String(cString: dir)
    }

    /// The places in the file. A missing file is no places; a file that cannot be read, is
    /// too large or is not a state file gives no places and one warning sentence naming it.
    public func load() -> (places: Places, warning: String?) {
        do {
            guard let data = try SafeFile.readKept(path, limit: Places.maxBytes, kind: "a state file") else { return (Places(), nil) }
            return (try Places.parse(data, name: path), nil)
        } catch let error as FolioError {
            let sentence = error.message.hasSuffix(".") ? String(error.message.dropLast()) : error.message
            return (Places(), "\(sentence); the remembered places in it are ignored.")
        } catch {
            return (Places(), "\(path): cannot be read; the remembered places in it are ignored.")
        }
    }

    /// The lock file beside the state file.
    public var lockPath: String { path + ".lock" }

    /// Longest a write waits for another viewer's lock (seconds).
    public static let lockWait = 5.0

    /// Writes `places`' changes over the file as it is now, under the lock, atomically:
    /// readers see the old file or the new one, never a part. Each book `places` changed
    /// takes its value; every other book keeps what is on disk (another viewer may have
    /// written it). A file that cannot be read is replaced. Throws a
    /// `FolioError.outputFailed` naming the file.
    public func save(_ places: Places) throws {
        let folder = SafeFile.folder(of: path)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw failure("its folder cannot be created")
        }
        let lock = try takeLock()
        defer { close(lock) }  // lets go of the lock
        try replace(with: places.merged(over: load().places))
    }

    /// A sentence saying the file cannot be written, and why.
    private func failure(_ what: String) -> FolioError {
        .outputFailed("\(path): cannot be written (\(what)).")
    }

    /// A descriptor of the lock file holding an exclusive `flock`, waited for up to
    /// `lockWait` seconds; closing it lets go.
    private func takeLock() throws -> Int32 {
        // O_NONBLOCK: whatever sits at that name, opening it never waits.
        let fd = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard fd >= 0 else { throw failure("its lock file cannot be opened: \(String(cString: strerror(errno)).lowercased())") }
        let deadline = Date().addingTimeInterval(PlaceStore.lockWait)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let reason = errno
            guard reason == EWOULDBLOCK || reason == EINTR, Date() < deadline else {
                close(fd)
                throw failure(reason == EWOULDBLOCK
                    ? "another Folio held its lock for \(Int(PlaceStore.lockWait)) s"
                    : "its lock file cannot be locked: \(String(cString: strerror(reason)).lowercased())")
            }
            usleep(10_000)
        }
        return fd
    }

    /// Replaces the file with `places` through a temporary file in the same folder.
    private func replace(with places: Places) throws {
        let folder = SafeFile.folder(of: path)
        let fail = failure
        let temporary = (folder as NSString).appendingPathComponent(".\(PlaceStore.fileName).\(getpid()).tmp")
        var fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd < 0, errno == EEXIST {
            // Left by an earlier process with this id that stopped half way.
            unlink(temporary)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        guard fd >= 0 else { throw fail(String(cString: strerror(errno)).lowercased()) }
        let data = places.encoded()
        var written = 0
        var problem: String?
        data.withUnsafeBytes { bytes in
            while written < bytes.count {
                let n = write(fd, bytes.baseAddress! + written, bytes.count - written)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { problem = String(cString: strerror(errno)).lowercased(); return }
                written += n
            }
        }
        if problem == nil, fsync(fd) != 0 { problem = String(cString: strerror(errno)).lowercased() }
        if close(fd) != 0, problem == nil { problem = String(cString: strerror(errno)).lowercased() }
        if problem == nil, rename(temporary, path) != 0 { problem = String(cString: strerror(errno)).lowercased() }
        if let problem {
            unlink(temporary)
            throw fail(problem)
        }
    }
}
