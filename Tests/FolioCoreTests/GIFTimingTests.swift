import Testing
@testable import FolioCore
@testable import FolioLibrary

/// A GIF's frames and delays: a rate GIF can express, delays adding up to the recording's
/// length, and each frame the recording's latest at or before its time.
struct GIFTimingTests {
    /// (fps, frames, max rate) → (hundredths a frame, GIF frames, last delay)
    @Test(arguments: [
        (60.0, 960, 25.0, 4, 400, 4),   // the built-in demo: 16 s at 25 fps
        (60.0, 960, 50.0, 2, 800, 2),   // --fps 60 asks for more: 50 fps
        (60.0, 960, 10.0, 10, 160, 10), // the demo at 1280×800: 10 fps
        (60.0, 960, 100.0 / 7, 7, 229, 4), // 100/7 fps: 228 × 7 + 4
        (30.0, 30, 25.0, 4, 25, 4),
        (20.0, 31, 50.0, 5, 31, 5),     // 20 fps is a rate GIF can say
        (30.0, 31, 25.0, 4, 26, 3),     // 1.0333 s → 103 hundredths: 25 × 4 + 3
        (60.0, 61, 25.0, 4, 26, 2),     // 1.0167 s → 102 hundredths: 25 × 4 + 2
        (100.0, 101, 25.0, 4, 25, 5),   // 1.01 s: the 1 hundredth left over joins the last delay
        (10.0, 1, 25.0, 10, 1, 10),
        (240.0, 1, 25.0, 4, 1, 2),      // shorter than any delay: one frame, the shortest delay
        (7.0, 10, 25.0, 15, 10, 8),     // 1.4286 s → 143 hundredths: 9 × 15 + 8
    ])
    func rateFramesAndLastDelay(fps: Double, frames: Int, maxRate: Double, hundredths: Int, count: Int, last: Int) {
        let t = GIFTiming(fps: fps, sourceFrames: frames, maxRate: maxRate)
        #expect(t.hundredths == hundredths)
        #expect(t.frameCount == count)
        #expect(t.finalDelay == last)
    }

    @Test(arguments: [24.0, 25, 29.97, 30, 50, 59.94, 60, 120, 240, 1, 7, 13.5], [1, 2, 31, 61, 100, 959, 960, 1001])
    func delaysAddUpAndFramesAreTheLatestShown(fps: Double, frames: Int) {
        for maxRate in [25.0, 50] {
            let t = GIFTiming(fps: fps, sourceFrames: frames, maxRate: maxRate)
            // A rate GIF can express and players keep: whole hundredths, at least 2.
            #expect(t.hundredths >= 2 && Double(t.hundredths) >= 100 / maxRate - 1e-9)
            #expect(t.finalDelay >= 2 && t.finalDelay <= t.hundredths + 1)
            // The delays add up to the recording's length, to the hundredth.
            #expect(t.totalHundredths == max(2, Int((Double(frames) / fps * 100).rounded())))
            // Every GIF frame is a recording frame, in order, the latest at or before its time.
            let chosen = (0..<t.frameCount).map(t.sourceFrame)
            #expect(chosen.first == 0)
            #expect(zip(chosen, chosen.dropFirst()).allSatisfy { $0 < $1 })
            #expect(chosen.allSatisfy { $0 < frames })
            for (j, i) in chosen.enumerated() {
                let time = Double(j * t.hundredths) / 100
                #expect(Double(i) / fps <= time + 1e-9 && Double(i + 1) / fps > time - 1e-9)
            }
            // includes(_:) agrees with the list.
            #expect((0..<frames).filter(t.includes) == chosen)
        }
    }
}
