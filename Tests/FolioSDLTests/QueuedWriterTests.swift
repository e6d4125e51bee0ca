import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioThreads

/// The live trace is written by a thread of its own: a write queues and returns even while
/// the file's reader (a FIFO's) reads nothing, the lines arrive whole and in order, and a
/// write that failed is said by the next write or, at the latest, by close.
@Suite struct QueuedWriterTests {
    @Test func writesReturnWhileTheReaderWaitsAndArriveInOrder() throws {
        let dir = try DocumentPageTests.write(Data(), "unused").deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("trace.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        // The reader opens the FIFO (so the writer's open returns) and waits before reading.
        let reading = DispatchSemaphore(value: 0), read = Monitor(Data())
        startDetachedThread(named: "folio-test") {
            let handle = FileHandle(forReadingAtPath: fifo)
            reading.wait()
            let all = handle?.readDataToEndOfFile() ?? Data()
            read.withLock { $0 = all }
            reading.signal()
        }
        let writer = try OutputFile.QueuedWriter(path: fifo, streams: true, overwrite: false)
        let line = String(repeating: "x", count: 1000)
        let started = Date()
        // Twice what a pipe holds: a writer on this thread would wait for the reader.
        for i in 0..<128 { try writer.write("\(i) \(line)\n") }
        #expect(Date().timeIntervalSince(started) < 1, "the writes waited for the reader")
        reading.signal()
        try writer.close()
        reading.wait()
        let lines = String(decoding: read.withLock { $0 }, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 128 && lines.enumerated().allSatisfy { $0.element.hasPrefix("\($0.offset) x") })
    }

    @Test func aFailedWriteIsSaidByClose() throws {
        let writer = try OutputFile.QueuedWriter(path: "/dev/full", streams: true, overwrite: true)
        try writer.write("a line\n")
        #expect(throws: FolioError.self) { try writer.close() }
    }
}
