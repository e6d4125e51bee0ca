/// What the app remembers to decide its text: the first-run hint, the page indicator's clock,
/// the notice and whether input is being captured (the list of keys, a find and a typed page
/// number are modal contexts of their own). Times are the app's real time
/// (seconds, injected), so slow motion does not slow the fades.
public struct OnScreenText: Sendable {
    /// Input is being captured to a script (the live viewer sets it; R).
    public var capturing = false
    /// A line that shows for a few seconds, top left (where a capture was saved, the page
    /// mode chosen), and when it was set.
    var notice: (text: String, at: Double)?
    /// When the first book was opened (the hint then fades), or nil.
    var hintDismissedAt: Double?
    /// When the page indicator last had a reason to show (a turn, the book opening).
    var pageShownAt: Double?
    /// The place the indicator last showed: the book and the display pages the reader was at.
    var spread: (book: Int, pages: [Int])?

    /// The page indicator stays this long after the last turn, then fades for `fadeTime`.
    public static let pageHoldTime = 1.0
    public static let fadeTime = 0.4
    /// A notice stays this long, then fades.
    public static let noticeHoldTime = 4.0
    /// What the first-run hint says.
    public static let hint = "Scroll up or press Enter to open"

    /// Opacity of something shown until `since + hold`, then faded out over `fadeTime`: a
    /// glide from 1 to 0 begun then.
    static func fading(since: Double?, hold: Double, at time: Double) -> Double {
        guard let since else { return 0 }
        return Glide(from: 1.0, to: 0.0, motion: Ramp(duration: fadeTime), start: since + hold).value(at: time)
    }

    /// The page indicator's opacity at `time`.
    public func pageOpacity(at time: Double) -> Double {
        OnScreenText.fading(since: pageShownAt, hold: OnScreenText.pageHoldTime, at: time)
    }

    /// The first-run hint's opacity at `time`: whole until a book opens, then fading.
    public func hintOpacity(at time: Double) -> Double {
        hintDismissedAt == nil ? 1 : OnScreenText.fading(since: hintDismissedAt, hold: 0, at: time)
    }

    /// The notice's opacity at `time`.
    public func noticeOpacity(at time: Double) -> Double {
        OnScreenText.fading(since: notice?.at, hold: OnScreenText.noticeHoldTime, at: time)
    }

    /// True while a fade is under way (the viewer must keep drawing).
    func isChanging(at time: Double) -> Bool {
        let page = pageOpacity(at: time), hint = hintOpacity(at: time)
        return (page > 0) || (hint > 0 && hint < 1) || noticeOpacity(at: time) > 0
    }

    /// Notes the open book's spread each frame: a turn, or a new book, shows the indicator.
    mutating func noteSpread(book: Int, pages: [Int], moving: Bool, at time: Double) {
        if moving || spread?.book != book || spread?.pages != pages { pageShownAt = time }
        spread = (book, pages)
    }

    /// No book open: the next one shows its indicator as it opens.
    mutating func noteClosed() {
        spread = nil
        pageShownAt = nil
    }

    mutating func noteOpened(at time: Double) {
        if hintDismissedAt == nil { hintDismissedAt = time }
    }
}
