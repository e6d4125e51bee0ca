import CWorker
import FolioCore
import FolioLibrary
import Foundation
import Glibc

/// The shared memory file (memfd) a decoder worker leaves its pixels in: the worker writes
/// them from offset 0, the parent reads them with `pread` (a worker that shortens the file
/// makes a short read, refused, never a fault) and empties the file once it has them.
package final class SharedPixels: @unchecked Sendable {
    /// The descriptor the worker finds it at.
    package static let childDescriptor: Int32 = 3

    package private(set) var fd: Int32

    /// A new empty file; nil when the system gives none.
    package init?() {
        fd = folio_shared_memory()
        guard fd >= 0 else { return nil }
    }

    /// The worker's side: the file its parent gave it.
    package init(inherited fd: Int32) { self.fd = fd }

    deinit { close() }

    package func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// Lets the pixels go (their memory returns to the system).
    package func clear() { _ = ftruncate(fd, 0) }

    /// Exactly `buffer.count` bytes from `offset`; `FileDescriptorIO.Ended` when the file holds fewer.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int = 0) throws {
        var done = 0
        while done < buffer.count {
            let n = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if n > 0 { done += n } else if n == 0 || errno != EINTR { throw DecoderWire.Malformed(what: "fewer pixels than it said") }
        }
    }

    /// The worker's side: writes `buffer` from `offset`.
    package func write(_ buffer: UnsafeRawBufferPointer, at offset: Int = 0) throws {
        var done = 0
        while done < buffer.count {
            let n = pwrite(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if n > 0 { done += n } else if n == 0 || errno != EINTR { throw FileDescriptorIO.Ended() }
        }
    }
}
