import CArchive
import Foundation

/// Comic archives written with libarchive's writer inside the tests (no outside tool).
public enum ArchiveFixture {
    public enum Format: Sendable { case zip, sevenZip, tar }

    public struct WriteFailed: Error { public let reason: String }

    /// An archive with the given entries (name → bytes); `options` are libarchive's writer
    /// options (e.g. "zip:compression=store", "zip:encryption=zipcrypt" with a passphrase).
    public static func write(_ entries: [(String, Data)], to url: URL, format: Format = .zip,
                             options: String? = nil, passphrase: String? = nil) throws {
        guard let a = archive_write_new() else { throw WriteFailed(reason: "archive_write_new") }
        defer { archive_write_free(a) }
        switch format {
        case .zip: archive_write_set_format_zip(a)
        case .sevenZip: archive_write_set_format_7zip(a)
        case .tar: archive_write_set_format_pax_restricted(a)
        }
        if let options, archive_write_set_options(a, options) != ARCHIVE_OK {
            throw WriteFailed(reason: String(cString: archive_error_string(a)))
        }
        if let passphrase { archive_write_set_passphrase(a, passphrase) }
        guard archive_write_open_filename(a, url.path) == ARCHIVE_OK else {
            throw WriteFailed(reason: String(cString: archive_error_string(a)))
        }
        for (name, data) in entries {
            let entry = archive_entry_new()
            defer { archive_entry_free(entry) }
            archive_entry_set_pathname(entry, name)
            archive_entry_set_size(entry, Int64(data.count))
            archive_entry_set_filetype(entry, 0o100000)
            archive_entry_set_perm(entry, 0o644)
            archive_write_header(a, entry)
            _ = data.withUnsafeBytes { archive_write_data(a, $0.baseAddress, data.count) }
        }
        guard archive_write_close(a) == ARCHIVE_OK else { throw WriteFailed(reason: String(cString: archive_error_string(a))) }
    }
}
