import Foundation
import Testing
@testable import FolioSDL

/// Memory counted fairly: resident, proportional and private megabytes of a process.
@Suite(.serialized) struct ProcessMemoryTests {
    @Test func privateMemoryGrowsWithWhatTheProcessAloneHolds() throws {
        let before = ProcessMemory.rollup()
        #expect(before.rss > 0 && before.pss > 0 && before.private > 0)
        #expect(before.pss <= before.rss + 0.01 && before.private <= before.rss + 0.01)
        // 64 MB written by this process alone.
        let count = 64 << 20
        let block = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        defer { block.deallocate() }
        for i in stride(from: 0, to: count, by: 4096) { block[i] = UInt8(truncatingIfNeeded: i >> 12) }
        let after = ProcessMemory.rollup()
        #expect(after.private - before.private > 60, "\(before) then \(after)")
        #expect(after.pss - before.pss > 60)
        #expect(ProcessMemory.rollup(of: "0").rss == 0, "no such process: zeros")
    }
}
