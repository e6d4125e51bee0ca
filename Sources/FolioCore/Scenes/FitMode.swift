/// How the reading view fits the page (or spread) to the window (W cycles them, remembered
/// per book).
public enum FitMode: String, CaseIterable, Sendable {
    /// The whole page or spread in the window.
    case page
    /// As wide as the window: the wheel, the arrows and Space scroll down the page, then turn.
    case width
    /// As tall as the window.
    case height

    /// The next mode W brings.
    public var next: FitMode {
        switch self {
        case .page: return .width
        case .width: return .height
        case .height: return .page
        }
    }

    /// What the notice says as the mode changes.
    public var name: String {
        switch self {
        case .page: return "Fit: the whole page \u{2014} W"
        case .width: return "Fit: width (the wheel and arrows scroll, then turn) \u{2014} W"
        case .height: return "Fit: height \u{2014} W"
        }
    }
}
