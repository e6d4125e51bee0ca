import FolioCore
import Foundation

/// Writes live input as a replayable script (the `record --script` format). Positions are
/// stored relative to the window size at capture time scaled to the script's size, so the
/// session replays at any size.
final class InputCapture {
    let path: String
    private let scriptSize: Size
    private var start: Double?
    private var events: [JSONValue] = []

    init(path: String, size: Size) throws {
        self.path = path
        scriptSize = size
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw FolioError.outputFailed("\(path): cannot be written.")
        }
    }

    func record(_ event: InputEvent, at time: Double, size: Size) {
        if start == nil { start = time }
        let t = JSONValue.number(time - (start ?? time))
        func point(_ p: Point) -> [(String, JSONValue)] {
            [("x", .number(p.x * scriptSize.width / size.width)), ("y", .number(p.y * scriptSize.height / size.height))]
        }
        func mods(_ m: Modifiers) -> [(String, JSONValue)] {
            var out: [(String, JSONValue)] = []
            if m.contains(.ctrl) { out.append(("ctrl", .bool(true))) }
            if m.contains(.shift) { out.append(("shift", .bool(true))) }
            return out
        }
        let members: [(String, JSONValue)]
        switch event {
        case .key(let key, let m): members = [("type", .string("key")), ("key", .string(key.rawValue))] + mods(m)
        case .wheel(let dx, let dy, let m): members = [("type", .string("wheel")), ("dx", .number(dx)), ("dy", .number(dy))] + mods(m)
        case .pointerDown(let p): members = [("type", .string("down"))] + point(p)
        case .pointerMoved(let p): members = [("type", .string("move"))] + point(p)
        case .pointerUp(let p): members = [("type", .string("up"))] + point(p)
        case .pointerLeft: members = [("type", .string("leave"))]
        case .resize(let s):
            members = [("type", .string("resize")), ("size", .array([.number(s.width), .number(s.height)]))]
        }
        events.append(.object([("t", t)] + members))
    }

    func close() throws {
        let duration = (events.last?["t"]?.double ?? 0) + 1.5
        let script = JSONValue.object([
            ("size", .array([.number(scriptSize.width), .number(scriptSize.height)])),
            ("fps", .number(60)),
            ("duration", .number(duration)),
            ("events", .array(events)),
        ])
        let text = script.serialized().replacingOccurrences(of: "},{", with: "},\n{") + "\n"
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw FolioError.outputFailed("\(path): cannot be written.")
        }
    }
}
