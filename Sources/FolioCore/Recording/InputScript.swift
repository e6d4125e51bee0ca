import Foundation

/// A timed script of input events (the `record --script` format):
/// `{"size":[w,h], "fps":60, "duration":12.0, "library":"/home/ann/Comics", "events":[{"t":0.5,"type":"key","key":"right"}, …]}`.
///
/// A script comes from outside, so every number in it is bounded when it is parsed (see the
/// limits below): whatever fields are present, rendering it takes at most an hour of frames
/// and memory proportional to its events.
public struct InputScript: Equatable, Sendable {
    /// One scripted event: an input event as the app receives it, or one of the two
    /// gestures a script may name whole, which the timeline expands into input events.
    /// Coordinates are logical points of the window.
    public enum Event: Equatable, Sendable {
        case input(InputEvent)
        /// A press and release at one point.
        case click(Point)
        /// A press at `from`, a move a frame, and a release at `to`, over `duration` seconds.
        case drag(from: Point, to: Point, duration: Double)
    }

    public var size: Size
    public var fps: Double
    public var duration: Double
    public var events: [(t: Double, event: Event)]
    /// Where the app starts (a capture records where the user was); nil: the first book on
    /// the shelf.
    public var start: Start?
    /// The library it was captured on; nil: not said (a script written by hand, or a
    /// capture from before captures said it), and it plays on the library `record` is given.
    public var library: LibraryIdentity?

    /// The app's state when a capture began.
    public struct Start: Equatable, Sendable {
        public var centred: Int
        /// The open book, if one was.
        public var book: Int?
        /// Its spread (leaf).
        public var spread: Int
        /// The book lay flat in the reading view.
        public var reading: Bool

        public init(centred: Int, book: Int? = nil, spread: Int = 0, reading: Bool = false) {
            self.centred = centred
            self.book = book
            self.spread = spread
            self.reading = book != nil && reading
        }
    }

    public static func == (a: InputScript, b: InputScript) -> Bool {
        a.size == b.size && a.fps == b.fps && a.duration == b.duration && a.start == b.start && a.library == b.library
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

    // MARK: Limits

    /// Every time, drag end and the total duration lie within this many seconds.
    public static let maxSeconds = 3600.0
    /// Frames per second, scripts and `--fps`.
    public static let fpsRange = 1.0...240.0
    /// Longest side of a window, points (8K UHD's width).
    public static let maxSide = 7680.0
    /// Most points in a window: 7680×4320 (8K UHD), either way round.
    public static let maxArea = 7680.0 * 4320.0
    /// Pointer coordinates lie within ±this many points (far outside any window, finite
    /// however a script is scaled).
    public static let maxCoordinate = 1_000_000.0
    /// Most events in one script.
    public static let maxEvents = 100_000
    /// Largest script file read.
    public static let maxFileBytes = 16 << 20
    /// Longest single drag, seconds; all drags together last at most `maxSeconds`, so their
    /// moves (one a frame) are never more than the frames of an hour.
    public static let maxDragSeconds = 60.0
    /// Largest wheel step either way.
    public static let maxWheelStep = 1000.0
    /// Largest finger number a touch event may carry.
    public static let maxFinger = (1 << 20) - 1
    /// Most characters one `text` event types (a find keeps at most 100).
    public static let maxTextLength = 100

    /// Why `width`×`height` cannot be a window size, or nil when it can. The one definition
    /// for scripts and `--size`.
    public static func sizeProblem(width w: Double, height h: Double) -> String? {
        guard w >= 1, h >= 1, w <= maxSide, h <= maxSide else {
            return "each side must be from 1 to \(Int(maxSide))"
        }
        guard w * h <= maxArea else { return "that is more than 7680×4320 in all" }
        return nil
    }

    /// The first event that changes the window size, if any (a video cannot follow it).
    public var firstResize: (index: Int, t: Double)? {
        guard let index = events.firstIndex(where: { if case .input(.resize) = $0.event { return true } else { return false } })
        else { return nil }
        return (index, events[index].t)
    }

    /// The script at another window size: positions and resizes scaled by the same factors,
    /// resizes kept within the size limits (a small script resizing to the largest window
    /// must not become larger still).
    public func scaled(to newSize: Size) -> InputScript {
        guard newSize != size, size.width > 0, size.height > 0 else { return self }
        let sx = newSize.width / size.width, sy = newSize.height / size.height
        func p(_ q: Point) -> Point { Point(x: q.x * sx, y: q.y * sy) }
        func s(_ z: Size) -> Size {
            var w = clamp((z.width * sx).rounded(), 1, Self.maxSide), h = clamp((z.height * sy).rounded(), 1, Self.maxSide)
            if w * h > Self.maxArea {
                let k = (Self.maxArea / (w * h)).squareRoot()
                w = max(1, (w * k).rounded(.down))
                h = max(1, (h * k).rounded(.down))
            }
            return Size(width: w, height: h)
        }
        var out = self
        out.size = newSize
        out.events = events.map { t, e in
            switch e {
            case .input(let event): return (t, .input(event.mapped(point: p, size: s)))
            case .click(let q): return (t, .click(p(q)))
            case .drag(let a, let b, let d): return (t, .drag(from: p(a), to: p(b), duration: d))
            }
        }
        return out
    }

    /// Number of frames the script renders.
    public var frameCount: Int {
        let seconds = duration.isNaN ? 0 : clamp(duration, 0, Self.maxSeconds)
        return max(1, Int((seconds * clamp(fps, Self.fpsRange.lowerBound, Self.fpsRange.upperBound)).rounded()))
    }

    // MARK: Reading

    public static func parse(_ data: Data, name: String) throws -> InputScript {
        guard data.count <= maxFileBytes else {
            throw FolioError.badInput("\(name): is larger than the \(maxFileBytes >> 20) MB allowed for a script.")
        }
        var reader = ScriptReader(name: name)
        return try reader.read(ScriptFile.decode(data, name: name))
    }
}

/// Reads a decoded script file into a `InputScript`, checking every field against the limits;
/// each failure is one sentence naming the file, the event and the field.
private struct ScriptReader {
    let name: String
    /// Drag seconds so far (the sum is bounded).
    var dragSeconds = 0.0

