import FolioCore
import FolioLibrary
import Foundation

/// A listing reply: an archive's entries in stored order and its ComicInfo.xml read with
/// them (`DecoderWire`'s header says how they are laid out).
extension DecoderWire {
    static func appendListing(_ listing: ArchiveListing, to data: inout Data) {
        let entries = listing.entries.prefix(ArchiveReader.maxEntries)
        withUnsafeBytes(of: UInt32(entries.count).littleEndian) { data.append(contentsOf: $0) }
        for entry in entries {
            data.append(entry.encrypted ? 1 : 0)
            appendText(entry.path, limit: maxPath, to: &data)
        }
        switch listing.comicInfo {
        case nil: data.append(0)
        case let companion?:
            switch companion.data {
            case .success(let bytes):
                data.append(1)
                appendText(companion.path, limit: maxPath, to: &data)
                let bytes = bytes.prefix(ComicInfo.maxBytes)
                withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { data.append(contentsOf: $0) }
                data.append(bytes)
            case .failure(let error):
                data.append(2)
                for text in [companion.path, error.cause?.rawValue ?? "", error.message] { appendText(text, limit: maxText, to: &data) }
            }
        }
    }

    /// A listing's entries and ComicInfo.xml, every count bounded before it is read.
    static func readListing(_ read: Source) throws -> ArchiveListing {
        let count = Int(UInt32(bitPattern: int32(try take(read, 4), at: 0)))
        guard count <= ArchiveReader.maxEntries else { throw Malformed(what: "a listing of \(count) entries") }
        var entries: [ArchiveReader.Entry] = []
        var carried = 0
        for _ in 0..<count {
            let flag = try take(read, 1).first ?? 0
            guard flag <= 1 else { throw Malformed(what: "an entry flagged \(flag)") }
            let path = try readText(read, limit: maxPath)
            carried += path.utf8.count
            guard carried <= maxListing else { throw Malformed(what: "a listing past \(maxListing >> 20) MB of names") }
            entries.append(ArchiveReader.Entry(path: path, encrypted: flag == 1))
        }
        var listing = ArchiveListing(entries: entries, comicInfo: nil)
        switch try take(read, 1).first ?? 0 {
        case 0: break
        case 1:
            let path = try readText(read, limit: maxPath)
            let length = Int(UInt32(bitPattern: int32(try take(read, 4), at: 0)))
            guard length <= ComicInfo.maxBytes else { throw Malformed(what: "a ComicInfo.xml of \(length) bytes") }
            listing.comicInfo = ArchiveReader.Companion(path: path, data: .success(length > 0 ? try take(read, length) : Data()))
        case 2:
            let path = try readText(read, limit: maxPath)
            let named = try readText(read, limit: maxText)
            let cause = named.isEmpty ? nil : FolioError.Cause(rawValue: named)
            guard named.isEmpty || cause != nil else { throw Malformed(what: "a failure of no known cause") }
            let message = try readText(read, limit: maxText)
            listing.comicInfo = ArchiveReader.Companion(path: path, data: .failure(.badInput(message, cause: cause)))
        case let other:
            throw Malformed(what: "a ComicInfo.xml marked \(other)")
        }
        return listing
    }
}
