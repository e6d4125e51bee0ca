import FolioTestFixtures
import FolioThreads
import Foundation
import Testing

/// An Xvfb display for one test, and the viewer started on it: what every test of the real
/// window needs before it presses a key. The viewer's state goes to a folder of the test's
/// (never the user's `~/.local/state`), its stderr to a log the test can read.
final class VirtualDisplay {
    /// The X display name, ":N".
    let name: String
    private let xvfb: ChildProcess

    /// Starts Xvfb on display `:number` (1280×800 unless told) and waits until it accepts
    /// connections: it writes its display's number to `-displayfd` then. (Its socket's file
    /// will not do: one left by the last server killed on that display is there already.)
    init(number: Int, size: String = "1280x800") throws {
        name = ":\(number)"
        xvfb = try ChildProcess(Folio.which("Xvfb")!, [name, "-screen", "0", "\(size)x24", "-nolisten", "tcp", "-displayfd", "1"],
                                stdout: .pipe)
        let fd = xvfb.outputDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var said = ""
        waitUntil("Xvfb to accept connections on \(name)") {
            var byte: UInt8 = 0
            while read(fd, &byte, 1) == 1 { said.append(Character(UnicodeScalar(byte))) }
            return said.hasSuffix("\n")
        }
        // And a client connects: a viewer started now opens its window (a launch once found
        // no display on a loaded machine, its server started and said ready).
        if let xdotool = Folio.which("xdotool") {
            waitUntil("an X client to connect to \(name)") {
                (try? Folio.runProcess(Folio.which("timeout")!, ["5", xdotool, "getdisplaygeometry"], environment: ["DISPLAY": name]))?
                    .status == 0
            }
        }
    }

    /// Ends Xvfb.
    func stop() {
        xvfb.signal(SIGKILL)
        xvfb.wait()
    }

    /// Starts `folio arguments` on this display, its state under `state`, its stderr in
    /// `log` (discarded when nil).
    func launch(_ arguments: [String], state: URL, log: URL? = nil) throws -> ChildProcess {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = name
        env["XDG_STATE_HOME"] = state.path
        env.removeValue(forKey: "SDL_VIDEODRIVER")
        return try ChildProcess(Folio.executable, arguments, environment: env, stderr: log.map { .file($0.path) } ?? .null)
    }
}
