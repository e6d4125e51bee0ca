import CSDL2
import CPNG
import Foundation
import Testing
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSDL
import FolioTestFixtures

/// Pages under the documented size limits decode: a PNG just under the 64 MB entry cap, in a
/// comic archive where it inflates from a few hundred kilobytes, fits the worker's heap.
@Suite struct LargeEntryTests {
    /// A `width`×`height` RGB PNG of one colour, stored without compression (zlib level 0):
    /// about 3 bytes a pixel on disk, almost nothing once zipped.
    static func storedPNG(width: Int, height: Int, at path: String) throws {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { (pixels[i], pixels[i + 1], pixels[i + 2]) = (40, 160, 90) }
        var reason = [CChar](repeating: 0, count: 256)
        let status = folio_png_write_rgbx(path, pixels, Int32(width), Int32(height), width * 4, 0, 0, &reason, reason.count)
        try #require(status == 0, "\(String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
    }

    @Test func aPNGJustUnderTheEntryCapInAComicArchiveDecodes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-large-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("page.png").path
        // 4400×4800 RGB: 63.4 MB stored, under the 64 MB cap.
        try Self.storedPNG(width: 4400, height: 4800, at: png)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(bytes.count > 63_000_000 && bytes.count < ArchiveReader.maxEntryBytes)
        let cbz = dir.appendingPathComponent("large.cbz")
        try ArchiveFixture.write([("001.png", bytes), ("002.png", bytes)], to: cbz)
        let zipped = try FileManager.default.attributesOfItem(atPath: cbz.path)[.size] as? Int ?? 0
        #expect(zipped < 2_000_000)
        let shape = PageImage.Shape(width: 362, height: 568, radius: 0, side: .right)
        for entry in ["001.png", "002.png"] {
            switch PageImage.make(.archiveEntry(archive: cbz.path, entry: entry), decoder: TestDecoding.workers, shape: shape) {
            case .success(let page):
                let (r, g, b, _) = page.pixel(Int(page.width / 2), Int(page.height / 2))
                let got: [Int] = [Int(r), Int(g), Int(b)]
                let want: [Int] = [40, 160, 90]
                let near = zip(got, want).allSatisfy { abs($0.0 - $0.1) <= 2 }
                #expect(near, "\(entry): \(got)")
            case .failure(let failure):
                Issue.record("\(entry): \(failure.message)")
            }
        }
    }
}
