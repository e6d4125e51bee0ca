import Foundation
import Testing

/// Remembering turned off, for one run (--no-remember) or for good (the settings file):
/// a book read and closed leaves no state file; a settings line Folio cannot use is named
/// in one warning and the rest of the file still counts.
@Suite(.serialized)
struct RememberOffTests {
    typealias Viewer = WindowPlaceTests.Viewer

    /// Opens the second book, turns two leaves, lays it flat and zooms in twice, quits: what
    /// a remembered run writes (its spread and its zoom).
    /// Each step waits for the screen to come to rest before the next key.
    static func read(_ viewer: Viewer) throws {
        try viewer.key("Right", "Return")
        viewer.waitForTitle("Tidepool — Folio")
        try viewer.desktop.waitForStillScreen(0.5)
        // From the cover to the second spread.
        try viewer.press("Right", "Right", "Right")
        try viewer.press("Return")
        try viewer.press("equal", "equal")
        try viewer.key("ctrl+q")
        #expect(viewer.exitStatus() == 0, "\(viewer.stderr)")
    }

    @Test(.enabled(if: WindowPlaceTests.tools, "needs Xvfb, openbox, xdotool and ImageMagick (installed by .ci/run)"))
    func rememberingCanBeTurnedOff() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state"), config = dir.appendingPathComponent("config")
        let places = state.appendingPathComponent("folio/places.json")
        let settings = config.appendingPathComponent("folio/settings.conf")
        try FileManager.default.createDirectory(at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
        let desktop = try WindowPlaceTests.Desktop()

        // --no-remember: nothing is written.
        let once = try Viewer(desktop, state: state, config: config, arguments: ["--no-remember"], log: dir.appendingPathComponent("log1"))
        try Self.read(once)
        #expect(!FileManager.default.fileExists(atPath: state.path), "--no-remember wrote \(state.path)")

        // remember = no in the settings file: nothing is written either, and nothing warned.
        try Data("# Folio\nremember = no   # not this machine\n".utf8).write(to: settings)
        let off = try Viewer(desktop, state: state, config: config, log: dir.appendingPathComponent("log2"))
        try Self.read(off)
        #expect(!FileManager.default.fileExists(atPath: state.path), "remember = no wrote \(state.path)")
        #expect(!off.stderr.contains("warning"), "\(off.stderr)")

        // A line Folio cannot use is named once; remembering stays on, and the place is kept.
        try Data("speed = 3\nremember = sometimes\n".utf8).write(to: settings)
        let warned = try Viewer(desktop, state: state, config: config, log: dir.appendingPathComponent("log3"))
        try Self.read(warned)
        let warnings = warned.stderr.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 1, "\(warned.stderr)")
        #expect(warnings.first?.contains("\(settings.path): line 1: \"speed\" is not a setting") == true, "\(warned.stderr)")
        #expect(warnings.first?.contains("(and 1 more line)") == true, "\(warned.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: places)) as? [String: Any])
        let book = (json["books"] as? [[String: Any]])?.first
        #expect(book?["spread"] as? Int == 2)
        #expect((book?["zoom"] as? [String: Any])?["scale"] as? Double == 2, "\(String(describing: book))")
    }
}
