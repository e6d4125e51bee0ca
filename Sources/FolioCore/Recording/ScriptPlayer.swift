/// Plays a script into an app at a fixed time step: frame n happens at `start + n / fps`,
/// after every event up to that time. The same script always gives the same frames.
public struct ScriptPlayer {
    public let app: FolioApp
    public let fps: Double
    public let frameCount: Int
    /// Seconds of the script skipped before the first frame (events still apply).
    public let start: Double
    private let timeline: [(t: Double, event: InputEvent)]
    private var nextEvent = 0
    public private(set) var frame = 0

    public init(app: FolioApp, script: DemoScript, fps: Double? = nil, start: Double = 0, duration: Double? = nil) {
        self.app = app
        self.fps = fps ?? script.fps
        self.start = max(0, start)
        let length = (duration ?? script.duration) - (duration == nil ? self.start : 0)
        frameCount = max(1, Int((length * self.fps).rounded()))
        timeline = script.timeline()
    }

    /// Time of frame `n`, seconds from the script's start.
    public func time(ofFrame n: Int) -> Double { start + Double(n) / fps }

    /// Applies the events due and advances the app to the next frame's time; nil when done.
    public mutating func advance() -> (frame: Int, t: Double)? {
        guard frame < frameCount else { return nil }
        if frame == 0 {
            app.update(at: 0)
            // Skipped seconds still run, at the frame rate, so state matches a full render.
            var t = 0.0
            while t + 1 / fps <= start + 1e-9 {
                t += 1 / fps
                apply(upTo: t)
                app.update(at: t)
            }
        }
        let t = time(ofFrame: frame)
        apply(upTo: t)
        app.update(at: t)
        defer { frame += 1 }
        return (frame, t)
    }

    private mutating func apply(upTo t: Double) {
        while nextEvent < timeline.count, timeline[nextEvent].t <= t + 1e-9 {
            app.handle(timeline[nextEvent].event, at: timeline[nextEvent].t)
            nextEvent += 1
        }
    }
}
