/// Which frames of a recording go into a GIF, and how long each one shows.
///
/// GIF delays are whole hundredths of a second, and players stretch delays under 2/100 s to
/// 1/10 s, so a GIF runs at 100/n frames a second (n ≥ 2), each frame the recording's
/// latest frame at or before its time. The last delay takes up the remainder, so the delays
/// add up to the recording's length (rounded to a hundredth of a second).
public struct GIFTiming: Equatable, Sendable {
    /// Hundredths of a second a frame shows (all but the last).
    public let hundredths: Int
    /// Frames in the GIF.
    public let frameCount: Int
    /// Hundredths of a second the last frame shows: 2 … hundredths + 1.
    public let finalDelay: Int
    /// The recording's frame rate, frames per second.
    public let sourceFPS: Double

    /// `sourceFrames` frames at `fps`; the GIF runs at most `maxRate` frames a second
    /// (and never faster than the recording or 50 fps).
    public init(fps: Double, sourceFrames: Int, maxRate: Double = 25) {
        let fps = fps.isFinite && fps > 0 ? fps : 1
        sourceFPS = fps
        let fastest = max(2, (100 / max(1, min(maxRate, 50))).rounded(.up))
        hundredths = Int(max(fastest, (100 / fps).rounded(.up)))
        let total = max(2, Int((Double(max(1, sourceFrames)) / fps * 100).rounded()))
        let whole = total / hundredths, rest = total % hundredths
        switch (whole, rest) {
        case (_, 0): (frameCount, finalDelay) = (whole, hundredths)
        case (0, _): (frameCount, finalDelay) = (1, total)
        case (_, 1): (frameCount, finalDelay) = (whole, hundredths + 1)
        default: (frameCount, finalDelay) = (whole + 1, rest)
        }
    }

    /// GIF frames per second.
    public var rate: Double { 100 / Double(hundredths) }

    /// Hundredths of a second the whole GIF lasts.
    public var totalHundredths: Int { (frameCount - 1) * hundredths + finalDelay }

    /// The recording's frame shown as GIF frame `j`: the latest at or before its time.
    public func sourceFrame(_ j: Int) -> Int {
        Int((Double(j * hundredths) * sourceFPS / 100 + 1e-9).rounded(.down))
    }

    /// Whether the recording's frame `i` is one of the GIF's.
    public func includes(_ i: Int) -> Bool {
        let guess = Int((Double(i) * 100 / (Double(hundredths) * sourceFPS)).rounded(.up))
        return (guess - 1...guess + 1).contains { $0 >= 0 && $0 < frameCount && sourceFrame($0) == i }
    }
}
