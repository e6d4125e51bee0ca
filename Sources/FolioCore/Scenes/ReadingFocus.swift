/// Which page of the spread the reading view shows when it shows one page at a time, and
/// the slide from one to the other. A leaf turned forward brings the next spread's left page;
/// turned back, the previous spread's right page; a page asked for by side comes with a
/// slide of `duration` seconds.
public struct ReadingFocus: Equatable, Sendable {
    public private(set) var side: PageSide = .left
    /// −1 at the left page, 1 at the right one, between them while sliding.
    public private(set) var value = -1.0
    private var slide = Glide(at: -1.0)
    /// The leaf the side belongs to.
    private var leaf = 0

    public static let duration = 0.3
    static let curve = TimingCurve.easeInOut(duration: duration)

    public init() {}

    /// At rest on leaf `leaf`'s left page, or on the cover alone (leaf −1, the right page).
    public init(leaf: Int) {
        self.leaf = leaf
        if leaf < 0 {
            side = .right
            value = 1
            slide = Glide(at: 1.0)
        }
    }

    var target: Double { side == .left ? -1 : 1 }
    public var isSliding: Bool { value != target }

    /// Reads the `side` page of leaf `leaf`, sliding from where the view is.
    mutating func read(_ side: PageSide, leaf: Int, at time: Double) {
        self.leaf = leaf
        guard side != self.side else { return }
        self.side = side
        slide.retarget(from: value, to: target, motion: ReadingFocus.curve, at: time)
    }

    /// Rests on the `side` page of leaf `leaf` at once (a book opening at the page last read).
    mutating func settle(_ side: PageSide, leaf: Int) {
        self.leaf = leaf
        self.side = side
        value = target
        slide = Glide(at: target)
    }

    /// Follows the leaf the book is at (a turn forward reads the left page, back the right),
    /// and moves the slide on to `time`.
    mutating func update(leaf now: Int, at time: Double) {
        if now != leaf { read(now > leaf ? .left : .right, leaf: now, at: time) }
        guard isSliding else { return }
        value = slide.value(at: time)
    }
}
