import CSDL2
import CVips
import Foundation
import Testing
@testable import FolioDecoding
@testable import FolioLibrary
@testable import FolioSDL
import FolioTestFixtures

/// Every decoder bounded by work, not only by time: a progressive JPEG of more scans than any
/// encoder writes is refused, one whose progression libjpeg warns about stops at the warning,
/// and a command's whole library has a budget of slow seconds.
@Suite struct WorkBoundTests {
    /// The fast path's answer for `jpeg` in a 250×330 box: pixels or not, and whether it
    /// refused the file for its scans.
    static func fastPath(_ jpeg: Data) -> (decoded: Bool, tooManyScans: Bool, grey: UInt8?, refused: Int) {
        var w: Int32 = 0, h: Int32 = 0, refused: Int32 = 0
        let pixels = jpeg.withUnsafeBytes { folio_jpeg_fitted_checked(-1, $0.baseAddress, $0.count, 250, 330, 0, &w, &h, &refused) }
        defer { if let pixels { folio_vips_free(pixels) } }
        return (pixels != nil, Int(refused) == FOLIO_JPEG_TOO_MANY_SCANS, pixels.map { $0[Int(w * h / 2) * 4] }, Int(refused))
    }

    @Test func aProgressionOfAFewScansDecodesInTheFastPath() {
        // 2 scans, then 12 (a DC and three bands, each in three bits), then exactly the limit.
        let few = ScanBombFixture.jpeg(width: 800, height: 1200, bands: [1...63])
        let bits = ScanBombFixture.jpeg(width: 800, height: 1200, bands: [1...5, 6...20, 21...63], bits: 2)
        let most = ScanBombFixture.jpeg(width: 800, height: 1200, bands: [1...63], repeats: Int(FOLIO_JPEG_MAX_SCANS) - 1)
        for (name, jpeg) in [("2 scans", few), ("12 scans", bits), ("100 scans", most)] {
            let answer = Self.fastPath(jpeg)
            #expect(answer.decoded && !answer.tooManyScans, "\(name)")
            // Every coefficient zero: a flat mid-grey.
            #expect(answer.grey.map { abs(Int($0) - 128) <= 1 } == true, "\(name): \(String(describing: answer.grey))")
        }
    }

    @Test func aJPEGOfMoreScansThanAnyEncoderWritesIsRefusedNotHandedOn() {
        let bomb = ScanBombFixture.jpeg(width: 800, height: 1200, bands: [1...63], repeats: Int(FOLIO_JPEG_MAX_SCANS))
        let answer = Self.fastPath(bomb)
        #expect(!answer.decoded && answer.tooManyScans)
    }

    @Test func anInconsistentProgressionStopsAtTheFirstWarning() {
        // Valid for its first 2 scans, then 200 that refine bits never sent: libjpeg warns at
        // the third, and the file is left to libvips without any scan past it counted as too many.
        let bomb = ScanBombFixture.jpeg(width: 800, height: 1200, bands: [1...63], inconsistent: 200)
        let answer = Self.fastPath(bomb)
        #expect(!answer.decoded && !answer.tooManyScans)
    }

    /// libjpeg keeps every coefficient of a progressive picture (128 bytes a block): past
    /// `FOLIO_JPEG_MAX_COEFFICIENT_MB` it is refused before any pixel, whatever the box, with
    /// a sentence instead of libjpeg's "Insufficient memory"; under it, it decodes in a worker.
    @Test func aProgressiveJPEGIsRefusedUpFrontOnlyWhenItsCoefficientsCannotFit() throws {
        // 9000×9000 grey: 162 MB of coefficients, more than the worker's whole heap.
        let large = ScanBombFixture.jpeg(width: 9000, height: 9000, bands: [1...63])
        #expect(Self.fastPath(large).refused == FOLIO_JPEG_TOO_LARGE_PROGRESSIVE)
        // 6000×6000 grey: 72 MB; decoded.
        let fits = ScanBombFixture.jpeg(width: 6000, height: 6000, bands: [1...63])
        #expect(Self.fastPath(fits).decoded)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-progressive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let shape = PageImage.Shape(width: 362, height: 568, radius: 0, side: .right)
        for (name, jpeg) in [("large.jpg", large), ("fits.jpg", fits)] {
            let path = dir.appendingPathComponent(name).path
            try jpeg.write(to: URL(fileURLWithPath: path))
            // Fresh workers: the bound is the whole heap's, which the shared ones may hold some of
            // (a kept document from another test).
            switch PageImage.make(.file(path), decoder: try DecoderSandbox(executable: DecoderSandboxTests.worker), shape: shape) {
            case .success(let surface):
                #expect(name == "fits.jpg", "a progressive JPEG needing 162 MB was decoded")
            case .failure(let failure):
                #expect(name == "large.jpg", "\(failure.message)")
                #expect(failure.message.contains("a progressive JPEG too large to decode: it needs more than the 96 MB"), "\(failure.message)")
            }
        }
    }

