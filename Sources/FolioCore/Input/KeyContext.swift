/// Where a key binding applies.
public enum KeyContext: String, Sendable, CaseIterable {
    /// The shelf, at rest or scrolling.
    case shelf
    /// An open book.
    case book
    /// While a book opens or closes.
    case transition
    /// Everywhere in the window.
    case anywhere
    /// While the list of keys shows (before any other context).
    case help
}
