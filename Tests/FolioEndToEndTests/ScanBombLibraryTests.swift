import Foundation
import Testing
import FolioTestFixtures

/// `validate` of a library of scan bombs: four small comics of 6000×6000 pages of 1,200
/// near-empty scans each, which held the JPEG fast path 15–20 s a page and the command past
/// 60 s, now ends well within it, naming every page.
@Suite struct ScanBombLibraryTests {
    @Test func validateOfALibraryOfScanBombsNamesEveryPageWithinAMinute() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let valid = ScanBombFixture.jpeg(width: 6000, height: 6000, bands: [1...63], repeats: 1200)
        let inconsistent = ScanBombFixture.jpeg(width: 6000, height: 6000, bands: [1...63], inconsistent: 1200)
        for book in 1...4 {
            let pages = [("01.jpg", valid), ("02.jpg", inconsistent), ("03.jpg", valid)]
            try ArchiveFixture.write(pages, to: dir.appendingPathComponent("bombs-\(book).cbz"))
        }
        let start = Date()
        let result = try Folio.run(["validate", dir.path])
        let seconds = Date().timeIntervalSince(start)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(seconds < 60, "validate took \(seconds) s")
        for book in 1...4 {
            for page in ["01.jpg", "03.jpg"] {
                #expect(result.stdout.contains("bombs-\(book).cbz:\(page): unreadable or corrupt image (a progressive JPEG of more than 100 scans)"),
                        "\(result.stdout)")
            }
            // libvips names the damage where the fast path stopped, at its first warning.
            #expect(result.stdout.contains("bombs-\(book).cbz:02.jpg: unreadable or corrupt image (Inconsistent progression sequence"),
                    "\(result.stdout)")
        }
        #expect(!result.stdout.contains("took longer"), "\(result.stdout)")
    }
}
