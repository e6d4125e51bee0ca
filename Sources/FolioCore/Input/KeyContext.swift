/// Where a key binding applies.
public enum KeyContext: String, Sendable, CaseIterable {
    /// The shelf, at rest or scrolling.
    case shelf
    /// While a find on the shelf shows (before the window's keys: S, R, F and Q type).
    case find
    /// An open book, in 3D.
    case book
    /// The reading view: the open book flat, filling the window.
    case reading
    /// While a book opens or closes, or goes flat or back to 3D.
    case transition
    /// Everywhere in the window.
    case anywhere
    /// While the thumbnail strip shows in a book (before the book's keys).
    case strip
    /// While the list of keys shows (before any other context).
    case help
}
