import Foundation

/// A timed script of input events (the `record --script` format):
/// `{"size":[w,h], "fps":60, "duration":12.0, "events":[{"t":0.5,"type":"key","key":"right"}, …]}`.
public struct DemoScript: Equatable, Sendable {
    /// One scripted event; coordinates are logical points of the window.
    public enum Event: Equatable, Sendable {
        case key(Key, Modifiers)
        case wheel(dx: Double, dy: Double, Modifiers)
        case click(Point)
        case drag(from: Point, to: Point, duration: Double)
        case resize(Size)
        case down(Point)
        case move(Point)
        case up(Point)
        case leave
    }

    public var size: Size
    public var fps: Double
    public var duration: Double
    public var events: [(t: Double, event: Event)]

    public static func == (a: DemoScript, b: DemoScript) -> Bool {
        a.size == b.size && a.fps == b.fps && a.duration == b.duration
            && a.events.count == b.events.count
            && zip(a.events, b.events).allSatisfy { $0.t == $1.t && $0.event == $1.event }
    }

    public init(size: Size = Size(width: 1280, height: 800), fps: Double = 60, duration: Double,
                events: [(t: Double, event: Event)]) {
        self.size = size
        self.fps = fps
        self.duration = duration
        self.events = events
    }

    public static let maxDimension = 8192.0

    public static func load(path: String) throws -> DemoScript {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FolioError.badInput("\(path): cannot be read.")
        }
        return try parse(data, name: path)
    }

    public static func parse(_ data: Data, name: String) throws -> DemoScript {
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            throw FolioError.badInput("\(name): is not valid JSON.")
        }
        guard case .object = root else { throw FolioError.badInput("\(name): the top level is not an object.") }
        func fail(_ what: String) -> FolioError { FolioError.badInput("\(name): \(what).") }

        func size(_ value: JSONValue?, _ field: String) throws -> Size? {
            guard let value else { return nil }
            guard let a = value.array, a.count == 2, let w = a[0].double, let h = a[1].double else {
                throw fail("\(field) must be [width, height]")
            }
            guard w >= 1, h >= 1, w <= maxDimension, h <= maxDimension else {
                throw fail("\(field) \(JSONValue.format(w))×\(JSONValue.format(h)) is outside 1…\(Int(maxDimension))")
            }
            return Size(width: w, height: h)
        }
        func point(_ value: JSONValue?, _ field: String) throws -> Point {
            guard let a = value?.array, a.count == 2, let x = a[0].double, let y = a[1].double else {
                throw fail("\(field) must be [x, y]")
            }
            return Point(x: x, y: y)
        }

        var script = DemoScript(duration: 0, events: [])
        if let s = try size(root["size"], "size") { script.size = s }
        if let fpsValue = root["fps"] {
            guard let fps = fpsValue.double, fps >= 1, fps <= 240 else { throw fail("fps must be a number from 1 to 240") }
            script.fps = fps
        }
        guard let list = (root["events"] ?? .array([])).array else { throw fail("events must be a list") }
        var last = 0.0
        for (index, item) in list.enumerated() {
            let at = "event \(index)"
            guard case .object = item else { throw fail("\(at) is not an object") }
            guard let t = item["t"]?.double else { throw fail("\(at) has no number t") }
            guard t >= 0 else { throw fail("\(at) has a negative t (\(JSONValue.format(t)))") }
            guard t >= last else { throw fail("\(at) is out of time order (t \(JSONValue.format(t)) after \(JSONValue.format(last)))") }
            last = t
            guard let type = item["type"]?.string else { throw fail("\(at) has no string type") }
            var modifiers: Modifiers = []
            if item["ctrl"]?.bool == true { modifiers.insert(.ctrl) }
            if item["shift"]?.bool == true { modifiers.insert(.shift) }
            if item["alt"]?.bool == true { modifiers.insert(.alt) }
            let event: Event
            switch type {
            case "key":
                guard let name = item["key"]?.string else { throw fail("\(at) has no string key") }
                guard let key = Key(rawValue: name.lowercased()) else { throw fail("\(at) has an unknown key \"\(name)\"") }
                event = .key(key, modifiers)
            case "wheel":
                let dx = item["dx"]?.double ?? 0, dy = item["dy"]?.double ?? 0
                guard dx.isFinite, dy.isFinite, abs(dx) <= 1000, abs(dy) <= 1000 else { throw fail("\(at) has a wheel step outside ±1000") }
                event = .wheel(dx: dx, dy: dy, modifiers)
            case "click": event = .click(try point(.array([item["x"] ?? .null, item["y"] ?? .null]), "\(at) x, y"))
            case "down": event = .down(try point(.array([item["x"] ?? .null, item["y"] ?? .null]), "\(at) x, y"))
            case "move": event = .move(try point(.array([item["x"] ?? .null, item["y"] ?? .null]), "\(at) x, y"))
            case "up": event = .up(try point(.array([item["x"] ?? .null, item["y"] ?? .null]), "\(at) x, y"))
            case "leave": event = .leave
            case "drag":
                let from = try point(item["from"], "\(at) from")
                let to = try point(item["to"], "\(at) to")
                let d = item["duration"]?.double ?? 0.3
                guard d > 0, d <= 60 else { throw fail("\(at) has a drag duration outside 0…60 s") }
                event = .drag(from: from, to: to, duration: d)
            case "resize":
                guard let s = try size(item["size"], "\(at) size") else { throw fail("\(at) has no size") }
                event = .resize(s)
            default:
                throw fail("\(at) has an unknown type \"\(type)\"")
            }
            script.events.append((t, event))
        }
        let end = script.events.map { e -> Double in
            if case .drag(_, _, let d) = e.event { return e.t + d }
            return e.t
        }.max() ?? 0
        if let d = root["duration"] {
            guard let duration = d.double, duration > 0, duration <= 3600 else { throw fail("duration must be a number of seconds from 0 to 3600") }
            script.duration = duration
        } else {
            script.duration = end + 1.5
        }
        return script
    }

    /// Input events in time order; a drag becomes press, a move every frame, release.
    public func timeline() -> [(t: Double, event: InputEvent)] {
        var out: [(t: Double, event: InputEvent)] = []
        for (t, event) in events {
            switch event {
            case .key(let key, let m): out.append((t, .key(key, m)))
            case .wheel(let dx, let dy, let m): out.append((t, .wheel(dx: dx, dy: dy, modifiers: m)))
            case .click(let p):
                out.append((t, .pointerDown(p)))
                out.append((t, .pointerUp(p)))
            case .down(let p): out.append((t, .pointerDown(p)))
            case .move(let p): out.append((t, .pointerMoved(p)))
            case .up(let p): out.append((t, .pointerUp(p)))
            case .leave: out.append((t, .pointerLeft))
            case .resize(let s): out.append((t, .resize(s)))
            case .drag(let from, let to, let d):
                out.append((t, .pointerDown(from)))
                let steps = max(1, Int((d * fps).rounded(.up)))
                for k in 1...steps {
                    let f = Double(k) / Double(steps)
                    out.append((t + d * f, .pointerMoved(Point(x: mix(from.x, to.x, f), y: mix(from.y, to.y, f)))))
                }
                out.append((t + d, .pointerUp(to)))
            }
        }
        // Stable sort by time: a drag's moves interleave with later events.
        let order = out.indices.sorted { out[$0].t != out[$1].t ? out[$0].t < out[$1].t : $0 < $1 }
        return order.map { out[$0] }
    }

    /// Number of frames the script renders.
    public var frameCount: Int { max(1, Int((duration * fps).rounded())) }
}
