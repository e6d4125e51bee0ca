import Foundation
import Testing
@testable import FolioCore
@testable import FolioDecoding
@testable import FolioLibrary
import FolioThreads

/// `validate` decodes pages only within its time limit: once it has passed, each book names
/// how many of its pages were not checked, so no library keeps it past the limit, and it
/// does not say "no problems" of pages it never decoded.
@Suite struct ValidateTimeLimitTests {
    static func library() throws -> (Library, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-validate-limit-\(UUID().uuidString)")
        for book in ["a", "b"] {
            let folder = dir.appendingPathComponent(book)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for page in 1...3 { try FormatVariantTests.bitfieldBMP().write(to: folder.appendingPathComponent("p\(page).bmp")) }
        }
        return (try LibraryLoader.load(dir.path, decoder: TestDecoding.workers).library, dir)
    }

    @Test func pagesPastTheLimitAreNamedAsNotChecked() throws {
        let (library, dir) = try Self.library()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(LibraryValidator.imageCount(library) == 6)
        // A limit already passed: nothing is decoded, and both books say so.
        let spent = LibraryValidator.TimeLimit(seconds: 5, from: ProcessInfo.processInfo.systemUptime - 10)
        let counted = Monitor(0)
        let problems = LibraryValidator.check(library, decoder: TestDecoding.workers, limit: spent) { done in counted.withLock { $0 = done } }
        #expect(problems.map(\.message) == Array(repeating: "3 pages not checked: validate's 5 s ran out (--time-limit 0 checks every page).", count: 2))
        #expect(counted.withLock { $0 } == 0)
        // Time enough: every page is decoded, the progress counts each, and there is no problem.
        let ample = LibraryValidator.TimeLimit(seconds: 600)
        #expect(LibraryValidator.check(library, decoder: TestDecoding.workers, limit: ample) { done in counted.withLock { $0 = done } }.isEmpty)
        #expect(counted.withLock { $0 } == 6)
    }
}
