import CArchive
import Foundation

/// Comic archives (.cbz/.zip, .cbr/.rar incl. RAR5, .cb7/.7z, .cbt/.tar) read in place
/// through libarchive, which is fuzzed continuously upstream and never trusts a header.
/// Folio adds its own bounds on top: only regular files are opened (a FIFO never blocks),
/// listing is one linear pass over the headers with a cap on the number of entries, and an
/// entry's inflated bytes are counted as they arrive, whatever its header declares.
public enum ArchiveReader {
    /// Most entries listed; an archive with more is refused.
    public static let maxEntries = 100_000
    /// Most bytes one entry may inflate to (a page image); more is refused, not truncated.
    public static let maxEntryBytes = 64 << 20

    /// One file inside an archive.
    public struct Entry: Equatable, Sendable {
        /// The path inside the archive, as stored (UTF-8).
        public var path: String
        /// True when the entry is encrypted (Folio reads no encrypted entries).
        public var encrypted: Bool
    }

    /// True when the file at `path` starts like an archive libarchive reads (ZIP, RAR, 7z;
    /// tar has no magic at the start and is recognised by its extension).
    public static func looksLikeArchive(_ path: String) -> Bool {
        guard let fd = try? SafeFile.openForReading(path) else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 8)
        let n = head.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 8) }
        guard n >= 4 else { return false }
        return head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: Array("Rar!".utf8))
            || head.starts(with: [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C])
    }

    /// Every regular-file entry, in stored order, in one pass over the headers.
    public static func list(_ path: String) throws -> [Entry] {
        try withArchive(path) { archive in
            var entries: [Entry] = []
            var header: OpaquePointer?
            while true {
                let status = archive_read_next_header(archive, &header)
                if status == ARCHIVE_EOF { break }
                guard status >= ARCHIVE_WARN, let header else {
                    throw failure(path, archive, doing: "cannot be listed")
                }
                guard entries.count < maxEntries else {
                    throw FolioError.badInput("\(path): holds more than \(maxEntries) entries; refused.", cause: .tooLarge)
                }
                guard archive_entry_filetype(header) == 0o100000 /* AE_IFREG */, let name = entryPath(header) else { continue }
                entries.append(Entry(path: name, encrypted: archive_entry_is_encrypted(header) != 0))
            }
            return entries
        }
    }

    /// The bytes of the entry at `entryPath`, refused once they pass `limit` and checked by
    /// libarchive as they arrive (a CRC mismatch is an error, not a warning).
    public static func read(_ path: String, entry entryPath: String, limit: Int = maxEntryBytes) throws -> Data {
        try withArchive(path) { archive in
            var seen = 0
            if let data = try find(entryPath, in: archive, path: path, limit: limit, seen: &seen) { return data }
            throw FolioError.badInput("\(path): has no entry \(entryPath).", cause: .missing)
        }
    }

    /// Reads headers from where `archive` stands until `entryPath`, then its bytes; nil at
    /// the end of the archive. `seen` counts the headers read, bounded by `maxEntries`.
    /// `passing`, when given, is handed the bytes of every regular entry read on the way in
    /// a compressed stream (`isStream`; within `limit`; larger or encrypted ones are skipped
    /// as usual).
    private static func find(_ entryPath: String, in archive: OpaquePointer, path: String, limit: Int,
                             seen: inout Int, passing: ((String, Data) -> Void)? = nil) throws -> Data? {
        var header: OpaquePointer?
        while true {
            let status = archive_read_next_header(archive, &header)
            if status == ARCHIVE_EOF { return nil }
            guard status >= ARCHIVE_WARN, let header else {
                throw failure(path, archive, doing: "cannot be read")
            }
            seen += 1
            guard seen <= maxEntries else { return nil }
            let stored = self.entryPath(header)
            guard stored == entryPath else {
                // Only where going back costs a pass from the start (known once a header is read).
                if let passing, let stored, isStream(archive), archive_entry_filetype(header) == 0o100000,
                   archive_entry_is_encrypted(header) == 0, archive_entry_size(header) <= Int64(limit),
                   let data = try? readData(archive, name: "\(path): \(stored)", limit: limit) {
                    passing(stored, data)
                }
                continue
            }
            let name = "\(path): \(entryPath)"
            if archive_entry_is_encrypted(header) != 0 {
                throw FolioError.badInput("\(name): the entry is encrypted; Folio reads no encrypted entries.", cause: .encrypted)
            }
            return try readData(archive, name: name, limit: limit)
        }
    }

    /// An archive kept open between reads, standing after the entry last read, so a book
    /// read in stored order inflates each entry once. Opening the archive for every page
    /// would, in a solid 7z or RAR (one compressed stream for all entries), inflate every
    /// entry before the page again: quadratic in the book's length, seconds a page deep in a
    /// long comic. An entry behind the position, or in another archive, opens it again from
    /// the start. Holds one archive (a descriptor and libarchive's decoder); any thread may
    /// use it, one read at a time.
    ///
    /// Going back in a compressed stream (7z, RAR, a compressed tar) means inflating it from
    /// the start again, so the entries passed on the way to the one asked for are kept: the
    /// last `behindEntries` of them, within `behindBytes`. Flipping backwards then opens the
    /// archive again once every `behindEntries` pages, not for every page.
    public final class Cursor: @unchecked Sendable {
        /// Entries kept from a pass, and most bytes they may hold.
        public static let behindEntries = 16
        public static let behindBytes = 48 << 20

        private let lock = NSLock()
        /// The open archive, guarded by `lock`.
        private var current: (path: String, fd: Int32, archive: OpaquePointer, seen: Int)?
        /// Entries passed on the way to the last one read (oldest first), of `behindPath`.
        private var behind: [(entry: String, data: Data)] = []
        private var behindPath: String?
        /// Times an archive was opened (for the tests of flipping backwards).
        public private(set) var opens = 0

        public init() {}

        deinit { close() }

        /// Bytes held by the entries kept from the last pass.
        public var heldBytes: Int {
            lock.lock()
            defer { lock.unlock() }
            return behind.reduce(0) { $0 + $1.data.count }
        }

        /// As `ArchiveReader.read`, from where the last read left off when it can.
        public func read(_ path: String, entry entryPath: String, limit: Int = maxEntryBytes) throws -> Data {
            lock.lock()
            defer { lock.unlock() }
            if behindPath == path, let kept = behind.last(where: { $0.entry == entryPath }), kept.data.count <= limit {
                return kept.data
            }
            if current?.path == path, let data = try readHere(entryPath, limit: limit) { return data }
            close()
            let (fd, archive) = try ArchiveReader.open(path)
            opens += 1
            current = (path, fd, archive, 0)
            if let data = try readHere(entryPath, limit: limit) { return data }
            close()
            throw FolioError.badInput("\(path): has no entry \(entryPath).", cause: .missing)
        }

        /// Reads on from the current position; nil at the end. Any failure closes the
        /// archive (libarchive's state after an error is not to be trusted).
        private func readHere(_ entryPath: String, limit: Int) throws -> Data? {
            guard var state = current else { return nil }
            var passed: [(entry: String, data: Data)] = []
            var passedBytes = 0
            do {
                let data = try ArchiveReader.find(entryPath, in: state.archive, path: state.path, limit: limit, seen: &state.seen,
                                                  passing: { name, data in
                    passed.append((name, data))
                    passedBytes += data.count
                    while passed.count > Cursor.behindEntries || passedBytes > Cursor.behindBytes {
                        passedBytes -= passed.removeFirst().data.count
                    }
                })
                current?.seen = state.seen
                if data != nil, !passed.isEmpty {
                    behind = passed
                    behindPath = state.path
                }
                return data
            } catch {
                close()
                throw error
            }
        }

        private func close() {
            guard let state = current else { return }
            archive_read_free(state.archive)
            Glibc.close(state.fd)
            current = nil
        }
    }

    /// Reads the current entry's data in chunks, counting every inflated byte.
    private static func readData(_ archive: OpaquePointer, name: String, limit: Int) throws -> Data {
        var data = Data()
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let n = buffer.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, chunk) }
            if n == 0 { return data }
            guard n > 0 else {
                let reason = archive_error_string(archive).map { String(cString: $0) } ?? ""
                throw FolioError.badInput("\(name): the entry is damaged (\(describe(reason))).", cause: .unreadable)
            }
            guard data.count + n <= limit else {
                throw FolioError.badInput("\(name): the entry inflates to more than \(limit >> 20) MB; refused.", cause: .tooLarge)
            }
            data.append(contentsOf: buffer[0..<n])
        }
    }

    /// Opens `path` (a regular file only) for reading with every archive format Folio takes
    /// and runs `body`; the archive is closed whatever happens.
    private static func withArchive<T>(_ path: String, _ body: (OpaquePointer) throws -> T) throws -> T {
        let (fd, archive) = try open(path)
        defer {
            archive_read_free(archive)
            close(fd)
        }
        return try body(archive)
    }

    /// `path` (a regular file only) open for reading with every archive format Folio takes;
    /// the caller frees the archive, then closes the descriptor.
    /// True when reaching an entry means inflating what comes before it: a 7z or RAR (either
    /// may be solid), or any archive inside a compression filter (a .tar.gz).
    static func isStream(_ archive: OpaquePointer) -> Bool {
        let format = archive_format(archive) & ARCHIVE_FORMAT_BASE_MASK
        return [ARCHIVE_FORMAT_7ZIP, ARCHIVE_FORMAT_RAR, ARCHIVE_FORMAT_RAR_V5].contains(format)
            || archive_filter_code(archive, 0) != ARCHIVE_FILTER_NONE
    }

    private static func open(_ path: String) throws -> (Int32, OpaquePointer) {
        let fd = try SafeFile.openForReading(path)
        guard let archive = archive_read_new() else {
            close(fd)
            throw FolioError.badInput("\(path): out of memory.")
        }
        // Built-in decompressors only: "all" would also run outside programs (lrzip, lzop,
        // grzip) on a hostile file's say-so.
        archive_read_support_filter_gzip(archive)
        archive_read_support_filter_bzip2(archive)
        archive_read_support_filter_xz(archive)
        archive_read_support_filter_lzma(archive)
        archive_read_support_filter_zstd(archive)
        archive_read_support_format_zip(archive)
        archive_read_support_format_rar(archive)
        archive_read_support_format_rar5(archive)
        archive_read_support_format_7zip(archive)
        archive_read_support_format_tar(archive)
        guard archive_read_open_fd(archive, fd, 1 << 16) == ARCHIVE_OK else {
            let error = failure(path, archive, doing: "is not a readable archive")
            archive_read_free(archive)
            close(fd)
            throw error
        }
        return (fd, archive)
    }

    /// An entry's path as UTF-8, or nil when it has none (such entries are skipped).
    private static func entryPath(_ header: OpaquePointer) -> String? {
        if let utf8 = archive_entry_pathname_utf8(header) { return String(cString: utf8) }
        if let raw = archive_entry_pathname(header) { return String(decoding: Data(bytes: raw, count: strlen(raw)), as: UTF8.self) }
        return nil
    }

    private static func failure(_ path: String, _ archive: OpaquePointer, doing what: String) -> FolioError {
        let reason = archive_error_string(archive).map { String(cString: $0) } ?? ""
        return FolioError.badInput(reason.isEmpty ? "\(path): \(what)." : "\(path): \(what) (\(describe(reason))).")
    }

    /// libarchive's reason, lower-cased and without a final full stop, to sit in a sentence.
    private static func describe(_ reason: String) -> String {
        var text = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        while text.hasSuffix(".") { text.removeLast() }
        guard let first = text.first else { return "no reason given" }
        // "Truncated input" reads "truncated input"; "ZIP bad CRC" keeps its acronym.
        let second = text.dropFirst().first
        return second?.isLowercase == true ? first.lowercased() + text.dropFirst() : text
    }
}
