import ArgumentParser
import FolioCore
import FolioDecoding
import FolioLibrary
import FolioSDL
import Foundation

/// Ctrl-C, SIGTERM and the other signals that ask a program to end (SIGHUP: the terminal
/// closed; SIGQUIT: Ctrl+\; SIGUSR1, SIGUSR2): the recording loop and the viewer notice and clean up instead
/// of dying mid-file, and the command ends with exit code 130. `validate`, which writes
/// nothing, ends at once.
enum Interrupt {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0
    /// The handlers in place before `chain` (SDL's, which turn a signal into a quit event
    /// that wakes the viewer's wait), called after the flag is set.
    nonisolated(unsafe) private static var previousINT: sighandler_t?
    nonisolated(unsafe) private static var previousTERM: sighandler_t?
    /// What `endAtOnce` writes as it ends the program (made before any signal can come).
    nonisolated(unsafe) private static var farewell: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var farewellLength = 0

    /// The signals that ask a program to end, besides Ctrl-C.
    static let endings: [Int32] = [SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2]

    nonisolated(unsafe) private static var endsWorkers: sig_atomic_t = 0

    /// Sets the flag on Ctrl-C and the ending signals, replacing any handler (the recorder's).
    /// `endingWorkers`: the decoder workers are killed at once too (`LiveWorkers`), so a page
    /// being decoded is not waited for (`record`, which stops between frames).
    static func install(endingWorkers: Bool = false) {
        if endingWorkers { LiveWorkers.prepare() }
        endsWorkers = endingWorkers ? 1 : 0
        unblock()
        for signal in [SIGINT] + endings {
            Foundation.signal(signal) { _ in
                Interrupt.flag = 1
                if Interrupt.endsWorkers != 0 { LiveWorkers.endAll() }
            }
        }
    }

    /// Sets the flag on Ctrl-C and the ending signals, then hands the signal on to the
    /// handler already there for Ctrl-C or SIGTERM (the viewer's: SDL's, installed as it
    /// started, which ends the window's wait; SDL has none for SIGHUP and the others).
    static func chain() {
        unblock()
        previousINT = signal(SIGINT) { signal in
            Interrupt.flag = 1
            Interrupt.forward(signal, to: Interrupt.previousINT)
        }
        previousTERM = signal(SIGTERM) { _ in
            Interrupt.flag = 1
            Interrupt.forward(SIGTERM, to: Interrupt.previousTERM)
        }
        for signal in endings where signal != SIGTERM {
            Foundation.signal(signal) { _ in
                Interrupt.flag = 1
                Interrupt.forward(SIGTERM, to: Interrupt.previousTERM)
            }
        }
    }

    /// Ctrl-C and the ending signals end the program at once with exit code 130, after
    /// `message` on standard error: for a command that writes nothing (`validate`), so
    /// nothing is left half done, and a decode in a worker is not waited for (the workers
    /// end with the program).
    static func endAtOnce(saying message: String) {
        let line = "folio: " + Sentence.escaped(message) + "\n"
        farewellLength = line.utf8.count
        farewell = strdup(line)
        unblock()
        for signal in [SIGINT] + endings {
            Foundation.signal(signal) { _ in
                if let text = Interrupt.farewell { _ = write(2, text, Interrupt.farewellLength) }
                _exit(FolioError.Exit.interrupted.rawValue)
            }
        }
    }

    static func requested() -> Bool { flag != 0 }

    /// Marks the program interrupted (a signal SDL heard for the viewer before `chain`).
    static func request() { flag = 1 }

    /// Until a command puts its own handlers in place, Ctrl-C and the ending signals end the
    /// program at once with exit code 130 (nothing is written before then): installed first
    /// thing, so a signal in the first moments is not the default death (it was: SIGHUP or
    /// SIGUSR2 a tenth of a second after launch killed `record` and the viewer outright).
    static func endAtOnceUntilReady() {
        endAtOnce(saying: "interrupted.")
    }

    /// Gives Ctrl-C and SIGTERM back their default action just before SDL's video starts for
    /// the viewer, so SDL puts in its own handlers (it does only over the default), which `chain`
    /// then hands on to. The other ending signals still end the program at once until then.
    static func leaveToTheWindow() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

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
        for signal in [SIGINT] + endings { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
