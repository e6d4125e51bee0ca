import FolioCore
import FolioLibrary
import FolioTestFixtures
import Foundation
import Testing

/// The help overlay in the real window under Xvfb: F1 shows the list of keys in a
/// screenshot; Escape and F1 again hide it, and Escape then does not quit; in a book `?`
/// (typed through xdotool, so it arrives as Shift+slash and as text) shows and hides it.
@Suite(.serialized)
struct HelpWindowTests {
    /// The share of bright pixels (text) in a band of the screenshot around `y`, between
    /// `x0` and `x1`, and the brightness of one pixel.
    struct Shot {
        let path: String

        func brightShare(y: Int, height: Int, x0: Int, x1: Int) throws -> Double {
            let out = try Folio.runProcess(Folio.which("convert")!, [path, "-crop", "\(x1 - x0)x\(height)+\(x0)+\(y - height / 2)", "+repage",
                                                                     "-colorspace", "gray", "-threshold", "70%", "-format", "%[fx:mean]", "info:"]).stdout
            return Double(out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }

        func gray(_ x: Int, _ y: Int) throws -> Double {
            let out = try Folio.runProcess(Folio.which("convert")!, [path, "-crop", "1x1+\(x)+\(y)", "+repage", "-colorspace", "gray",
                                                                     "-format", "%[fx:int(255*r)]", "info:"]).stdout
            return Double(out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
    }

    static func screenshot(_ dir: URL, _ name: String, display: String) throws -> Shot {
        let path = dir.appendingPathComponent(name).path
        _ = try Folio.runProcess(Folio.which("import")!, ["-window", "root", path], environment: ["DISPLAY": display])
        return Shot(path: path)
    }

    /// Takes screenshots until `condition` holds for one (or five seconds pass); the last.
    static func waitForShot(_ dir: URL, display: String, _ condition: (Shot) throws -> Bool) throws -> (Shot, Bool) {
        let deadline = Date().addingTimeInterval(5)
        var n = 0
        while true {
            n += 1
            let shot = try screenshot(dir, "shot-\(n).png", display: display)
            if try condition(shot) { return (shot, true) }
            if Date() > deadline { return (shot, false) }
            usleep(150_000)
        }
    }

    /// A point on the centred cover's plain middle (below its title, above its picture) that
    /// no line of the list covers, by the widest a line of the bundled font can be (0.63 em
    /// a character, bold; `HelpOverlay.boldEm`): the scrim alone darkens it, whatever rows
    /// the key table gains.
    static func clearPoint(_ help: HelpOverlay) -> (x: Int, y: Int) {
        func covered(_ x: Double, _ y: Double) -> Bool {
            help.texts.contains { line in
                let width = min(Double(line.text.count) * 0.63 * line.size, line.maxWidth)
                let left = line.alignment == .leading ? line.position.x : line.position.x - width / 2
                return x > left - 8 && x < left + width + 8 && abs(y - line.position.y) < line.size
            }
        }
        for y in stride(from: 340, through: 460, by: 2) {
            for x in stride(from: 540, through: 740, by: 2) where !covered(Double(x), Double(y)) { return (x, y) }
        }
        return (550, 300)
    }

    @Test(.enabled(if: LiveWindowTests.tools, "needs Xvfb, xdotool and ImageMagick (installed by .ci/run)"))
    func questionMarkAndF1ShowTheListOfKeys() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let screen = try VirtualDisplay(number: 110 + Int(getpid() % 9))
        defer { screen.stop() }
        let display = screen.name

        let traceURL = dir.appendingPathComponent("live.jsonl")
        let app = try screen.launch(["--trace", traceURL.path], state: dir.appendingPathComponent("state"))
        defer { if app.isRunning { app.signal(SIGKILL) } }
        try #require(LiveWindowTests.waitFor(traceURL) { _ in true } != nil, "the viewer wrote no trace")
        try LiveWindowTests.xdotool(["search", "--sync", "--name", "^Folio$", "windowfocus", "--sync"], display: display)

        // Where the overlay's first line (its title) and the cover's middle are.
        let help = HelpOverlay(size: Size(width: 1280, height: 800))
        let title = try #require(help.texts.first)
        let band = (y: Int(title.position.y), height: Int(title.size * 1.4), x0: 320, x1: 960)
        // On the centred cover, where no line of the list lies.
        let cover = Self.clearPoint(help)

        // The cover is decoded in the background: wait until two screenshots agree on it.
        var last = -1.0
        let (before, _) = try Self.waitForShot(dir, display: display) { shot in
            let gray = try shot.gray(cover.x, cover.y)
            defer { last = gray }
            return gray == last && gray > 30 && gray < 200  // not the paper of a placeholder
        }
        let coverGray = try before.gray(cover.x, cover.y)
        #expect(try before.brightShare(y: band.y, height: band.height, x0: band.x0, x1: band.x1) < 0.01, "no text up there yet")

        func shows(_ shot: Shot) throws -> Bool {
            try shot.brightShare(y: band.y, height: band.height, x0: band.x0, x1: band.x1) > 0.04
                && shot.gray(cover.x, cover.y) < coverGray * 0.5
        }
        func hidden(_ shot: Shot) throws -> Bool {
            try shot.brightShare(y: band.y, height: band.height, x0: band.x0, x1: band.x1) < 0.01
                && abs(shot.gray(cover.x, cover.y) - coverGray) < 8
        }

        try LiveWindowTests.xdotool(["key", "F1"], display: display)
        #expect(try Self.waitForShot(dir, display: display, shows).1, "F1 shows the list of keys")
        try LiveWindowTests.xdotool(["key", "F1"], display: display)
        #expect(try Self.waitForShot(dir, display: display, hidden).1, "F1 again hides it")
        try LiveWindowTests.xdotool(["key", "F1"], display: display)
        #expect(try Self.waitForShot(dir, display: display, shows).1, "F1 shows it")
        try LiveWindowTests.xdotool(["key", "Escape"], display: display)
        #expect(try Self.waitForShot(dir, display: display, hidden).1, "Escape hides it")
        // The Escape that hid the list did not quit: the viewer still answers the next key.
        #expect(app.isRunning, "the Escape that hid the list quit")

        // In a book, where nothing is typed, "?" shows and hides it.
        try LiveWindowTests.xdotool(["key", "Return"], display: display)
        Folio.waitForState(traceURL, "the book open, at rest") { ($0["stack"] as? [String]) == ["shelf", "book"] && ($0["transition"] as? [String: Any]) == nil }
        let (open, _) = try Self.waitForShot(dir, display: display) { try $0.brightShare(y: band.y, height: band.height, x0: band.x0, x1: band.x1) < 0.01 }
        let openGray = try open.gray(cover.x, cover.y)
        try LiveWindowTests.xdotool(["key", "question"], display: display)
        #expect(try Self.waitForShot(dir, display: display) { shot in
            try shot.brightShare(y: band.y, height: band.height, x0: band.x0, x1: band.x1) > 0.04 && shot.gray(cover.x, cover.y) < openGray * 0.5 + 8
        }.1, "? shows the list in a book")
        try LiveWindowTests.xdotool(["key", "question"], display: display)
        #expect(try Self.waitForShot(dir, display: display) { try $0.brightShare(y: band.y, height: band.height, x0: band.x0, x1: band.x1) < 0.01 }.1,
                "? again hides it")
        try LiveWindowTests.xdotool(["key", "ctrl+q"], display: display)
        #expect(app.wait(seconds: 5) != nil, "the viewer did not quit")
    }
}
