import Foundation

/// The `record --script` file as it is written and read: one Codable model shared by the
/// viewer's input capture (which writes it) and `InputScript.parse` (which reads it and
/// checks every field against the limits). Every field is optional here so that a missing
/// one is reported by name, with the event it belongs to, rather than as a decoding error.
public struct ScriptFile: Codable, Equatable, Sendable {
    public var size: [Double]?
    public var fps: Double?
    public var duration: Double?
    public var events: [Event]?
    /// Where the app starts: `{"centred": 2, "book": 2, "spread": 5}`, and `"reading": true`
    /// when the book lay flat (a capture writes it).
    public var start: Start?
    /// The library the script was captured on: "bundled", or the real path of a folder or
    /// book file (a capture writes it; `record` replays on it unless `--library` says
    /// otherwise).
    public var library: String?

    public struct Start: Codable, Equatable, Sendable {
        public var centred: Double?
        public var book: Double?
        public var spread: Double?

        public var reading: Bool?

        public init(_ start: InputScript.Start) {
            centred = Double(start.centred)
            book = start.book.map(Double.init)
            spread = start.book == nil ? nil : Double(start.spread)
            reading = start.reading ? true : nil
        }
    }

    /// What an event is: `InputEvent`'s cases under their script names, and the two
    /// gestures a script may name whole (`click`, `drag`). A name Folio does not know is kept
    /// so that the reader can name it.
    public enum EventType: Codable, Equatable, Sendable {
        case key, text, back, wheel, click, drag, resize, down, move, up, leave, touch
        case unknown(String)

        static let known: [EventType] = [.key, .text, .back, .wheel, .click, .drag, .resize, .down, .move, .up, .leave, .touch]

        public var name: String {
            switch self {
            case .key: return "key"
            case .text: return "text"
            case .back: return "back"
            case .wheel: return "wheel"
            case .click: return "click"
            case .drag: return "drag"
            case .resize: return "resize"
            case .down: return "down"
            case .move: return "move"
            case .up: return "up"
            case .leave: return "leave"
            case .touch: return "touch"
            case .unknown(let name): return name
            }
        }

        public init(name: String) {
            self = EventType.known.first { $0.name == name } ?? .unknown(name)
        }

        public init(from decoder: any Decoder) throws {
            self.init(name: try decoder.singleValueContainer().decode(String.self))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(name)
        }
    }

    /// One event: `t`, `type`, and the fields of that type.
    public struct Event: Codable, Equatable, Sendable {
        public var t: Double?
        public var type: EventType?
        /// `key`: the key's name; `ctrl`, `shift`, `alt` for key and wheel events.
        public var key: String?
        /// `text`: the characters typed.
        public var text: String?
        public var ctrl: Bool?
        public var shift: Bool?
        public var alt: Bool?
        /// `wheel`: steps either way.
        public var dx: Double?
        public var dy: Double?
        /// `click`, `down`, `move`, `up`: the position in points.
        public var x: Double?
        public var y: Double?
        /// `drag`: [x, y] to [x, y] over `duration` seconds.
        public var from: [Double]?
        public var to: [Double]?
        public var duration: Double?
        /// `resize`: [width, height].
        public var size: [Double]?
        /// `touch`: `down`, `move` or `up`, which finger (a whole number), and x, y.
        public var phase: String?
        public var finger: Double?

        public init(t: Double, type: EventType) {
            self.t = t
            self.type = type
        }

        /// A live input event at `t`, positions multiplied by `scale` (capture writes them
        /// at the script's size).
        public init(_ event: InputEvent, at t: Double, scale: (x: Double, y: Double) = (1, 1)) {
            func modifiers(_ m: Modifiers) -> (Bool?, Bool?, Bool?) {
                (m.contains(.ctrl) ? true : nil, m.contains(.shift) ? true : nil, m.contains(.alt) ? true : nil)
            }
            func at(_ type: EventType, _ p: Point) -> Event {
                var e = Event(t: t, type: type)
                (e.x, e.y) = (p.x, p.y)
                return e
            }
            switch event.mapped(point: { Point(x: $0.x * scale.x, y: $0.y * scale.y) }) {
            case .key(let key, let m):
                self.init(t: t, type: .key)
                self.key = key.rawValue
                (ctrl, shift, alt) = modifiers(m)
            case .text(let typed):
                self.init(t: t, type: .text)
                text = typed
            case .back: self.init(t: t, type: .back)
            case .wheel(let dx, let dy, let m):
                self.init(t: t, type: .wheel)
                (self.dx, self.dy) = (dx, dy)
                (ctrl, shift, alt) = modifiers(m)
            case .pointerDown(let p): self = at(.down, p)
            case .pointerMoved(let p): self = at(.move, p)
            case .pointerUp(let p): self = at(.up, p)
            case .pointerLeft: self.init(t: t, type: .leave)
            case .touch(let phase, let finger, let p):
                self = at(.touch, p)
                self.phase = phase.rawValue
                self.finger = Double(finger)
            case .resize(let s):
                self.init(t: t, type: .resize)
                size = [s.width, s.height]
            }
        }
    }

    public init(size: [Double]? = nil, fps: Double? = nil, duration: Double? = nil, events: [Event]? = nil, start: Start? = nil,
                library: String? = nil) {
        self.size = size
        self.fps = fps
        self.duration = duration
        self.events = events
        self.start = start
        self.library = library
    }

    /// Compact JSON, keys in a fixed order, one event a line.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(self), as: UTF8.self)
        return Data((text.replacingOccurrences(of: "},{", with: "},\n{") + "\n").utf8)
    }

    /// Decodes a script file; a failure is one sentence naming `name` and, where there is
    /// one, the event and field.
    public static func decode(_ data: Data, name: String) throws -> ScriptFile {
        do {
            return try JSONDecoder().decode(ScriptFile.self, from: data)
        } catch let error as DecodingError {
            throw FolioError.badInput("\(name): \(describe(error)).")
        } catch {
            throw FolioError.badInput("\(name): is not valid JSON.")
        }
    }

    /// "event 3 t is not a number", "size is not a list", "is not valid JSON".
    static func describe(_ error: DecodingError) -> String {
        let path: [any CodingKey], expected: String?
        switch error {
        case .typeMismatch(let type, let context): (path, expected) = (context.codingPath, kind(type))
        case .valueNotFound(let type, let context): (path, expected) = (context.codingPath, kind(type))
        case .keyNotFound(_, let context), .dataCorrupted(let context): (path, expected) = (context.codingPath, nil)
        @unknown default: return "is not valid JSON"
        }
        guard !path.isEmpty else {
            if case .typeMismatch = error { return "the top level is not an object" }
            return "is not valid JSON"
        }
        // events[3].from[0] reads "event 3 from".
        var words: [String] = []
        for key in path {
            if let index = key.intValue {
                if words.last == "events" { words[words.count - 1] = "event \(index)" }
            } else {
                words.append(key.stringValue)
            }
        }
        let field = words.joined(separator: " ")
        if words.count == 1, words[0].hasPrefix("event ") { return "\(field) is not an object" }
        return expected.map { "\(field) is not \($0)" } ?? "\(field) cannot be read"
    }

    /// What a Swift type is called in JSON.
    static func kind(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type: return "a number"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        default: return String(describing: type).hasPrefix("Array") ? "a list" : "an object"
        }
    }
}
