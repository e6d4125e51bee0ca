import FolioCore
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

        public init(path: String, encrypted: Bool) {
            self.path = path
            self.encrypted = encrypted
        }
    }

    /// Every regular-file entry, in stored order, in one pass over the headers.
    public static func list(_ path: String) throws -> [Entry] {
        try list(path, reading: { _ in nil }, limit: 0).entries
    }

    /// An entry read while listing: its path, and its bytes or why they could not be read.
    public struct Companion: Equatable, Sendable {
        public var path: String
        public var data: Result<Data, FolioError>

        public init(path: String, data: Result<Data, FolioError>) {
            self.path = path
            self.data = data
        }
    }

    /// As `list`, also reading the one entry `rank` likes best (the lowest rank; nil: not
    /// wanted; ties go to the first stored) in the same pass, refused past `limit` bytes
    /// whatever its header says. An entry is read only when it ranks better than the one read
    /// so far, so a few are read at most; an encrypted one is passed over.
    public static func list(_ path: String, reading rank: (String) -> Int?, limit: Int) throws
        -> (entries: [Entry], companion: Companion?) {
        try withArchive(path) { archive, fd in
            var entries: [Entry] = []
            var companion: (rank: Int, Companion)?
            var header: OpaquePointer?
            while true {
                let status = archive_read_next_header(archive, &header)
                if status == ARCHIVE_EOF { break }
                guard status >= ARCHIVE_WARN, let header else {
                    throw failure(path, archive, descriptor: fd, doing: "cannot be listed")
                }
                guard entries.count < maxEntries else {
                    throw FolioError.badInput("\(path): holds more than \(maxEntries) entries; refused.", cause: .tooLarge)
                }
                guard archive_entry_filetype(header) == 0o100000 /* AE_IFREG */, let name = entryPath(header) else { continue }
                let entry = Entry(path: name, encrypted: archive_entry_is_encrypted(header) != 0)
                entries.append(entry)
                if !entry.encrypted, let r = rank(name), r < companion?.rank ?? Int.max {
                    let data: Result<Data, FolioError>
                    if archive_entry_size_is_set(header) != 0 && archive_entry_size(header) > Int64(limit) {
                        data = .failure(FolioError.badInput("\(path): \(name): the entry is larger than \(limit) bytes; refused.",
                                                            cause: .tooLarge))
                    } else {
                        do {
                            data = .success(try readData(archive, name: "\(path): \(name)", limit: limit, declared: declaredSize(header)))
                        } catch let error as FolioError {
                            data = .failure(error)
                        }
                    }
                    companion = (r, Companion(path: name, data: data))
                }
            }
            // libarchive 3.6 lists a RAR 5's encrypted files as plain ones, and the first part
            // of a split RAR as if it were whole.
            if let found = rarHeaders(archive, descriptor: fd) {
                if let refusal = splitRefusal(path, found) { throw refusal }
                let names = Set(found.encryptedFiles)
                for index in entries.indices where names.contains(entries[index].path) { entries[index].encrypted = true }
            }
            return (entries, companion?.1)
        }
    }

    /// What `RARHeaders` finds in the file open at `fd`, when libarchive opened it as a RAR
    /// (4 or 5): the same file libarchive reads, not the path opened again.
    static func rarHeaders(_ archive: OpaquePointer, descriptor fd: Int32) -> RARHeaders.Found? {
        let format = archive_format(archive) & ARCHIVE_FORMAT_BASE_MASK
        guard format == ARCHIVE_FORMAT_RAR || format == ARCHIVE_FORMAT_RAR_V5 else { return nil }
        return RARHeaders.walk(descriptor: fd)
    }

    /// The sentence for one part of a RAR split into several files (libarchive reads a RAR
    /// from one file only).
    static func splitRefusal(_ path: String, _ found: RARHeaders.Found) -> FolioError? {
        guard let volume = found.volume else { return nil }
        let which = volume == 1 ? "the first part" : volume > 1 ? "part \(volume)" : "one part"
        return FolioError.badInput("\(path): is \(which) of a RAR archive split into several files; Folio reads only archives in one file.")
    }

    /// The bytes of the entry at `entryPath`, refused once they pass `limit` and checked by
    /// libarchive as they arrive (a CRC mismatch is an error, not a warning).
    public static func read(_ path: String, entry entryPath: String, limit: Int = maxEntryBytes) throws -> Data {
        try withArchive(path) { archive, fd in
            var seen = 0
            if let data = try find(entryPath, in: archive, descriptor: fd, path: path, limit: limit, seen: &seen) { return data }
            throw FolioError.badInput("\(path): has no entry \(entryPath).", cause: .missing)
        }
    }

    /// An entry passed on the way to another: its name, declared size, place among the
    /// archive's headers (0 first), and whether the archive is a compressed stream.
    struct Passing {
        var name: String
        var size: Int
        var ordinal: Int
        var inStream: Bool
    }

    /// Reads headers from where `archive` stands until `entryPath`, then its bytes; nil at
    /// the end of the archive. `seen` counts the headers read, bounded by `maxEntries`.
    /// Every regular entry read on the way that `passing` takes is read too (within
    /// `limit`; larger or encrypted ones are skipped as usual) and handed to `passed`.
    static func find(_ entryPath: String, in archive: OpaquePointer, descriptor fd: Int32, path: String, limit: Int, seen: inout Int,
                             passing: ((Passing) -> Bool)? = nil, passed: ((String, Data) -> Void)? = nil) throws -> Data? {
        var header: OpaquePointer?
        while true {
            let status = archive_read_next_header(archive, &header)
            if status == ARCHIVE_EOF { return nil }
            guard status >= ARCHIVE_WARN, let header else {
                throw failure(path, archive, descriptor: fd, doing: "cannot be read")
            }
            seen += 1
            guard seen <= maxEntries else { return nil }
            let stored = self.entryPath(header)
            guard stored == entryPath else {
                if let passing, let passed, let stored, archive_entry_filetype(header) == 0o100000,
                   archive_entry_is_encrypted(header) == 0, archive_entry_size(header) <= Int64(limit),
                   passing(Passing(name: stored, size: Int(clamping: archive_entry_size(header)), ordinal: seen - 1,
                                   inStream: isStream(archive))),
                   let data = try? readData(archive, name: "\(path): \(stored)", limit: limit, declared: declaredSize(header)) {
                    passed(stored, data)
                }
                continue
            }
            let name = "\(path): \(entryPath)"
            if archive_entry_is_encrypted(header) != 0 {
                throw FolioError.badInput("\(name): the entry is encrypted; Folio reads no encrypted entries.", cause: .encrypted)
            }
            return try readData(archive, name: name, limit: limit, declared: declaredSize(header))
        }
    }

    /// Reads the current entry's data in chunks, counting every inflated byte.
    /// `declared` is the size the header gives (0 when none): the bytes are held in one
    /// allocation of it, not grown by doubling, which held up to twice a large entry at once
    /// (a 63 MB page then ended a worker whose heap is 160 MB).
    static func readData(_ archive: OpaquePointer, name: String, limit: Int, declared: Int = 0) throws -> Data {
        var data = Data()
        if declared > 0 { data.reserveCapacity(min(declared, limit)) }
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let n = buffer.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, chunk) }
            if n == 0 { return data }
            guard n > 0 else {
                let reason = archive_error_string(archive).map { String(cString: $0) } ?? ""
                // libarchive says "Unsupported ZIP compression method (9: deflate64)": the
                // entry is whole, Folio just cannot inflate it.
                if reason.lowercased().contains("unsupported") {
                    throw FolioError.badInput("\(name): the entry is compressed in a way Folio cannot read (\(describe(reason))).",
                                              cause: .unsupported)
                }
                throw FolioError.badInput("\(name): the entry is damaged (\(describe(reason))).", cause: .unreadable)
            }
            guard data.count + n <= limit else {
                throw FolioError.badInput("\(name): the entry inflates to more than \(limit >> 20) MB; refused.", cause: .tooLarge)
            }
            data.append(contentsOf: buffer[0..<n])
        }
    }

    /// The size an entry's header declares, 0 when it declares none.
    static func declaredSize(_ header: OpaquePointer) -> Int {
        archive_entry_size_is_set(header) != 0 ? Int(clamping: max(archive_entry_size(header), 0)) : 0
    }

    /// Opens `path` (a regular file only) for reading with every archive format Folio takes
    /// and runs `body` with the archive and the descriptor it reads; both are closed whatever
    /// happens.
    static func withArchive<T>(_ path: String, _ body: (OpaquePointer, Int32) throws -> T) throws -> T {
        let (fd, archive) = try open(path)
        defer {
            archive_read_free(archive)
            close(fd)
        }
        return try body(archive, fd)
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

    static func open(_ path: String) throws -> (Int32, OpaquePointer) {
        let fd = try SafeFile.openBookFile(path)
        // A ZIP says how many entries it holds at its end: more than Folio lists is refused by
        // that count before libarchive reads a directory of millions.
        if let declared = ZipDirectory.declaredEntries(fd, size: SafeFile.size(fd)), declared > UInt64(maxEntries) {
            close(fd)
            throw FolioError.badInput(
                "\(path): holds \(Sentence.grouped(declared)) entries, more than the \(Sentence.grouped(maxEntries)) Folio lists; refused.",
                cause: .tooLarge)
        }
        guard let archive = archive_read_new() else {
            close(fd)
            throw FolioError.badInput("\(path): out of memory.")
        }
        // Built-in decompressors only: "all" would also run outside programs (lrzip, lzop,
        // grzip) on a hostile file's say-so.
        if SkippableFrames.leadToLZ4(fd) {
            // LZ4 and zstd share their skippable frames; libarchive's zstd reader bids on them,
            // its LZ4 reader does not (though it reads past them): the frame after them said LZ4.
            archive_read_append_filter(archive, ARCHIVE_FILTER_LZ4)
        } else {
            archive_read_support_filter_gzip(archive)
            archive_read_support_filter_bzip2(archive)
            archive_read_support_filter_xz(archive)
            archive_read_support_filter_lzma(archive)
            archive_read_support_filter_zstd(archive)
            // libarchive's own (lzip through liblzma, lz4 through liblz4, compress itself).
            archive_read_support_filter_lzip(archive)
            archive_read_support_filter_lz4(archive)
            archive_read_support_filter_compress(archive)
        }
        archive_read_support_format_zip(archive)
        archive_read_support_format_rar(archive)
        archive_read_support_format_rar5(archive)
        archive_read_support_format_7zip(archive)
        archive_read_support_format_tar(archive)
        guard archive_read_open_fd(archive, fd, 1 << 16) == ARCHIVE_OK else {
            var status = stat()
            let empty = fstat(fd, &status) == 0 && status.st_size == 0
            let error = empty ? FolioError.badInput("\(path): is empty (0 bytes); it holds no archive.")
                : failure(path, archive, descriptor: nil, doing: "is not a readable archive")
            archive_read_free(archive)
            close(fd)
            throw error
        }
        return (fd, archive)
    }

    /// An entry's path as UTF-8, or nil when it has none (such entries are skipped).
    static func entryPath(_ header: OpaquePointer) -> String? {
        if let utf8 = archive_entry_pathname_utf8(header) { return String(cString: utf8) }
        if let raw = archive_entry_pathname(header) { return String(decoding: Data(bytes: raw, count: strlen(raw)), as: UTF8.self) }
        return nil
    }

    /// `fd`: the descriptor the archive reads, once it was opened (its format chosen), so
    /// libarchive can say whether it met encrypted entries; nil after a failed open, when it
    /// cannot be asked.
    static func failure(_ path: String, _ archive: OpaquePointer, descriptor fd: Int32?, doing what: String) -> FolioError {
        let opened = fd != nil
        let reason = archive_error_string(archive).map { String(cString: $0) } ?? ""
        // An archive whose listing itself is encrypted (RAR 4 and 5 with encrypted headers, a
        // ZIP's encrypted entries libarchive cannot step over) says so in its own words, or
        // only through the encrypted entries it has seen (a RAR 5's through its headers).
        let lower = reason.lowercased()
        let rar = fd.flatMap { rarHeaders(archive, descriptor: $0) }
        if let rar, let refusal = splitRefusal(path, rar) { return refusal }
        if (opened && archive_read_has_encrypted_entries(archive) > 0) || lower.contains("encrypt") || lower.contains("passphrase")
            || lower.contains("password") || rar?.isEncrypted == true {
            return FolioError.badInput("\(path): is encrypted; Folio opens no encrypted archives.", cause: .encrypted)
        }
        let why = reason.isEmpty ? "it is damaged, or of a kind Folio does not read" : describe(reason)
        return FolioError.badInput("\(path): \(what) (\(why)).")
    }

    /// libarchive's reason, lower-cased and without a final full stop, to sit in a sentence
    /// inside parentheses: its own parenthesis made a colon ("truncated input file: needed 289
    /// bytes, only 163 available"), and what it says of a file of no kind it knows in a
    /// reader's words.
    static func describe(_ reason: String) -> String {
        var text = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        while text.hasSuffix(".") { text.removeLast() }
        guard let first = text.first else { return "no reason given" }
        if text.lowercased() == "unrecognized archive format" { return "it is not a ZIP, RAR, 7z or tar archive" }
        if text.hasSuffix(")"), let open = text.range(of: " (") {
            text = String(text[..<open.lowerBound]) + ": " + String(text[open.upperBound...].dropLast())
        }
        // "Truncated input" reads "truncated input"; "ZIP bad CRC" keeps its acronym.
        let second = text.dropFirst().first
        return second?.isLowercase == true ? first.lowercased() + text.dropFirst() : text
    }
}
