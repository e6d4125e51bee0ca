/// Push (shelf → book) or pop (book → shelf).
public enum NavigationOperation: String, Codable, Sendable {
    case push, pop
}
