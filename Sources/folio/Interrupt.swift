import ArgumentParser
import FolioCore
import FolioLibrary
import FolioSDL
import Foundation

/// Ctrl-C and SIGTERM: the recording loop and the viewer notice and clean up instead of
/// dying mid-file, and the command ends with exit code 130.
enum Interrupt {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0
    /// The handlers in place before `chain` (SDL's, which turn a signal into a quit event
    /// that wakes the viewer's wait), called after the flag is set.
    nonisolated(unsafe) private static var previousINT: sighandler_t?
    nonisolated(unsafe) private static var previousTERM: sighandler_t?

    /// Sets the flag on Ctrl-C and SIGTERM, replacing any handler (the recorder's).
    static func install() {
        unblock()
        signal(SIGINT) { _ in Interrupt.flag = 1 }
        signal(SIGTERM) { _ in Interrupt.flag = 1 }
    }

    /// Sets the flag on Ctrl-C and SIGTERM, then hands the signal on to the handler already
    /// there (the viewer's: SDL's, installed as it started, which ends the window's wait).
    static func chain() {
        unblock()
        previousINT = signal(SIGINT) { signal in
            Interrupt.flag = 1
            Interrupt.forward(signal, to: Interrupt.previousINT)
        }
        previousTERM = signal(SIGTERM) { signal in
            Interrupt.flag = 1
            Interrupt.forward(signal, to: Interrupt.previousTERM)
        }
    }

    static func requested() -> Bool { flag != 0 }

    /// Calls `handler` when it is a function (not the default action, SIG_IGN or SIG_ERR).
    private static func forward(_ signal: Int32, to handler: sighandler_t?) {
        guard let handler else { return }
        let address = unsafeBitCast(handler, to: Int.self)
        guard address != 1, address != -1 else { return }
        handler(signal)
    }

    /// A parent may have started us with these blocked; Ctrl-C must still be heard.
    private static func unblock() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