    func fail(_ what: String) -> FolioError { FolioError.badInput("\(name): \(what).") }

    func number(_ value: Double?, _ field: String, in range: ClosedRange<Double>, default fallback: Double) throws -> Double {
        guard let x = value else { return fallback }
        guard x.isFinite else { throw fail("\(field) must be a finite number") }
        guard range.contains(x) else {
            throw fail(
                "\(field) \(JSONValue.format(x)) is outside \(JSONValue.format(range.lowerBound))…\(JSONValue.format(range.upperBound))")
        }
        return x
    }

    func size(_ value: [Double]?, _ field: String) throws -> Size? {
        guard let a = value else { return nil }
        guard a.count == 2, case let (w, h) = (a[0], a[1]), w.isFinite, h.isFinite else {
            throw fail("\(field) must be [width, height]")
        }
        if let problem = InputScript.sizeProblem(width: w, height: h) {
            throw fail("\(field) \(JSONValue.format(w))×\(JSONValue.format(h)) is refused: \(problem)")
        }
        return Size(width: w, height: h)
    }

    func point(_ x: Double?, _ y: Double?, _ field: String) throws -> Point {
        guard let x, let y, x.isFinite, y.isFinite else { throw fail("\(field) must be numbers") }
        let m = InputScript.maxCoordinate
        guard abs(x) <= m, abs(y) <= m else {
            throw fail("\(field) (\(JSONValue.format(x)), \(JSONValue.format(y))) is outside ±\(Int(m)) points")
        }
        return Point(x: x, y: y)
    }

    func pair(_ value: [Double]?, _ field: String) throws -> Point {
        guard let a = value, a.count == 2 else { throw fail("\(field) must be [x, y]") }
        return try point(a[0], a[1], field)
    }

    mutating func read(_ file: ScriptFile) throws -> InputScript {
        var script = InputScript(duration: 0, events: [])
        if let s = try size(file.size, "size") { script.size = s }
        script.fps = try number(file.fps, "fps", in: InputScript.fpsRange, default: script.fps)
        if let start = file.start {
            func whole(_ value: Double?, _ field: String, _ range: ClosedRange<Double>) throws -> Int? {
                guard let value else { return nil }
                let x = try number(value, "start \(field)", in: range, default: 0)
                guard x == x.rounded() else { throw fail("start \(field) must be a whole number") }
                return Int(x)
            }
            let books = 0...Double(Library.maxBooks - 1)
            script.start = InputScript.Start(centred: try whole(start.centred, "centred", books) ?? 0,
                                 book: try whole(start.book, "book", books),
                                 spread: try whole(start.spread, "spread", -1...Double(Places.maxSpread)) ?? 0,
                                 reading: start.reading ?? false)
        }
        if let library = file.library {
            guard let identity = LibraryIdentity(stored: library) else {
                throw fail("library must be \"bundled\" or an absolute path of at most \(Places.maxPathBytes) bytes")
            }
            script.library = identity
        }
        let list = file.events ?? []
        guard list.count <= InputScript.maxEvents else {
            throw fail("events holds \(list.count), more than the \(InputScript.maxEvents) allowed")
        }
        script.events.reserveCapacity(list.count)
        var last = 0.0, end = 0.0
        for (index, item) in list.enumerated() {
            let (t, event) = try self.event(item, "event \(index)", after: last)
            last = t
            if case .drag(_, _, let d) = event { end = max(end, t + d) } else { end = max(end, t) }
            script.events.append((t, event))
        }
        if let duration = file.duration {
            guard duration.isFinite, duration > 0, duration <= InputScript.maxSeconds else {
                throw fail("duration must be a number of seconds above 0 and at most \(Int(InputScript.maxSeconds))")
            }
            script.duration = duration
        } else {
            script.duration = min(end + 1.5, InputScript.maxSeconds)
        }
        return script
    }

