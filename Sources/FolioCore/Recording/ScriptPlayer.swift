/// Plays a script into an app at a fixed time step: frame n happens at `start + n / fps`,
/// after every event up to that time. The same script always gives the same frames.
///
/// Every number is bounded here too (the frame rate to `InputScript.fpsRange`, start and
/// duration to `InputScript.maxSeconds`), so a script built in code cannot make it trap or
/// run for longer than an hour of frames; events are expanded as they are reached.
public struct ScriptPlayer {
    public let app: any ScriptedApp
    public let fps: Double
    public let frameCount: Int
    /// Seconds of the script skipped before the first frame (events still apply).
    public let start: Double
    private var timeline: ScriptTimeline
    public private(set) var frame = 0
    /// Measures a book the app opens (its page shape and spreads): the host's loader, or nil
    /// to leave books as loaded.
    public let measure: ((Book) -> Book)?

    public init(app: any ScriptedApp, script: InputScript, fps: Double? = nil, start: Double = 0, duration: Double? = nil,
                measure: ((Book) -> Book)? = nil) {
        self.measure = measure
        func bounded(_ x: Double, _ range: ClosedRange<Double>) -> Double {
            x.isNaN ? range.lowerBound : clamp(x, range.lowerBound, range.upperBound)
        }
        self.app = app
        self.fps = bounded(fps ?? script.fps, InputScript.fpsRange)
        self.start = bounded(start, 0...InputScript.maxSeconds)
        let length = duration.map { bounded($0, 0...InputScript.maxSeconds) }
            ?? bounded(script.duration, 0...InputScript.maxSeconds) - self.start
        frameCount = max(1, Int((length * self.fps).rounded()))
        timeline = ScriptTimeline(script: script)
    }

    /// Time of frame `n`, seconds from the script's start.
    public func time(ofFrame n: Int) -> Double { start + Double(n) / fps }

    /// Events started but not fully sent yet (drags in progress): what the player holds
    /// beyond the script itself.
    public var pendingEvents: Int { timeline.pendingCount }

    /// Applies the events due and advances the app to the next frame's time; nil when done.
    public mutating func advance() -> (frame: Int, t: Double)? {
        guard frame < frameCount else { return nil }
        if frame == 0 {
            app.update(at: 0)
            measureWanted()
            // Skipped seconds still run, at the frame rate, so state matches a full render.
            var t = 0.0
            while t + 1 / fps <= start + 1e-9 {
                t += 1 / fps
                apply(upTo: t)
                app.update(at: t)
                measureWanted()
            }
        }
        let t = time(ofFrame: frame)
        apply(upTo: t)
        app.update(at: t)
        measureWanted()
        defer { frame += 1 }
        return (frame, t)
    }

    private mutating func apply(upTo t: Double) {
        while let next = timeline.nextTime, next <= t + 1e-9, let (at, event) = timeline.next() {
            app.handle(event, at: at)
            measureWanted()
        }
    }

    /// Measures the books the app asked for at once, before the next frame, so a recording
    /// is the same however long measuring takes.
    public func measureWanted() {
        guard let measure else { return }
        for (index, book) in app.takeShapesWanted() { app.adopt(shape: measure(book), ofBook: index) }
    }
}

/// What a script is played into: input at its time, the clock, and the books it opens, to be
/// measured by the host. `FolioApp` is the one; the player needs nothing else of it.
public protocol ScriptedApp: AnyObject {
    func handle(_ event: InputEvent, at time: Double)
    func update(at time: Double)
    /// The books opened since the last call whose shapes were never measured.
    func takeShapesWanted() -> [(index: Int, book: Book)]
    /// Takes book `index` as measured (its page shape and spreads).
    func adopt(shape measured: Book, ofBook index: Int)
}

extension FolioApp: ScriptedApp {}
