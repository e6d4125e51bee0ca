import FolioLibrary
import FolioThreads
import Foundation
import Glibc

extension DecoderSandbox {
    /// One `folio --decoder-worker` process, its two pipes and its shared memory.
    final class Worker: @unchecked Sendable {
        // Unchecked because `stopped` and `ended` are mutable. Safe: a worker is used by one
        // thread at a time, the one that checked it out, and passes between threads through
        // the pool's lock.
        let executable: String
        let process: ChildProcess
        let toChild: Int32
        let fromChild: Int32
        let shared: SharedPixels
        /// Whether `stop` has run; how the process ended is then `ended` (nil: unknown).
        private var stopped = false
        private var ended: ChildProcess.Ending?

        var pid: pid_t { process.pid }

        init(executable: String) throws {
            self.executable = executable
            guard let shared = SharedPixels() else { throw Stopped(why: "the decoder could not start (no shared memory)") }
            // Nothing else goes with it: not this process's files, nor the pipe another thread
            // opened a moment ago for a child of its own (libdbus reading its launcher as SDL
            // starts), which ChildProcess keeps from every child.
            var opened: [Int32] = []
            let process: ChildProcess, down: (read: Int32, write: Int32), up: (read: Int32, write: Int32)
            do {
                down = try ChildProcess.pipe()
                opened += [down.read, down.write]
                up = try ChildProcess.pipe()
                opened += [up.read, up.write]
                process = try ChildProcess(executable, [DecoderWire.workerFlag], stdin: .descriptor(down.read),
                                           stdout: .descriptor(up.write),
                                           descriptors: [SharedPixels.childDescriptor: shared.fd], keepIgnored: true)
            } catch let failure as ChildProcess.Failure {
                for fd in opened { close(fd) }
                throw Stopped(why: "the decoder could not start (\(failure.description))")
            }
            close(down.read); close(up.write)
            self.process = process
            self.shared = shared
            toChild = down.write
            fromChild = up.read
            guard LiveWorkers.add(process.pid) else {
                // The decoders were ended (Ctrl-C during a recording) as this one started.
                stop()
                throw Stopped(why: "the decoders were stopped")
            }
        }

        /// Why the worker's pipe ended: how the process ended (given half a second to).
        func endedWhy(_ who: String) -> String {
            stop(grace: 0.5)
            return Worker.why(who, endedWith: ended)
        }

        /// How a worker that ended as `ending` says (nil: it could not be reaped) is
        /// described, in a reader's words, never a signal's number.
        static func why(_ who: String, endedWith ending: ChildProcess.Ending?) -> String {
            guard let ending else { return "\(who) stopped" }
            if ending.exited { return "\(who) stopped on it" }
            let signal = ending.status
            // A trap (Swift's own checks end in SIGILL or SIGTRAP), an abort or a bad access:
            // what a decoder does when its memory runs out or the data leads it astray.
            if [SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE].contains(signal) {
                return "\(who) failed on it, out of memory or on damaged data"
            }
            if signal == SIGXCPU { return "\(who) ran out of the processor time it is allowed" }
            if signal == SIGKILL { return "\(who) was stopped before it finished" }
            return "\(who) was stopped from outside"
        }

        /// Ends the process (its stdin closed; after `grace` seconds, a kill) and reaps it.
        func stop(grace: Double = 0) {
            guard !stopped else { return }
            stopped = true
            LiveWorkers.remove(pid)
            close(toChild); close(fromChild)
            shared.close()
            if let ending = process.wait(seconds: grace) {
                ended = ending
                return
            }
            process.signal(SIGKILL)
            let ending = process.wait()
            ended = ending.status < 0 ? nil : ending
        }
    }
}
