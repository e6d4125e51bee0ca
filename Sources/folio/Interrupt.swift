import ArgumentParser
import FolioCore
import FolioSDL
import Foundation

/// Ctrl-C while recording: the loop notices and cleans up instead of dying mid-file.
enum Interrupt {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0

    static func install() {
        // A parent may have started us with these blocked; Ctrl-C must still be heard.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        signal(SIGPIPE, SIG_IGN)
        signal(SIGINT) { _ in Interrupt.flag = 1 }
        signal(SIGTERM) { _ in Interrupt.flag = 1 }
    }

    static func requested() -> Bool { flag != 0 }
}
