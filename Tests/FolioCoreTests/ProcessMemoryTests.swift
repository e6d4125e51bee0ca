import Foundation
import Testing
@testable import FolioLibrary

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
        #expect(after.written - before.written > 60, "written pages count the block: \(before) then \(after)")
        #expect(after.written <= after.private + 0.01)
        #expect(after.pss - before.pss > 60)
        #expect(ProcessMemory.rollup(of: "0").rss == 0, "no such process: zeros")
    }

    @Test func aFileOnlyReadIsPrivateButNotWritten() throws {
        // A file mapped by this process alone and only read: its pages are private (no other
        // process maps them) and clean, so `written` leaves them out.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-memory-\(getpid())")
        try Data(repeating: 7, count: 32 << 20).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let fd = open(url.path, O_RDONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        let before = ProcessMemory.rollup()
        guard let map = mmap(nil, 32 << 20, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else {
            Issue.record("mmap failed")
            return
        }
        defer { munmap(map, 32 << 20) }
        let bytes = map.assumingMemoryBound(to: UInt8.self)
        var sum = 0
        for i in stride(from: 0, to: 32 << 20, by: 4096) { sum &+= Int(bytes[i]) }
        #expect(sum == 7 * (32 << 20) / 4096)
        let after = ProcessMemory.rollup()
        #expect(after.private - before.private > 28, "\(before) then \(after)")
        #expect(after.written - before.written < 4, "\(before) then \(after)")
    }
}
