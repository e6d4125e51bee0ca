import Foundation
import Glibc

/// Exact reads and whole writes on a pipe, with an optional deadline (monotonic seconds).
package struct FileDescriptorIO {
    package struct Ended: Error {}
    package struct TimedOut: Error {}

    package let fd: Int32
    package let deadline: Double?

    package init(fd: Int32, deadline: Double?) {
        self.fd = fd
        self.deadline = deadline
    }

    package static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Waits until `fd` is ready for `events` or the deadline passes.
    private func wait(_ events: Int16) throws {
        guard let deadline else { return }
        while true {
            let left = deadline - Self.now()
            guard left > 0 else { throw TimedOut() }
            var poller = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&poller, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw Ended() }
        }
    }

    package func read(_ count: Int) throws -> Data {
        var data = Data(count: count)
        try data.withUnsafeMutableBytes { try read(into: $0) }
        return data
    }

    package func read(into buffer: UnsafeMutableRawBufferPointer) throws {
        try transfer(buffer.count, when: Int16(POLLIN)) { Glibc.read(fd, buffer.baseAddress! + $0, buffer.count - $0) }
    }

    package func write(_ data: Data) throws {
        try data.withUnsafeBytes { try write($0) }
    }

    package func write(_ buffer: UnsafeRawBufferPointer) throws {
        try transfer(buffer.count, when: Int16(POLLOUT)) { Glibc.write(fd, buffer.baseAddress! + $0, buffer.count - $0) }
    }

    /// Moves `count` bytes by `step(done)` (a read or a write from offset `done`) as the
    /// pipe becomes ready for `events`, retrying interrupted calls; the pipe ending throws.
    private func transfer(_ count: Int, when events: Int16, _ step: (Int) -> Int) throws {
        var done = 0
        while done < count {
            try wait(events)
            let n = step(done)
            if n > 0 { done += n } else if n == 0 || errno != EINTR { throw Ended() }
        }
    }
}