    mutating func event(_ item: ScriptFile.Event, _ at: String, after last: Double) throws -> (Double, InputScript.Event) {
        guard let t = item.t, t.isFinite else { throw fail("\(at) has no number t") }
        guard t >= 0 else { throw fail("\(at) has a negative t (\(JSONValue.format(t)))") }
        guard t <= InputScript.maxSeconds else {
            throw fail("\(at) has t \(JSONValue.format(t)), later than \(Int(InputScript.maxSeconds)) s")
        }
        guard t >= last else { throw fail("\(at) is out of time order (t \(JSONValue.format(t)) after \(JSONValue.format(last)))") }
        guard let type = item.type else { throw fail("\(at) has no string type") }
        var modifiers: Modifiers = []
        if item.ctrl == true { modifiers.insert(.ctrl) }
        if item.shift == true { modifiers.insert(.shift) }
        if item.alt == true { modifiers.insert(.alt) }
        switch type {
        case .key:
            guard let name = item.key else { throw fail("\(at) has no string key") }
            guard let key = Key(rawValue: name.lowercased()) else { throw fail("\(at) has an unknown key \"\(name)\"") }
            return (t, .input(.key(key, modifiers)))
        case .text:
            guard let text = item.text, !text.isEmpty else { throw fail("\(at) has no string text") }
            guard text.count <= InputScript.maxTextLength else {
                throw fail("\(at) types more than \(InputScript.maxTextLength) characters")
            }
            guard text.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control }) else {
                throw fail("\(at) types a control character")
            }
            return (t, .input(.text(text)))
        case .back: return (t, .input(.back))
        case .wheel:
            let step = -InputScript.maxWheelStep...InputScript.maxWheelStep
            let dx = try number(item.dx, "\(at) dx", in: step, default: 0)
            let dy = try number(item.dy, "\(at) dy", in: step, default: 0)
            return (t, .input(.wheel(dx: dx, dy: dy, modifiers: modifiers)))
        case .click: return (t, .click(try point(item.x, item.y, "\(at) x, y")))
        case .down: return (t, .input(.pointerDown(try point(item.x, item.y, "\(at) x, y"))))
        case .move: return (t, .input(.pointerMoved(try point(item.x, item.y, "\(at) x, y"))))
        case .up: return (t, .input(.pointerUp(try point(item.x, item.y, "\(at) x, y"))))
        case .leave: return (t, .input(.pointerLeft))
        case .touch:
            guard let name = item.phase, let phase = TouchPhase(rawValue: name) else {
                throw fail("\(at) has no phase down, move or up")
            }
            let finger = try number(item.finger, "\(at) finger", in: 0...Double(InputScript.maxFinger), default: 0)
            guard finger == finger.rounded() else { throw fail("\(at) has a finger that is not a whole number") }
            return (t, .input(.touch(phase, finger: Int(finger), at: try point(item.x, item.y, "\(at) x, y"))))
        case .drag:
            let from = try pair(item.from, "\(at) from")
            let to = try pair(item.to, "\(at) to")
            let d = item.duration ?? 0.3
            guard d.isFinite, d > 0, d <= InputScript.maxDragSeconds else {
                throw fail("\(at) has a drag duration outside 0…\(Int(InputScript.maxDragSeconds)) s")
            }
            guard t + d <= InputScript.maxSeconds else {
                throw fail("\(at) drags past \(Int(InputScript.maxSeconds)) s")
            }
            dragSeconds += d
            guard dragSeconds <= InputScript.maxSeconds else {
                throw fail("\(at) brings the drags to more than \(Int(InputScript.maxSeconds)) s in all")
            }
            return (t, .drag(from: from, to: to, duration: d))
        case .resize:
            guard let s = try size(item.size, "\(at) size") else { throw fail("\(at) has no size") }
            return (t, .input(.resize(s)))
        case .unknown(let name):
            throw fail("\(at) has an unknown type \"\(name)\"")
        }
    }
}