    /// The campaign's bombs through the page decoder: a 6000×6000 picture of 1,200 near-empty
    /// scans, valid and inconsistent, each held the fast path 15–20 s. Both are now named
    /// within a few seconds (a generous deadline: they were unbounded but for the timeout).
    @Test(arguments: [false, true])
    func aScanBombIsNamedNotWaitedFor(inconsistent: Bool) throws {
        let bomb = inconsistent ? ScanBombFixture.jpeg(width: 6000, height: 6000, bands: [1...63], inconsistent: 1200)
                                : ScanBombFixture.jpeg(width: 6000, height: 6000, bands: [1...63], repeats: 1200)
        #expect(bomb.count < 200_000)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-scans-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("bomb.jpg").path
        try bomb.write(to: URL(fileURLWithPath: path))
        let shape = PageImage.Shape(width: 362, height: 568, radius: 0, side: .right)
        let start = Date()
        // Fresh workers, as above.
        guard case .failure(let failure) = PageImage.make(.file(path), decoder: try DecoderSandbox(executable: DecoderSandboxTests.worker), shape: shape) else {
            Issue.record("a picture of 1,200 empty scans was shown")
            return
        }
        #expect(Date().timeIntervalSince(start) < 5, "took \(Date().timeIntervalSince(start)) s")
        if !inconsistent { #expect(failure.message.contains("more than 100 scans"), "\(failure.message)") }
        #expect(!failure.message.contains("took longer"), "\(failure.message)")
    }

    /// A command's library budget: within it a request has its timeout, past it a slow
    /// request's time (and one that overruns fails its book at once), past twice it nothing.
    @Test func slowSecondsAddUpAcrossTheWholeLibrary() {
        var budget = TimeBudget(library: 20)
        #expect(budget.allowance("/a.cbz", timeout: 15) == 15)
        budget.charge("/a.cbz", seconds: 8, failsFast: false)
        #expect(budget.allowance("/b.cbz", timeout: 15) == 12)
        // Quick requests never count, however many.
        for _ in 0..<1000 { budget.charge("/c.cbz", seconds: DecoderSandbox.slowRequest / 2, failsFast: false) }
        #expect(budget.allowance("/c.cbz", timeout: 15) == 12)
        budget.charge("/b.cbz", seconds: 13, failsFast: false)
        #expect(budget.librarySpent)
        #expect(budget.allowance("/c.cbz", timeout: 20) == DecoderSandbox.spentLibraryRequest)
        // A listing or a header is not cut short until the end.
        #expect(budget.allowance("/c.cbz", timeout: 20, page: false) == 20)
        budget.charge("/c.cbz", seconds: 19, failsFast: false)
        #expect(budget.allowance("/d.pdf", timeout: 20) == nil)
        #expect(budget.allowance("/d.pdf", timeout: 20, page: false) == nil)
        // Without a library budget (the viewer), only documents and books are bounded.
        var unbounded = TimeBudget()
        unbounded.charge("/a.cbz", seconds: 29, failsFast: false)
        unbounded.charge("/b.cbz", seconds: 29, failsFast: false)
        #expect(unbounded.allowance("/c.cbz", timeout: 20) == 20)
    }

    /// Through the workers: slow documents one after another spend the library's budget,
    /// and the rest are named at once instead of each waiting out its timeout.
    @Test func slowDocumentsPastTheLibraryBudgetFailAtOnce() throws {
        let slow = SlowPDFFixture.document(pages: 1, fan: 40)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-library-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let paths = try (0..<4).map { i in
            let url = dir.appendingPathComponent("slow-\(i).pdf")
            try slow.write(to: url)
            return url.path
        }
        let sandbox = try DecoderSandbox(executable: DecoderSandboxTests.worker, timeout: 20, libraryBudget: 1)
        let shape = PageImage.Shape(width: 300, height: 400, radius: 0, side: .right)
        let start = Date()
        let messages = paths.map { path -> String in
            guard case .failure(let failure) = PageImage.make(.documentPage(document: path, page: 0), decoder: sandbox, shape: shape) else {
                return "drawn"
            }
            return failure.message
        }
        // The first has the time a page has once the budget is spent (and overruns it, or is
        // drawn within it); that spends twice the budget, and the rest fail at once.
        #expect(messages[0] == "drawn" || messages[0].contains("took longer than 5 s"), "\(messages)")
        #expect(messages.dropFirst().allSatisfy { $0.contains("spent too long on this library's pages before") }, "\(messages)")
        #expect(Date().timeIntervalSince(start) < 12, "four documents took \(Date().timeIntervalSince(start)) s")
    }
}
