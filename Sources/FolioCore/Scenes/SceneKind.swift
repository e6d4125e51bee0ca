/// A scene's name on the navigation stack, as the state trace and a capture write it.
/// Open to new scenes: a registered scene names its own.
public struct SceneKind: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let shelf = SceneKind(rawValue: "shelf")
    public static let book = SceneKind(rawValue: "book")
    public static let reading = SceneKind(rawValue: "reading")

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}
