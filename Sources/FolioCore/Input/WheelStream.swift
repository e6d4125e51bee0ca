/// Wheel events as streams: a roll goes on while its events come less than `pause` apart.
/// The app asks where a roll began, so that a roll that carried the book into the reading
/// view ends there instead of turning its pages or zooming (the hand is still rolling).
struct WheelStream {
    /// Seconds without a wheel event that end a roll.
    static let pause = 0.3

    private var lastEvent: Double?
    /// The scene on top, at rest, when the roll began (nil: a transition was running).
    private weak var origin: AnyObject?

    /// A wheel event at `time` (real seconds), `top` the scene at rest on top (nil mid-
    /// transition): the scene the roll it belongs to began on.
    mutating func roll(at time: Double, on top: AnyObject?) -> AnyObject? {
        if let last = lastEvent, time - last < WheelStream.pause {
            lastEvent = time
            return origin
        }
        lastEvent = time
        origin = top
        return top
    }
}
