/// The app's two clocks: the last real time given to it (seconds) and the animation clock
/// derived from it, which runs `FolioApp.slowMotionFactor` times slower in slow motion and
/// steps at most `FolioApp.maxStep` at once (a stalled frame does not jump).
struct AppClock {
    private(set) var time = 0.0
    private(set) var animationTime = 0.0
    /// Animations run `FolioApp.slowMotionFactor` times slower.
    var slowMotion = false
    private var started = false

    /// Moves both clocks to real time `t` (never back); the animation clock runs `speed`
    /// times faster (the arrival of `folio BOOK`).
    mutating func advance(to t: Double, speed: Double = 1) {
        if !started {
            started = true
            time = t
        }
        let step = min(max(t - time, 0), FolioApp.maxStep)
        time = max(time, t)
        animationTime += (slowMotion ? step / FolioApp.slowMotionFactor : step) * speed
    }
}
