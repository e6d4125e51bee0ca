/// How many pages the reading view shows side by side (D cycles them, remembered per book).
public enum PageMode: String, CaseIterable, Sendable {
    /// One page in a window taller than wide; else two when each then shows at least 85 % as
    /// large as one alone, else one.
    case automatic
    case one
    case two

    /// The pages side by side for `layout`'s pages in its window.
    public func pages(_ layout: BookLayout) -> Int {
        switch self {
        case .automatic: return layout.automaticReadingPages
        case .one: return 1
        case .two: return 2
        }
    }

    /// The next mode D brings: automatic, one, two, automatic.
    public var next: PageMode {
        switch self {
        case .automatic: return .one
        case .one: return .two
        case .two: return .automatic
        }
    }

    /// What the notice says as the mode changes, for a book whose automatic choice is
    /// `automaticPages`.
    public func name(automaticPages: Int) -> String {
        switch self {
        case .automatic: return "Pages: automatic (\(automaticPages == 1 ? "one" : "two") here) \u{2014} D"
        case .one: return "Pages: one at a time \u{2014} D"
        case .two: return "Pages: two side by side \u{2014} D"
        }
    }
}
