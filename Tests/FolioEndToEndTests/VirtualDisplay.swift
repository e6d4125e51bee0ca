import Foundation

/// An Xvfb display for one test, and the viewer started on it: what every test of the real
/// window needs before it presses a key. The viewer's state goes to a folder of the test's
/// (never the user's `~/.local/state`), its stderr to a log the test can read.
final class VirtualDisplay {
    /// The X display name, ":N".
    let name: String
    private let xvfb: Process

    /// Starts Xvfb on display `:number` (1280×800 unless told) and waits for its socket.
    init(number: Int, size: String = "1280x800") throws {
        name = ":\(number)"
        xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: Folio.which("Xvfb")!)
        xvfb.arguments = [name, "-screen", "0", "\(size)x24", "-nolisten", "tcp"]
        xvfb.standardError = FileHandle.nullDevice
        try xvfb.run()
        let socket = "/tmp/.X11-unix/X\(number)"
        for _ in 0..<50 where !FileManager.default.fileExists(atPath: socket) { usleep(100_000) }
    }

    /// Ends Xvfb. SIGKILL: the test runner's threads may block SIGTERM, and children inherit
    /// that.
    func stop() {
        kill(xvfb.processIdentifier, SIGKILL)
        xvfb.waitUntilExit()
    }

    /// Starts `folio arguments` on this display, its state under `state`, its stderr in
    /// `log` (discarded when nil).
    func launch(_ arguments: [String], state: URL, log: URL? = nil) throws -> Process {
        let app = Process()
        app.executableURL = URL(fileURLWithPath: Folio.executable)
        app.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = name
        env["XDG_STATE_HOME"] = state.path
        env.removeValue(forKey: "SDL_VIDEODRIVER")
        app.environment = env
        if let log {
            FileManager.default.createFile(atPath: log.path, contents: nil)
            app.standardError = try FileHandle(forWritingTo: log)
        } else {
            app.standardError = FileHandle.nullDevice
        }
        try app.run()
        return app
    }
}
