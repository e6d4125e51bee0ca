import CWorker
import FolioLibrary
import Foundation
import Glibc

extension DecoderSandbox {
    /// One `folio-decoder --decoder-worker` process, its two pipes and its shared memory.
    final class Worker: @unchecked Sendable {
        // Unchecked because `reaped` is mutable. Safe: a worker is used by one thread at a
        // time, the one that checked it out, and passes between threads through the pool's lock.
        let executable: String
        let pid: pid_t
        let toChild: Int32
        let fromChild: Int32
        let shared: SharedPixels
        private var reaped: Int32?

        init(executable: String) throws {
            self.executable = executable
            guard let shared = SharedPixels() else { throw Stopped(why: "the decoder could not start (no shared memory)") }
            var down: [Int32] = [0, 0], up: [Int32] = [0, 0]
            guard pipe(&down) == 0 else { throw Stopped(why: "the decoder could not start (no pipe)") }
            guard pipe(&up) == 0 else {
                close(down[0]); close(down[1])
                throw Stopped(why: "the decoder could not start (no pipe)")
            }
            // Not inherited by other children (the spawn's dup2 gives the worker its copies).
            for fd in down + up { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, down[0], 0)
            posix_spawn_file_actions_adddup2(&actions, up[1], 1)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, shared.fd, SharedPixels.childDescriptor)
            // Nothing else goes with it: not this process's files, nor the pipe another thread
            // opened a moment ago for a child of its own, whose reader would then wait for an
            // end that never comes while the worker holds it open (libdbus reading its
            // launcher as SDL starts).
            guard folio_spawn_close_from(&actions, SharedPixels.childDescriptor + 1) == 0 else {
                close(down[0]); close(down[1]); close(up[0]); close(up[1])
                throw Stopped(why: "the decoder could not start (its descriptors could not be closed)")
            }
            let argv = [executable, DecoderWire.workerFlag]
            var cArgs = argv.map { strdup($0) } + [nil]
            defer { cArgs.forEach { free($0) } }
            var pid: pid_t = 0
            let status = posix_spawn(&pid, executable, &actions, nil, &cArgs, environ)
            close(down[0]); close(up[1])
            guard status == 0 else {
                close(down[1]); close(up[0])
                throw Stopped(why: "the decoder could not start (\(String(cString: strerror(status))))")
            }
            self.pid = pid
            self.shared = shared
            toChild = down[1]
            fromChild = up[0]
            guard LiveWorkers.add(pid) else {
                // The decoders were ended (Ctrl-C during a recording) as this one started.
                stop()
                throw Stopped(why: "the decoders were stopped")
            }
        }

        /// Why the worker's pipe ended: how the process ended (given half a second to).
        func endedWhy(_ who: String) -> String {
            stop(grace: 0.5)
            return Worker.why(who, endedWith: reaped)
        }

        /// How a worker that ended with wait `status` (nil: it could not be reaped) is
        /// described, in a reader's words, never a signal's number.
        static func why(_ who: String, endedWith status: Int32?) -> String {
            guard let status else { return "\(who) stopped" }
            let signal = status & 0x7F
            if signal == 0 { return "\(who) stopped on it" }
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
            guard reaped == nil else { return }
            LiveWorkers.remove(pid)
            close(toChild); close(fromChild)
            shared.close()
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
