import CVips
import FolioCore
import Foundation
import Glibc

/// Where PDFs are read: poppler is a large parser of hostile files, and a damaged PDF has
/// been seen to make it allocate without end (Fuzz/findings). So the app reads documents in
/// worker processes (`folio --document-worker`, see `DocumentWorker`), each with its heap
/// capped and each answer due within its timeout (20 s); a worker that dies, overruns or answers
/// out of protocol is killed, the file is named as unreadable, and the next request starts
/// a fresh worker. At most `maxWorkers` run, kept between requests.
///
/// Without a worker executable (`useWorker(nil)`, the default outside the app) documents
/// are read in this process, as tests of trusted fixtures do.
public enum DocumentSandbox {
    /// Seconds a worker has to answer one request, unless `useWorker` says otherwise.
    public static let defaultTimeout = 20.0
    public static let maxWorkers = 2

    /// Runs documents through `executable --document-worker` from now on (nil: in process).
    /// `FOLIO_DOCUMENT_WORKER` in the environment names one too.
    public static func useWorker(_ executable: String?, timeout: Double = defaultTimeout) {
        pool.setExecutable(executable, timeout: timeout)
    }

    /// True when documents are read in worker processes.
    public static var isolated: Bool { pool.executable != nil }

    /// The document's header; a `FolioError` naming `path` on any failure.
    static func inspect(_ path: String) throws -> DocumentInfo {
        guard pool.executable != nil else { return try VipsDocumentInspector.inspectHere(path) }
        let request = DocumentWire.Request(operation: .inspect, path: path)
        do {
            switch try pool.run(request, pixels: nil) {
            case .document(let pageCount, let width, let height, let title):
                let size = width > 0 && height > 0 ? Size(width: Double(width), height: Double(height)) : nil
                return DocumentInfo(pageCount: Int(pageCount), title: title, firstPageSize: size)
            case .failure(let reason, let message, _):
                throw FolioError.badInput(message, cause: FolioError.Cause(rawValue: reason) ?? .unreadable)
            case .pixels:
                throw FolioError.badInput("\(path): is not a readable PDF (the PDF reader answered out of turn).", cause: .unreadable)
            }
        } catch let stopped as Stopped {
            throw FolioError.badInput("\(path): is not a readable PDF (\(stopped.why)).", cause: .unreadable)
        }
    }

    /// Page `page` rendered into `width`×`height` pixels; a `PageImage.Failure` on any failure.
    static func pixels(_ path: String, page: Int, width: Int, height: Int) throws -> VipsDecoder.Pixels {
        let name = ImageSource.documentPage(document: path, page: page).name
        guard pool.executable != nil else {
            return try pixelsHere(path, page: page, name: name, width: width, height: height)
        }
        guard let page32 = Int32(exactly: page), let w = Int32(exactly: width), let h = Int32(exactly: height),
              (1...DocumentWire.maxSide).contains(w), (1...DocumentWire.maxSide).contains(h) else {
            throw PageImage.unreadable(name, "a \(width)×\(height) page cannot be drawn")
        }
        let request = DocumentWire.Request(operation: .render, path: path, page: page32, width: w, height: h)
        var received: VipsDecoder.Pixels?
        do {
            let reply = try pool.run(request) { width, height, io in
                let count = Int(width) * Int(height) * 4
                guard let base = folio_vips_alloc(count) else { throw Stopped(why: "out of memory for the page") }
                do { try io.read(into: UnsafeMutableRawBufferPointer(start: base, count: count)) } catch {
                    folio_vips_free(base)
                    throw error
                }
                received = VipsDecoder.Pixels(base: base, width: Int(width), height: Int(height))
            }
            switch reply {
            case .pixels:
                guard let received else { throw Stopped(why: "the PDF reader sent no pixels") }
                return received
            case .failure(let reason, let message, let detail):
                throw PageImage.Failure(reason: reason, message: message, detail: detail)
            case .document:
                throw Stopped(why: "the PDF reader answered out of turn")
            }
        } catch let stopped as Stopped {
            throw PageImage.unreadable(name, stopped.why)
        }
    }

    /// The page rendered in this process (what a worker does).
    static func pixelsHere(_ path: String, page: Int, name: String, width: Int, height: Int) throws -> VipsDecoder.Pixels {
        let fd: Int32
        do { fd = try ImageReader().descriptor(forFile: path) } catch let failure as ImageReader.Failure {
            throw PageImage.Failure(reason: failure.reason, message: failure.description, detail: failure.description)
        }
        defer { close(fd) }
        return try PageImage.documentPixels(.descriptor(fd), page: page, name: name, width: width, height: height)
    }

    /// Why a worker gave no usable answer, mid-sentence.
    struct Stopped: Error { let why: String }

    private static let pool = Pool(executable: ProcessInfo.processInfo.environment["FOLIO_DOCUMENT_WORKER"])

