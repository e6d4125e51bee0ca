import FolioCore
import FolioLibrary
import FolioSamples
import Foundation

/// Comic archives written inside the tests (no outside tool), through Folio's own
/// `ArchiveWriter` (libarchive's writers; RAR 4 with stored entries by hand, since no free
/// tool writes RAR).
public enum ArchiveFixture {
    public typealias Format = ArchiveWriter.Format
    public typealias WriteFailed = ArchiveWriter.Failed

    /// An archive with the given entries (name → bytes); `options` are libarchive's writer
    /// options (e.g. "zip:compression=store", "zip:encryption=zipcrypt" with a passphrase).
    public static func write(_ entries: [(String, Data)], to url: URL, format: Format = .zip,
                             options: String? = nil, passphrase: String? = nil, filter: String? = nil) throws {
        try ArchiveWriter.write(entries, to: url, format: format, options: options, passphrase: passphrase, filter: filter)
    }

    /// A RAR 4 archive (the format of most .cbr files) with the entries stored.
    public static func rar(_ entries: [(String, Data)]) -> Data { ArchiveWriter.rar(entries) }
}
