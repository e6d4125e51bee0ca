/// Modifier keys held during an event.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1)
    public static let ctrl = Modifiers(rawValue: 2)
    public static let alt = Modifiers(rawValue: 4)
}
