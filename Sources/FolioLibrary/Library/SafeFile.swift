import FolioCore
import Foundation

/// Opening files named by a library, a script or the command line: only regular files, and
/// never by a path that could block (`open` on a FIFO waits for a writer forever), so the
/// file is opened non-blocking and checked with `fstat` on the descriptor itself.
public enum SafeFile {
    /// A read-only descriptor for the regular file at `path`; the caller closes it.
    /// Throws a `FolioError.badInput` naming the file when it is missing, not a regular
    /// file (folder, FIFO, device, socket), or unreadable.
    public static func openForReading(_ path: String) throws -> Int32 {
        try openForReading(path, flags: 0)
    }

    /// A read-only descriptor for a book's file at `path`, a path the library resolved as it
    /// loaded (a folder's members, and a book named on the command line, are kept by their
    /// real paths): opened without following a link at its end, and checked on the
    /// descriptor itself to be a regular file. A file swapped for a symbolic link (or for a
    /// FIFO, a folder, a device) after the library loaded is refused, never read through;
    /// so is one reached now through a folder swapped for a link (the descriptor's own path,
    /// as the kernel says it, is not the real path the library loaded).
    public static func openBookFile(_ path: String) throws -> Int32 {
        let fd = try openForReading(path, flags: O_NOFOLLOW)
        if path.hasPrefix("/"), let opened = openedPath(fd), opened != path {
            close(fd)
            throw FolioError.badInput(
                "\(path): is now reached through a symbolic link (it leads to \(opened)), not the file the library loaded; refused.",
                cause: .refused)
        }
        return fd
    }

    /// The path the kernel opened `fd` by (`/proc/self/fd`); nil when it cannot say.
    static func openedPath(_ fd: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4097)
        let n = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                readlink("/proc/self/fd/\(fd)", $0, bytes.count - 1)
            }
        }
        guard n > 0, n < buffer.count - 1 else { return nil }
        return FileName.string(buffer[0..<n])
    }

    /// `read(_:limit:)` for a book's file, as `openBookFile` opens it.
    public static func readBookFile(_ path: String, limit: Int) throws -> Data {
        try read(try openBookFile(path), path, limit: limit)
    }

    private static func openForReading(_ path: String, flags: Int32) throws -> Int32 {
        let fd = FileName.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | flags) }
        guard fd >= 0 else {
            if errno == ELOOP, flags & O_NOFOLLOW != 0 {
                throw FolioError.badInput("\(path): is now a symbolic link, not the file the library loaded; refused.", cause: .refused)
            }
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw FolioError.badInput("\(path): cannot be opened (\(reason.lowercased())).",
                                      cause: errno == ENOENT ? .missing : .unreadable)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw FolioError.badInput("\(path): cannot be read.", cause: .unreadable)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw FolioError.badInput("\(path): is not a regular file (\(kind(info.st_mode))); refused.", cause: .refused)
        }
        // Back to blocking reads: regular files never block, and callers expect full reads.
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return fd
    }

    /// The size of the regular file behind `fd`, bytes.
    public static func size(_ fd: Int32) -> Int {
        var info = stat()
        return fstat(fd, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Reads the whole regular file at `path`, refusing it unread when it is larger than
    /// `limit` bytes.
    public static func read(_ path: String, limit: Int) throws -> Data {
        try read(try openForReading(path), path, limit: limit)
    }

    /// The whole file open at `fd` (named `path`), which is closed.
    private static func read(_ fd: Int32, _ path: String, limit: Int) throws -> Data {
        defer { close(fd) }
        let size = self.size(fd)
        guard size <= limit else {
            throw FolioError.badInput("\(path): is \(size >> 20) MB, larger than the \(limit >> 20) MB allowed; refused.", cause: .tooLarge)
        }
        return readAll(fd, size: size)
    }

    /// A small file the user keeps (the state file, the settings): its bytes, nil when there
    /// is none. Throws a `FolioError` sentence naming it when it cannot be read or is larger
    /// than `limit` (`kind`, for example "a state file", names what it should be).
    public static func readKept(_ path: String, limit: Int, kind: String) throws -> Data? {
        var info = stat()
        if FileName.withCString(path, { lstat($0, &info) }) != 0, errno == ENOENT { return nil }
        let real = realPath(path) ?? path
        let fd: Int32
        do {
            fd = try openForReading(real)
        } catch let error as FolioError where real != path && error.message.hasPrefix(real + ": ") {
            // Named as the user knows it: the link, and where it leads.
            throw FolioError(error.exit, "\(path) (a link to \(real)): " + error.message.dropFirst(real.count + 2), cause: error.cause)
        }
        defer { close(fd) }
        let size = self.size(fd)
        guard size <= limit else {
            let amount = limit >= 1 << 20 ? "\(limit >> 20) MB" : "\(limit >> 10) KB"
            throw FolioError.badInput("\(path): is larger than the \(amount) \(kind) may be.", cause: .tooLarge)
        }
        return readAll(fd, size: size)
    }

    /// Up to `size` bytes of `fd` from its start (fewer when the file is shorter).
    /// The buffer is exactly `size` bytes (`Data(count:)` reserves a quarter more, 15 MB of
    /// a 60 MB picture that a decoder worker's bounded heap then lacks).
    public static func readAll(_ fd: Int32, size: Int) -> Data {
        guard size > 0 else { return Data() }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        var done = 0
        while done < size {
            let n = pread(fd, buffer + done, size - done, off_t(done))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        return Data(bytesNoCopy: buffer, count: done, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    /// What a path that is not a regular file is: "a folder", "a FIFO", …
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// `path` with every symbolic link resolved, or nil when it does not exist.
    /// The folder `path` names a file in, as `NSString.deletingLastPathComponent` would say
    /// ("" for a bare name, "/" for a file at the root), trailing slashes ignored. (That
    /// Foundation call traps on a one-character name such as "t" or "s/".)
    public static func folder(of path: String) -> String {
        var bare = Substring(path)
        while bare.count > 1, bare.hasSuffix("/") { bare = bare.dropLast() }
        guard let slash = bare.lastIndex(of: "/") else { return "" }
        var folder = bare[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }

    public static func realPath(_ path: String) -> String? {
        guard let resolved = FileName.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return FileName.string(cString: resolved)
    }

    /// True when `path` (already resolved) is `folder` or lies inside it.
    public static func isInside(_ path: String, folder: String) -> Bool {
        let root = folder.hasSuffix("/") ? folder : folder + "/"
        return path == folder || path.hasPrefix(root)
    }
}
