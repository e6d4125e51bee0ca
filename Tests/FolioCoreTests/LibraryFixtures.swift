import Foundation
import FolioTestFixtures
@testable import FolioCore
@testable import FolioLibrary

/// Small image files and libraries made inside the tests (nothing large is committed).
enum LibraryFixtures {
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-lib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// An uncompressed 24-bit BMP of one colour.
    static func bmp(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8) = (200, 180, 160)) -> Data {
        let rowBytes = (width * 3 + 3) / 4 * 4
        let size = 54 + rowBytes * height
        var d = Data()
        func le32(_ v: Int) { d.append(contentsOf: [UInt8(v & 255), UInt8(v >> 8 & 255), UInt8(v >> 16 & 255), UInt8(v >> 24 & 255)]) }
        func le16(_ v: Int) { d.append(contentsOf: [UInt8(v & 255), UInt8(v >> 8 & 255)]) }
        d.append(contentsOf: Array("BM".utf8)); le32(size); le32(0); le32(54)
        le32(40); le32(width); le32(height); le16(1); le16(24); le32(0); le32(rowBytes * height); le32(2835); le32(2835); le32(0); le32(0)
        var row = [UInt8](repeating: 0, count: rowBytes)
        for x in 0..<width { row[x * 3] = rgb.2; row[x * 3 + 1] = rgb.1; row[x * 3 + 2] = rgb.0 }
        for _ in 0..<height { d.append(contentsOf: row) }
        return d
    }

    /// The first bytes of a PNG claiming the given size (enough for the header reader).
    static func pngHeader(width: Int, height: Int) -> Data {
        var d = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        d.append(contentsOf: Array("IHDR".utf8))
        for v in [width, height] { d.append(contentsOf: [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]) }
        d.append(contentsOf: [8, 6, 0, 0, 0, 0, 0, 0, 0])
        return d
    }

    static func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    typealias ArchiveFormat = ArchiveFixture.Format

    /// An archive with the given entries (see `ArchiveFixture.write`).
    static func archive(_ entries: [(String, Data)], to url: URL, format: ArchiveFormat = .zip,
                        options: String? = nil, passphrase: String? = nil) throws {
        try ArchiveFixture.write(entries, to: url, format: format, options: options, passphrase: passphrase)
    }

    /// A ZIP with the given entries (name → bytes), deflated.
    static func zip(_ entries: [(String, Data)], to url: URL) throws {
        try archive(entries, to: url)
    }

    static func plist(_ books: [Any], to url: URL) throws {
        let data = try PropertyListSerialization.data(fromPropertyList: books, format: .xml, options: 0)
        try write(data, to: url)
    }
}

