import FolioCore
import Foundation

/// The remembered places on disk: `$XDG_STATE_HOME/folio/places.json` (by default
/// `~/.local/state/folio/places.json`), read once at start and replaced atomically (a
/// temporary file in the same folder, then `renameat`). Only the live viewer uses it.
///
/// The `folio` folder is opened below the state folder as a real folder, never through a
/// link (`WriteFolder`). Entries this Folio cannot use are written back as they were
/// (`Places.keptBooks`); a file a newer Folio wrote, or one larger than any Folio writes,
/// is never replaced: `load` says so once, and `save` leaves it as it is.
///
/// Viewers open at once share the file: each write takes an exclusive `flock` on the
/// sibling `places.json.lock` (left in the folder; a lock is released when its descriptor
/// closes, so a file left behind blocks nothing), reads the file as it is now, lays this
/// viewer's changes over it (`Places.merged(over:)`) and replaces it, then lets go.
public struct PlaceStore: Sendable {
    /// The state file.
    public let path: String
    /// The folder the environment names (the state folder): the file's own folder is
    /// opened below it without following links.
    public let base: String

    /// The store at `path`; `base` is the folder its folder is opened below (by default the
    /// folder's parent).
    public init(path: String, base: String? = nil) {
        self.path = path
        self.base = base ?? SafeFile.folder(of: SafeFile.folder(of: path))
    }

    public static let fileName = "places.json"

    /// The store the XDG Base Directory rules give for `environment`: `XDG_STATE_HOME` when
    /// it is an absolute path, else `$HOME/.local/state` (the home folder from the password
    /// database when `HOME` is unset or relative); nil when there is no home at all.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> PlaceStore? {
        guard let state = UserFolders.base("XDG_STATE_HOME", fallback: ".local/state", environment: environment) else { return nil }
        return PlaceStore(path: ((state as NSString).appendingPathComponent("folio") as NSString).appendingPathComponent(fileName),
                          base: state)
    }

    static func passwordHome() -> String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        return String(cString: dir)
    }

    /// The places in the file. A missing file is no places; a file that cannot be read or
    /// is not a state file gives no places and one warning sentence naming it; a newer
    /// Folio's file, or one too large, gives no places and a sentence saying it is left as
    /// it is; entries this Folio cannot use are kept, with one sentence naming the first.
    public func load() -> (places: Places, warning: String?) {
        do {
            guard let data = try SafeFile.readKept(path, limit: Places.maxBytes, kind: "a state file") else { return (Places(), nil) }
            let places = try Places.parse(data, name: path)
            return (places, keptWarning(places))
        } catch let error as FolioError {
            let sentence = error.message.hasSuffix(".") ? String(error.message.dropLast()) : error.message
            if error.cause == .tooLarge || error.cause == .unsupported {
                return (Places(), "\(sentence); it is left as it is, and no places are remembered this run.")
            }
            return (Places(), "\(sentence); the remembered places in it are ignored.")
        } catch {
            return (Places(), "\(path): cannot be read; the remembered places in it are ignored.")
        }
    }

    /// The sentence naming the entries of the file this Folio cannot use, if any.
    func keptWarning(_ places: Places) -> String? {
        let kept = places.keptBooks.map { ("a book", $0) } + places.keptShelves.map { ("a shelf", $0) }
        guard let (what, first) = kept.first else { return nil }
        let more = kept.count > 1 ? " (and \(Sentence.count(kept.count - 1, "more entry", "more entries")) it cannot use)" : ""
        return "\(path): \(what) in it \(first.problem)\(more); Folio keeps it in the file as it is, unused."
    }

    /// The lock file beside the state file.
    public var lockPath: String { path + ".lock" }

    /// Longest a write waits for another viewer's lock (seconds).
    public static let lockWait = 5.0

    /// Writes `places`' changes over the file as it is now, under the lock, atomically:
    /// readers see the old file or the new one, never a part. Each book `places` changed
    /// takes its value; every other book keeps what is on disk (another viewer may have
    /// written it), entries Folio cannot use included. A file that is not a state file is
    /// replaced; a newer Folio's file, or one larger than `Places.maxBytes`, is left as it
    /// is (`load` said so). Throws a `FolioError.outputFailed` naming the file, its folder
    /// when that is a link or cannot be made.
    public func save(_ places: Places) throws {
        let folder: WriteFolder
        do {
            folder = try WriteFolder.open(SafeFile.folder(of: path), base: base)
        } catch let error as FolioError {
            throw failure(error.message.hasSuffix(".") ? String(error.message.dropLast()) : error.message)
        }
        let lock = try takeLock(in: folder)
        defer { close(lock) }  // lets go of the lock
        guard let current = current(in: folder) else { return }
        let data = places.merged(over: current).encoded()
        try folder.replace(name, temporary: ".\(name).\(getpid()).tmp", sync: true) { WriteFolder.write(data, to: $0) }
    }

    /// The state file's name in its folder.
    private var name: String { (path as NSString).lastPathComponent }

    /// The places in the file as it is now (no places when there is none or it is not a
    /// state file); nil when it must be left as it is (a newer Folio's, or too large).
    private func current(in folder: WriteFolder) -> Places? {
        // A link the user made to their own file is read through, as `load` reads it; it
        // is replaced by the new file, what it names left alone.
        let fd = openat(folder.fd, name, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return Places() }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return Places() }
        guard info.st_size <= Places.maxBytes else { return nil }
        let data = SafeFile.readAll(fd, size: Int(info.st_size))
        if Places.isNewer(data) { return nil }
        return (try? Places.parse(data, name: path)) ?? Places()
    }

    /// A sentence saying the file cannot be written, and why.
    private func failure(_ what: String) -> FolioError {
        .outputFailed("\(path): cannot be written (\(what)).")
    }

    /// A descriptor of the lock file holding an exclusive `flock`, waited for up to
    /// `lockWait` seconds; closing it lets go.
    private func takeLock(in folder: WriteFolder) throws -> Int32 {
        // O_NONBLOCK: whatever sits at that name, opening it never waits.
        let fd = folder.openFile(name + ".lock", O_RDWR | O_CREAT | O_NONBLOCK)
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
}
