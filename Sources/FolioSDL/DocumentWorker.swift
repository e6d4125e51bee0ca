import CVips
import FolioCore
import Foundation
import Glibc

/// The child side of `DocumentSandbox`: `folio --document-worker` reads requests on stdin
/// and answers on stdout (see `DocumentWire`), one at a time, until stdin closes. It is the
/// only process that lets poppler at a PDF, and it runs confined: its heap capped at
/// `memoryLimit` (poppler then fails its allocation and the worker ends), killed with its
/// parent. Nothing it says is trusted by the parent.
public enum DocumentWorker {
    /// The first argument that makes `folio` a worker.
    public static let flag = "--document-worker"
    /// The worker's data segment (heap and anonymous maps); a 1280×800 page needs about
    /// 30 MB, one zoomed 4× about 200 MB.
    public static let memoryLimit = 512 << 20

    /// Serves requests until stdin closes; exits the process.
    public static func serve() -> Never {
        guard folio_worker_confine(UInt(memoryLimit)) == 0 else { exit(70) }
        signal(SIGPIPE, SIG_IGN)
        let input = FileDescriptorIO(fd: 0, deadline: nil)
        while true {
            let request: DocumentWire.Request
            do { request = try DocumentWire.readRequest(input.read) } catch { exit(0) }
            guard (try? answer(request)) != nil else { exit(0) }
        }
    }

    private static func answer(_ request: DocumentWire.Request) throws {
        let output = FileDescriptorIO(fd: 1, deadline: nil)
        switch request.operation {
        case .inspect:
            do {
                let info = try VipsDocumentInspector.inspectHere(request.path)
                let size = info.firstPageSize ?? Size(width: 0, height: 0)
                try output.write(DocumentWire.encode(.document(pageCount: Int32(clamping: info.pageCount),
                                                               width: Int32(clamping: Int(size.width)), height: Int32(clamping: Int(size.height)),
                                                               title: info.title ?? "")))
            } catch let error as FolioError {
                try output.write(DocumentWire.encode(.failure(reason: (error.cause ?? .unreadable).rawValue, message: error.message, detail: "")))
            }
        case .render:
            let page = Int(request.page)
            let name = ImageSource.documentPage(document: request.path, page: page).name
            do {
                let pixels = try DocumentSandbox.pixelsHere(request.path, page: page, name: name,
                                                            width: Int(request.width), height: Int(request.height))
                defer { pixels.free() }
                try output.write(DocumentWire.encode(.pixels(width: Int32(pixels.width), height: Int32(pixels.height))))
                try output.write(UnsafeRawBufferPointer(start: pixels.base, count: pixels.width * pixels.height * 4))
            } catch let failure as PageImage.Failure {
                try output.write(DocumentWire.encode(.failure(reason: failure.reason, message: failure.message, detail: failure.detail)))
            }
        }
    }
}

/// Exact reads and whole writes on a pipe, with an optional deadline (monotonic seconds).
struct FileDescriptorIO {
    struct Ended: Error {}
    struct TimedOut: Error {}

    let fd: Int32
    let deadline: Double?

    static func now() -> Double {
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

    func read(_ count: Int) throws -> Data {
        var data = Data(count: count)
        try data.withUnsafeMutableBytes { try read(into: $0) }
        return data
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws {
        try transfer(buffer.count, when: Int16(POLLIN)) { Glibc.read(fd, buffer.baseAddress! + $0, buffer.count - $0) }
    }

    func write(_ data: Data) throws {
        try data.withUnsafeBytes { try write($0) }
    }

    func write(_ buffer: UnsafeRawBufferPointer) throws {
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
