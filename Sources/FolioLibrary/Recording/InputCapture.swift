import FolioCore
import Foundation

/// Writes live input as a replayable script (the `record --script` format, `ScriptFile`).
/// Positions are stored relative to the window size at capture time scaled to the script's
/// size, so the session replays at any size.
package final class InputCapture {
    package let path: String
    private let scriptSize: Size
    private var start: Double?
    private var events: [ScriptFile.Event] = []
    /// Where the app was when the capture began, so the replay starts there.
    private let startState: InputScript.Start?
    /// The library on the shelf, so the replay plays on it.
    private let library: LibraryIdentity?

    /// Starts a capture into `path` at window size `size`, made empty now (a regular file,
    /// checked by `OutputFile`: one that holds anything only with `overwrite`); `start` is
    /// where the app was, `library` what it showed.
    package init(path: String, size: Size, start: InputScript.Start? = nil, library: LibraryIdentity? = nil,
                 overwrite: Bool = false) throws {
        self.path = path
        scriptSize = size
        startState = start
        self.library = library
        // Made now, so a path that cannot take the capture is known before the session.
        try OutputFile.write(Data(), to: path, overwrite: overwrite)
    }

    /// Adds `event`, which happened at `time` in a window of `size`.
    package func record(_ event: InputEvent, at time: Double, size: Size) {
        if start == nil { start = time }
        let scale = (x: scriptSize.width / size.width, y: scriptSize.height / size.height)
        events.append(ScriptFile.Event(event, at: time - (start ?? time), scale: scale))
    }

    /// Writes the script to the file, in place (the file this capture made).
    package func close() throws {
        let file = ScriptFile(size: [scriptSize.width, scriptSize.height], fps: 60,
                              duration: (events.last?.t ?? 0) + 1.5, events: events, start: startState.map(ScriptFile.Start.init),
                              library: library?.stored)
        try OutputFile.write(try file.encoded(), to: path, overwrite: true)
    }
}