    /// Worker processes, checked out one request at a time.
    private final class Pool: @unchecked Sendable {
        private let condition = NSCondition()
        private var configured: String?
        private var timeout = DocumentSandbox.defaultTimeout
        private var idle: [Worker] = []
        private var running = 0

        init(executable: String?) {
            configured = executable.flatMap { $0.isEmpty ? nil : $0 }
        }

        var executable: String? {
            condition.lock(); defer { condition.unlock() }
            return configured
        }

        func setExecutable(_ path: String?, timeout: Double) {
            condition.lock(); defer { condition.unlock() }
            configured = path
            self.timeout = timeout
            for worker in idle { worker.stop() }
            running -= idle.count
            idle = []
            condition.broadcast()
        }

        /// Sends `request` to a worker and reads its reply; `pixels` reads a render's pixels.
        func run(_ request: DocumentWire.Request,
                 pixels: ((Int32, Int32, FileDescriptorIO) throws -> Void)?) throws -> DocumentWire.Reply {
            let (worker, timeout) = try checkOut()
            var healthy = false
            defer { checkIn(worker, healthy: healthy) }
            let io = FileDescriptorIO(fd: worker.fromChild, deadline: FileDescriptorIO.now() + timeout)
            let reply: DocumentWire.Reply
            do {
                try FileDescriptorIO(fd: worker.toChild, deadline: io.deadline).write(DocumentWire.encode(request))
                reply = try DocumentWire.readReply(io.read, to: request)
                if case .pixels(let width, let height) = reply, let pixels { try pixels(width, height, io) }
            } catch is FileDescriptorIO.TimedOut {
                throw Stopped(why: "the PDF reader took longer than \(Int(timeout)) s")
            } catch is FileDescriptorIO.Ended {
                throw Stopped(why: worker.endedWhy())
            } catch let malformed as DocumentWire.Malformed {
                throw Stopped(why: "the PDF reader sent \(malformed.what)")
            }
            healthy = true
            return reply
        }

        private func checkOut() throws -> (Worker, Double) {
            condition.lock()
            defer { condition.unlock() }
            while idle.isEmpty && running >= DocumentSandbox.maxWorkers { condition.wait() }
            if let worker = idle.popLast() { return (worker, timeout) }
            guard let executable = configured else { throw Stopped(why: "no PDF reader is set up") }
            let worker = try Worker(executable: executable)
            running += 1
            return (worker, timeout)
        }

        private func checkIn(_ worker: Worker, healthy: Bool) {
            condition.lock()
            defer { condition.unlock() }
            if healthy && worker.executable == configured {
                idle.append(worker)
            } else {
                worker.stop()
                running -= 1
            }
            condition.signal()
        }
    }

    /// One `folio --document-worker` process and its two pipes.
    private final class Worker {
        let executable: String
        let pid: pid_t
        let toChild: Int32
        let fromChild: Int32
        private var reaped: Int32?

        init(executable: String) throws {
            self.executable = executable
            var down: [Int32] = [0, 0], up: [Int32] = [0, 0]
            guard pipe(&down) == 0 else { throw Stopped(why: "the PDF reader could not start (no pipe)") }
            guard pipe(&up) == 0 else {
                close(down[0]); close(down[1])
                throw Stopped(why: "the PDF reader could not start (no pipe)")
            }
            // Not inherited by other children (the spawn's dup2 gives the worker its copies).
            for fd in down + up { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, down[0], 0)
            posix_spawn_file_actions_adddup2(&actions, up[1], 1)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            let argv = [executable, DocumentWorker.flag]
            var cArgs = argv.map { strdup($0) } + [nil]
            defer { cArgs.forEach { free($0) } }
            var pid: pid_t = 0
            let status = posix_spawn(&pid, executable, &actions, nil, &cArgs, environ)
            close(down[0]); close(up[1])
            guard status == 0 else {
                close(down[1]); close(up[0])
                throw Stopped(why: "the PDF reader could not start (\(String(cString: strerror(status))))")
            }
            self.pid = pid
            toChild = down[1]
            fromChild = up[0]
        }

        /// Why the worker's pipe ended: how the process ended (given half a second to).
        func endedWhy() -> String {
            stop(grace: 0.5)
            guard let status = reaped else { return "the PDF reader stopped" }
            let signal = status & 0x7F
            if signal == 0 { return "the PDF reader stopped on it" }
            if signal == SIGABRT || signal == SIGSEGV || signal == SIGBUS {
                return "the PDF reader failed on it, out of memory or on damaged data"
            }
            return "the PDF reader was stopped by signal \(signal)"
        }

        /// Ends the process (its stdin closed; after `grace` seconds, a kill) and reaps it.
        func stop(grace: Double = 0) {
            guard reaped == nil else { return }
            close(toChild); close(fromChild)
            var status: Int32 = 0
            let end = FileDescriptorIO.now() + grace
            repeat {
                if waitpid(pid, &status, WNOHANG) == pid {
                    reaped = status
                    return
                }
                if grace > 0 { usleep(10_000) }
            } while FileDescriptorIO.now() < end
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            reaped = status
        }
    }
}
